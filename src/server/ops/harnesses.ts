import { HarnessesRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

/** The harnesses a launch at a folder can use, as the server's registry there says now: a dialog's list. */
export const harnesses: Op<"harnesses"> = {
  op: "harnesses",
  schema: HarnessesRequest,
  run: (ctx, r) => ctx.table.harnesses(r.cwd),
};

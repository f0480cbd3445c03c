import { WriteRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

export const write: Op<"write"> = {
  op: "write",
  schema: WriteRequest,
  run(ctx, r) {
    ctx.table.native(r.session).write(r.data);
    return {};
  },
};

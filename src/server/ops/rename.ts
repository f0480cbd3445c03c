import { RenameRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

export const rename: Op<"rename"> = {
  op: "rename",
  schema: RenameRequest,
  run: (ctx, r) => ({ session: ctx.table.rename(r.session, r.name) }),
};

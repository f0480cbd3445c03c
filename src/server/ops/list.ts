import { ListRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

export const list: Op<"list"> = {
  op: "list",
  schema: ListRequest,
  run: (ctx) => ({ sessions: ctx.table.list() }),
};

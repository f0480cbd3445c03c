import { KillRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

export const kill: Op<"kill"> = {
  op: "kill",
  schema: KillRequest,
  run: async (ctx, r) => ({ session: await ctx.table.kill(r.session) }),
};

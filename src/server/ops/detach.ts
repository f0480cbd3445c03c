import { DetachRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

export const detach: Op<"detach"> = {
  op: "detach",
  schema: DetachRequest,
  run(ctx, r) {
    const watching = ctx.client.watching;
    const ids = r.session === undefined ? [...watching.keys()] : [ctx.table.resolve(r.session).id];
    for (const id of ids) {
      watching.get(id)?.();
      watching.delete(id);
    }
    return { detached: ids };
  },
};

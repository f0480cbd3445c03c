import { CreateRequest } from "../../protocol/requests.js";
import { launchError, openingAllowed } from "./launch-error.js";
import type { Op } from "./op.js";

export const create: Op<"create"> = {
  op: "create",
  schema: CreateRequest,
  async run(ctx, r) {
    openingAllowed(ctx.stopping());
    const created = await ctx.table
      .create({ harness: r.harness, cwd: r.cwd, options: r.options }, r.name)
      .catch((err: unknown) => {
        throw launchError(err);
      });
    return { session: created.summary, notes: [...created.notes] };
  },
};

import { CreateNativeRequest } from "../../protocol/requests.js";
import { launchError, openingAllowed } from "./launch-error.js";
import type { Op } from "./op.js";

export const createNative: Op<"create-native"> = {
  op: "create-native",
  schema: CreateNativeRequest,
  async run(ctx, r) {
    openingAllowed(ctx.stopping());
    const options = { ...(r.endpoint ? { endpoint: r.endpoint } : {}), ...(r.model ? { model: r.model } : {}) };
    const created = await ctx.table
      .create({ harness: r.kind, cwd: r.cwd, options, native: { cols: r.cols, rows: r.rows } }, r.name)
      .catch((err: unknown) => {
        throw launchError(err);
      });
    return { session: created.summary, notes: [...created.notes] };
  },
};

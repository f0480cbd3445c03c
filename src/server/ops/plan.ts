import { PlanRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";

/** A dry run of a create: the launch decision the table's launcher would make, nothing opened. */
export const plan: Op<"plan"> = {
  op: "plan",
  schema: PlanRequest,
  async run(ctx, r) {
    const spec = { harness: r.harness, cwd: r.cwd, options: r.options };
    // A native spec carries its pty's size; the decision does not depend on it.
    return { plan: await ctx.table.plan(r.native ? { ...spec, native: { cols: 80, rows: 24 } } : spec) };
  },
};

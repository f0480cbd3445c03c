import type { OpContext } from "./op.js";

/** A session's control state to the asking client as it changes (its inspector shows it). */
export function watchControl(ctx: OpContext, id: string) {
  return ctx.table.watchControl(id, (control) => ctx.send({ kind: "control", session: id, control }));
}

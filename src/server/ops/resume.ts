import type { SessionEvent } from "../../core/control/types.js";
import { ResumeRequest } from "../../protocol/requests.js";
import { launchError, openingAllowed } from "./launch-error.js";
import type { Op } from "./op.js";
import { watchControl } from "./watch-control.js";

export const resume: Op<"resume"> = {
  op: "resume",
  schema: ResumeRequest,
  async run(ctx, r) {
    openingAllowed(ctx.stopping(), "nothing is resumed");
    const table = ctx.table;
    // Watching starts before the harness does, so the resumed session's first event reaches this client.
    const id = table.has(r.session) ? table.resolve(r.session).id : r.session;
    const forward = (event: SessionEvent) => ctx.send({ kind: "event", session: id, event });
    if (r.attach) ctx.client.watching.get(id)?.();
    const resumed = await table.resume(r.session, r.attach ? forward : undefined).catch((err: unknown) => {
      throw launchError(err);
    });
    if (r.attach) {
      const control = watchControl(ctx, resumed.summary.id);
      if (control.current) ctx.send({ kind: "control", session: id, control: control.current });
      ctx.client.watching.set(resumed.summary.id, () => {
        resumed.stop();
        control.stop();
      });
    }
    return { session: resumed.summary, notes: [...resumed.notes] };
  },
};

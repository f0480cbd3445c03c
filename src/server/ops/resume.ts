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
    const feed = r.attach ? ctx.feed(id) : null;
    if (r.attach) ctx.client.watching.get(id)?.();
    const resumed = await table.resume(r.session, feed?.hear).catch((err: unknown) => {
      feed?.stop();
      throw launchError(err);
    });
    if (feed) {
      // From the first event it heard, which the watch saw already; sent behind this reply.
      ctx.afterReply(() => feed.start(null, resumed.source));
      const control = watchControl(ctx, resumed.summary.id);
      if (control.current) ctx.send({ kind: "control", session: id, control: control.current });
      ctx.client.watching.set(resumed.summary.id, () => {
        resumed.stop();
        feed.stop();
        control.stop();
      });
    }
    return { session: resumed.summary, notes: [...resumed.notes] };
  },
};

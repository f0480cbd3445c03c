/**
 * The one attach: the TUI's panes and `hmux attach` watch a session through it. The session's kept
 * events are taken and the watch begins in one synchronous call, so the replay travels in the reply
 * (`events`, with `times`: when each was emitted, on the clock whose `now` the reply carries) and the
 * client decodes it once. A native session's reply also carries its screen (`screen`: the bytes
 * that draw it, for a terminal of its size). Whatever arrives before the reply is written is sent
 * right behind it: output chunks (native-feed.ts) and control changes held in order, events from the kept ring
 * (session-feed.ts), each with its `at`, so the client sees each exactly once, after the reply;
 * then everything is sent as it comes. The client's next request waits until the held messages
 * have left: a replay of a whole window is megabytes, and a slow reader is waited for.
 */
import type { SessionEvent } from "../../core/control/types.js";
import type { OutgoingMessage } from "../../protocol/messages.js";
import { AttachRequest } from "../../protocol/requests.js";
import type { NativeWatch } from "../native-channel.js";
import type { Op } from "./op.js";

export const attach: Op<"attach"> = {
  op: "attach",
  schema: AttachRequest,
  async run(ctx, r) {
    const table = ctx.table;
    const id = table.resolve(r.session).id;
    ctx.client.watching.get(id)?.();
    const events: SessionEvent[] = [];
    const times: number[] = [];
    const held: OutgoingMessage[] = [];
    let live = false;
    const pass = (message: OutgoingMessage) => {
      if (live) ctx.send(message);
      else held.push(message);
    };
    const native = table.isNative(id);
    // Output first: the screen covers exactly the chunks this watch does not get.
    const output = native ? ctx.nativeFeed(id, table.native(id)) : null;
    const feed = ctx.feed(id);
    let replaying = true;
    const watch = table.watch(
      id,
      (event, at, seq) => {
        if (!replaying) return feed.hear(event, at, seq);
        events.push(event);
        times.push(at);
      },
      r.replay,
    );
    replaying = false;
    const control = native
      ? null
      : table.watchControl(id, (state) => pass({ kind: "control", session: id, control: state }));
    const stop = () => {
      watch.stop();
      feed.stop();
      output?.stop();
      control?.stop();
    };
    ctx.client.watching.set(id, stop);
    const unwatch = () => {
      stop();
      ctx.client.watching.delete(id);
    };
    const screen = output ? await screenOf(output, unwatch) : undefined;
    ctx.afterReply(async () => {
      feed.start(watch.next, watch.source);
      output?.start();
      await ctx.sendAll(held);
      live = true;
    });
    return {
      session: native ? table.resolve(id) : watch.summary,
      replayed: watch.replayed,
      truncated: watch.dropped,
      now: watch.now,
      events,
      times,
      control: control?.current ?? null,
      ...(screen ? { screen } : {}),
    };
  },
};

/** A native session's screen as the wire carries it (base64); a failure to make it ends the watch. */
async function screenOf(output: Pick<NativeWatch, "screen">, unwatch: () => void) {
  try {
    const screen = await output.screen;
    return { cols: screen.cols, rows: screen.rows, data: Buffer.from(screen.data, "utf8").toString("base64") };
  } catch (err) {
    unwatch();
    throw err;
  }
}

/**
 * One client's watch of a native session's output, bounded as an event watch is (session-feed.ts):
 * raw pty bytes have no ring to be sent from later, so once the client is behind (client-outbox.ts)
 * the watch lets go of the stream, and when the client has room again it is sent the screen as it
 * is now — after a terminal reset (RIS), so its emulator starts over from it as an attaching one
 * does — then the chunks that followed. The server holds nothing for it meanwhile.
 */
import type { OutgoingMessage } from "../protocol/messages.js";
import type { ClientOutbox } from "./client-outbox.js";
import type { NativeChannel, NativeWatch } from "./native-channel.js";

/** ESC c: a full reset, so the screen that follows draws on a blank terminal with its modes off. */
const RESET = "\u001bc";

export class NativeFeed {
  private watch: NativeWatch;
  /** Chunks held behind a screen not written yet (an attach's, a repaint's); null once live. */
  private held: OutgoingMessage[] | null = [];
  private stopped = false;

  constructor(
    private readonly session: string,
    private readonly channel: NativeChannel,
    private readonly outbox: ClientOutbox,
  ) {
    this.watch = channel.watch(this.hear);
  }

  /** The screen the first watch covers: what an attach's reply carries. */
  get screen(): NativeWatch["screen"] {
    return this.watch.screen;
  }

  /**
   * Sends the chunks held behind the attach's reply (the few that came while its screen was made),
   * and from then on each as it comes.
   */
  start(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const message of held) this.outbox.send(message);
  }

  stop(): void {
    this.stopped = true;
    this.watch.stop();
  }

  private readonly hear = (chunk: Uint8Array): void => {
    if (this.stopped) return;
    const message: OutgoingMessage = {
      kind: "output",
      session: this.session,
      data: Buffer.from(chunk).toString("base64"),
    };
    if (this.held) {
      this.held.push(message);
      return;
    }
    if (this.outbox.hasRoom) return this.outbox.send(message);
    // Behind: what it missed is drawn again once it has read what waits.
    this.watch.stop();
    this.held = [];
    this.outbox.whenRoom(this.repaint);
  };

  private readonly repaint = (): void => {
    if (this.stopped) return;
    this.held = [];
    this.watch = this.channel.watch(this.hear);
    this.watch.screen.then(
      (screen) => {
        if (this.stopped) return;
        const held = this.held ?? [];
        this.held = null;
        const data = Buffer.from(RESET + screen.data, "utf8").toString("base64");
        this.outbox.send({ kind: "output", session: this.session, data });
        for (const message of held) this.outbox.send(message);
      },
      () => this.stop(),
    );
  };
}

/**
 * What the server writes to one client, with a bound on what waits for it. Replies and the
 * connection's own lines (hello, bye) are always written, in order. A client that reads slower
 * than the server writes (a TUI busy drawing a burst, a slow ssh link) is *behind* once
 * `laggingBytes` wait in its socket's buffer; from then on:
 * - the rows of the table and each session's control state are state, not history: only the newest
 *   of each waits (a row first created and then changed still arrives as created), and they go
 *   once the client has read what waited;
 * - a session's events are not queued at all: each watch (session-feed.ts) keeps only the number
 *   of the next event its client is to get, and sends them from the session's kept events once
 *   there is room again.
 * So what the server holds for a client that stops reading is `laggingBytes` and a line or two
 * past it, not the stream. A client whose buffer still passes `maxBufferedBytes` (one that asks
 * and never reads its replies) is dropped, since a reply cannot be left out.
 *
 * What a client is sent leaves in few writes (Flusher): a reply, hello, bye, error or native
 * output at the end of the event loop's turn, with whatever waited before it; a session's events,
 * table rows and control states at most EVENT_FLUSH_MS after the first of them. 32 sessions
 * streaming 10 events a second each, which come one by one, were 320 writes (system calls) a
 * second to every attached client, and as many wake-ups of each client. The lines wait here, in
 * order, and leave joined as one string: a write per line into a corked socket cost the stream's
 * bookkeeping for each line, at every write and again at the writev.
 */
import type { Duplex } from "node:stream";
import type { Clock } from "../core/exec/ports.js";
import type { OutgoingMessage } from "../protocol/messages.js";

/** A client's connection: the server's socket, or one end of an in-process pair (in-process.ts). */
export type ClientStream = Duplex & { destroySoon?: () => void };

/** Bytes that may wait for a client before it counts as behind. */
export const DEFAULT_LAGGING_BYTES = 1024 * 1024;
/**
 * How long a session's events, table rows and control states may wait to leave together: a TUI
 * shows them at most every 80 ms (ui.commitMs), so a person never sees this, while every flush
 * costs the server a system call and the client a wake-up.
 */
export const EVENT_FLUSH_MS = 16;
/** Lines that leave at the end of the turn: someone waits for a reply, and native output is keystrokes' echo. */
const PROMPT_KINDS: ReadonlySet<OutgoingMessage["kind"]> = new Set(["hello", "reply", "output", "error", "bye"]);
/** Bytes an attach's replay lets wait for a client before it waits for the client to read. */
const REPLAY_HIGH_WATER = 4 * 1024 * 1024;

export interface OutboxLimits {
  readonly laggingBytes: number;
  readonly maxBufferedBytes: number;
}

export class ClientOutbox {
  /** Lines not yet handed to the socket, oldest first, and their length (as the socket counts a string: in characters). */
  private pending: string[] = [];
  private pendingLength = 0;
  /** The newest state message of each row or session that waits for room, by what it describes. */
  private readonly states = new Map<string, OutgoingMessage>();
  /** Called once, in order, when the client has room again. */
  private waiters: (() => void)[] = [];
  private waitingForRoom = false;
  private readonly laggingBytes: number;

  constructor(
    private readonly socket: ClientStream,
    private readonly limits: OutboxLimits,
    private readonly flusher: Flusher,
  ) {
    // Past the stream's high-water mark a write asks for 'drain', the signal that room came back.
    this.laggingBytes = Math.max(limits.laggingBytes, socket.writableHighWaterMark);
  }

  /** Bytes written and not yet taken by the client's connection (those waiting to leave included). */
  get queuedBytes(): number {
    return this.socket.writableLength + this.pendingLength;
  }

  /** Whether more may be written now without the client falling behind. */
  get hasRoom(): boolean {
    return !this.socket.destroyed && this.queuedBytes < this.laggingBytes;
  }

  /** Hands what waits to the socket, in one write. */
  flush(): void {
    if (this.pendingLength === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.pendingLength = 0;
    if (!this.socket.destroyed) this.socket.write(lines.length === 1 ? lines[0]! : lines.join(""));
  }

  /**
   * A message the client must get, in order with the other such messages. A row of the table or
   * a session's control state is state, and waits as its newest only while the client is behind.
   */
  send(message: OutgoingMessage): void {
    if (message.kind === "table") return this.sendState(`table:${message.session.id}`, message);
    if (message.kind === "control") return this.sendState(`control:${message.session}`, message);
    this.write(`${JSON.stringify(message)}\n`, PROMPT_KINDS.has(message.kind));
  }

  /** A line already encoded (a session's event): it leaves within EVENT_FLUSH_MS, with the lines around it. */
  writeLine(line: string): void {
    this.write(line, false);
  }

  /**
   * Queues a line to leave at the end of the turn (`prompt`) or within EVENT_FLUSH_MS; a socket's
   * high-water mark of them leaves at once, so a burst reaches the socket's own bound (and its
   * 'drain') as it did when each line was written.
   */
  private write(line: string, prompt: boolean): void {
    const socket = this.socket;
    if (socket.destroyed) return;
    if (this.queuedBytes > this.limits.maxBufferedBytes) {
      // A client that does not read even its replies cannot make the server hold them.
      this.pending = [];
      this.pendingLength = 0;
      socket.destroy();
      return;
    }
    this.pending.push(line);
    this.pendingLength += line.length;
    if (this.pendingLength >= socket.writableHighWaterMark) this.flush();
    else this.flusher.due(this, prompt);
  }

  /** Calls `then` once the client has room again (at once, in the next turn, when it has now). */
  whenRoom(then: () => void): void {
    this.waiters.push(then);
    if (this.waitingForRoom) return;
    this.waitingForRoom = true;
    void this.roomAgain();
  }

  /**
   * Sends messages in order, waiting for the client to read whenever a few MB wait for it: an
   * attach's replay is as long as the session's window, and a slow reader must not be dropped for
   * it as one that stopped reading is. Resolves once what waits has left.
   */
  async sendAll(held: readonly OutgoingMessage[]): Promise<void> {
    const socket = this.socket;
    const high = Math.min(REPLAY_HIGH_WATER, this.limits.maxBufferedBytes / 2);
    for (let i = 0; i < held.length; ) {
      while (i < held.length && this.queuedBytes < high) this.send(held[i++]!);
      if (socket.destroyed) return;
      this.flush();
      if (i < held.length) await roomIn(socket);
    }
    this.flush();
    await drained(socket);
  }

  private sendState(key: string, message: OutgoingMessage): void {
    if (this.states.size === 0 && this.hasRoom) return this.writeLine(`${JSON.stringify(message)}\n`);
    const before = this.states.get(key);
    // A row the client has not heard of yet is still new to it when it has changed since.
    const kept =
      before?.kind === "table" &&
      before.change === "created" &&
      message.kind === "table" &&
      message.change === "updated"
        ? { ...message, change: "created" as const }
        : message;
    this.states.set(key, kept);
    if (this.states.size === 1) this.whenRoom(this.sendStates);
  }

  private readonly sendStates = (): void => {
    const states = [...this.states.values()];
    this.states.clear();
    for (const message of states) this.writeLine(`${JSON.stringify(message)}\n`);
  };

  private async roomAgain(): Promise<void> {
    const socket = this.socket;
    this.flush();
    while (!socket.destroyed && socket.writableLength >= this.laggingBytes) await roomIn(socket);
    // Once the turn is over, so that a burst's writes meanwhile are behind what waited.
    await new Promise((resolve) => setImmediate(resolve));
    this.waitingForRoom = false;
    if (socket.destroyed) {
      this.waiters = [];
      this.states.clear();
      return;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const then of waiters) then();
  }
}

/**
 * Flushes each outbox with lines waiting, once: at the end of the turn when a prompt line waits in
 * it, else EVENT_FLUSH_MS after its first line, with every other outbox due by then (one timer for
 * all). What waits counts in the outbox's queuedBytes, so a client falls behind (hasRoom) as if it
 * had been written.
 */
export class Flusher {
  /** Flushed at the end of this turn. */
  private readonly thisTurn = new Set<ClientOutbox>();
  /** Flushed when the timer fires. */
  private readonly soon = new Set<ClientOutbox>();
  private timer = false;

  /** `flushMs` 0: every line leaves at the end of its turn (a client in this process: no system call to save). */
  constructor(
    private readonly clock: Clock,
    private readonly flushMs: number = EVENT_FLUSH_MS,
  ) {}

  due(outbox: ClientOutbox, lineIsPrompt: boolean): void {
    if (this.thisTurn.has(outbox)) return;
    const prompt = lineIsPrompt || this.flushMs === 0;
    if (!prompt) {
      if (this.soon.has(outbox)) return;
      this.soon.add(outbox);
      if (this.timer) return;
      this.timer = true;
      this.clock.setTimeout(this.flushSoon, this.flushMs);
      return;
    }
    // This turn's flush takes what waited before the prompt line too.
    this.soon.delete(outbox);
    this.thisTurn.add(outbox);
    if (this.thisTurn.size === 1) setImmediate(this.flushTurn);
  }

  private readonly flushTurn = (): void => {
    for (const outbox of this.thisTurn) outbox.flush();
    this.thisTurn.clear();
  };

  private readonly flushSoon = (): void => {
    this.timer = false;
    for (const outbox of this.soon) outbox.flush();
    this.soon.clear();
  };
}

/** Resolves once the socket's buffer emptied ('drain'), or in the next turn when no write asked for one. */
function roomIn(socket: ClientStream): Promise<void> {
  if (socket.writableNeedDrain) return drained(socket);
  return new Promise((resolve) => setImmediate(resolve));
}

/** Resolves once a socket has written what waits in its buffer (or has closed). */
function drained(socket: ClientStream): Promise<void> {
  if (socket.destroyed || !socket.writableNeedDrain) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
}

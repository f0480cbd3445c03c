/**
 * A session on the hmux server seen as the TUI's SessionPort. `start` attaches: the reply
 * carries the session's row and its kept events (the replay, in one batch), then live ones
 * follow — so the store is fed exactly as a local session's `subscribe` feeds it. Sends,
 * answers and commands go as `input` lines decided `as: "person"`; halting is `kill`; `close`
 * only stops listening (the session keeps running on the server: that is what detaching is).
 *
 * `start` may run before the TUI subscribes (hmux attach sends every attach before it mounts,
 * so the replies travel while the TUI loads): what arrives meanwhile waits in the port and goes
 * to the first subscriber, as one batch. Each replayed event goes with when it happened, on
 * this machine's clock (replay-clock.ts), so the pane reads as it did live; live ones are folded
 * as they arrive.
 *
 * It takes a connected client and nothing else, so the same port serves a local socket and a
 * server reached over ssh.
 */
import { randomUUID } from "node:crypto";
import type { ControlCommand } from "../core/control/machine-types.js";
import type { CommandOutcome, Decision, SessionEvent } from "../core/control/types.js";
import { commandToWire } from "../core/exec/session-commands.js";
import type { InputAnswer, SessionSummary } from "../protocol/index.js";
import type { ServerClient } from "../server/client.js";
import type { SessionChanges } from "../ui/changes-port.js";
import type {
  ControlSnapshot,
  IntentOutcome,
  SessionBatchListener,
  SessionInfo,
  SessionListener,
  SessionPort,
} from "../ui/session-port.js";
import { dispositionOf, outcomeOf } from "./input-answer.js";
import { replayTimes } from "./replay-clock.js";
import { parseEvent, parseEvents } from "./wire-events.js";

/** The part of ServerClient a port uses (a test hands in a fake). */
export type ServerLink = Pick<ServerClient, "request" | "onEvent" | "onClose"> &
  Partial<Pick<ServerClient, "onControl">>;

export interface ServerPortOptions {
  /** How many kept events to replay on attach; all the server keeps when absent. */
  readonly replay?: number;
  /** The session's worktree, when this TUI can reach it (the server runs on this machine). */
  readonly changes?: SessionChanges;
  /** This machine's clock (epoch ms): what the server's event times are mapped onto. */
  readonly now: () => number;
  /** What this TUI calls itself to the server: the record of a decision made here names it. */
  readonly client?: string;
}

/** Events handed over together, and when each happened where known (undefined: as it arrives). */
interface Held {
  readonly events: SessionEvent[];
  readonly times: (number | undefined)[];
}

export class ServerSessionPort implements SessionPort {
  readonly sessionId: string;
  readonly changes?: SessionChanges;
  /** This client killed it (its pane stays, showing how it ended); a removal by another client closes the pane. */
  killedHere = false;
  private readonly listeners = new Set<SessionBatchListener>();
  private readonly stops: Array<() => void> = [];
  private readonly tag = randomUUID().slice(0, 8);
  private seq = 0;
  private attached = false;
  private starting: Promise<void> | null = null;
  /** Events that came before anyone subscribed; null once the first subscriber took them. */
  private backlog: Held | null = { events: [], times: [] };
  private detached = false;
  private sawClosed = false;
  /** The session's control state as the server last told it: what the inspector shows. */
  private controlState: ControlSnapshot | undefined;

  constructor(
    private readonly link: ServerLink,
    row: SessionSummary,
    readonly info: SessionInfo,
    private readonly options: ServerPortOptions,
  ) {
    this.sessionId = row.id;
    if (options.changes) this.changes = options.changes;
  }

  subscribe(listener: SessionListener): () => void {
    return this.subscribeBatched((events) => {
      for (const event of events) listener(event);
    });
  }

  subscribeBatched(listener: SessionBatchListener): () => void {
    this.listeners.add(listener);
    const held = this.backlog;
    this.backlog = null;
    if (held && held.events.length > 0) listener(held.events, timesOf(held));
    return () => this.listeners.delete(listener);
  }

  /** Attaches, once: a second call (the store's, after open-tui's) waits for the same attach. */
  start(): Promise<void> {
    if (this.detached) return Promise.resolve();
    this.starting ??= this.attach();
    return this.starting;
  }

  /**
   * Events are listened for before the request goes, so none falls between the reply and the
   * stream; live ones that arrive before the reply is read wait behind the replay it carries.
   */
  private async attach(): Promise<void> {
    this.attached = true;
    let early: SessionEvent[] | null = [];
    this.stops.push(
      this.link.onEvent((session, event) => {
        if (session !== this.sessionId || this.detached) return;
        const parsed = this.read(event);
        if (early) early.push(parsed);
        else this.emit({ events: [parsed], times: [undefined] });
      }),
      this.link.onClose((reason) => {
        if (!this.detached)
          this.emit(
            untimed([{ kind: "error", message: `lost the hmux server: ${reason} (the session may still run there)` }]),
          );
      }),
      this.link.onControl?.((session, control) => {
        if (session !== this.sessionId || this.detached) return;
        // The connection checked it against the protocol's control schema.
        this.controlState = control;
      }) ?? (() => undefined),
    );
    const batch: Held = { events: [], times: [] };
    try {
      const reply = await this.link.request({
        op: "attach",
        session: this.sessionId,
        ...(this.options.replay !== undefined ? { replay: this.options.replay } : {}),
      });
      const events = reply.events;
      const times = replayTimes(reply, events.length, this.options.now());
      if (reply.control) this.controlState = reply.control;
      if (reply.truncated) {
        batch.events.push({
          kind: "warning",
          code: "REPLAY_WINDOWED",
          message: `earlier output is not shown: the server replayed the last ${reply.replayed} events`,
        });
        batch.times.push(undefined);
      }
      parseEvents(events).forEach((event, i) => {
        batch.events.push(this.checked(event));
        batch.times.push(times?.[i]);
      });
    } finally {
      for (const event of early) {
        batch.events.push(event);
        batch.times.push(undefined);
      }
      early = null;
      this.emit(batch);
    }
  }

  async send(text: string, mode: "turn" | "steer" | "inject"): Promise<IntentOutcome> {
    if (mode === "turn") return dispositionOf(await this.input({ op: "send", id: this.id("prompt"), text }));
    const command = mode === "steer" ? "steer" : "message.inject";
    return outcomeOf(await this.input(commandToWire({ command, id: this.id(mode), text } as ControlCommand)));
  }

  async answer(text: string): Promise<IntentOutcome> {
    return dispositionOf(await this.input({ op: "answer", id: this.id("answer"), text }));
  }

  async decide(callId: string, decision: Decision, scope?: "session" | "path"): Promise<CommandOutcome> {
    return this.command({
      command: "tool.decide",
      id: this.id("decide"),
      callId,
      decision,
      ...(scope ? { scope } : {}),
    });
  }

  async revokeRule(ruleId: string): Promise<CommandOutcome> {
    return this.command({ command: "rule.revoke", id: this.id("revoke"), ruleId });
  }

  async interrupt(): Promise<CommandOutcome> {
    return this.command({ command: "interrupt", id: this.id("interrupt"), reason: "interrupted from the hmux TUI" });
  }

  /** Ends the session on the server (pending calls denied, the harness signalled) for every client. */
  async halt(): Promise<CommandOutcome> {
    this.killedHere = true;
    await this.link.request({ op: "kill", session: this.sessionId });
    // The server forgets a killed session; one that did not close within its wait sent no
    // `closed`, so the pane is told here how it ended.
    if (!this.sawClosed && !this.detached) {
      this.sawClosed = true;
      this.emit(untimed([{ kind: "closed", exitCode: null, cause: "killed" }]));
    }
    return { result: "ok" };
  }

  /**
   * Reopens an ended session on the server (the harness's own resume) and watches it again from
   * its first resumed event. A halted pane's row is gone (kill forgets it): only `attach: true`
   * reaches it through its journal and streams it back here, so the pane resumes in place.
   */
  async resume(): Promise<IntentOutcome> {
    await this.link.request({ op: "resume", session: this.sessionId, attach: this.attached && !this.detached });
    this.sawClosed = false;
    this.killedHere = false;
    return { result: "ok" };
  }

  /** The control state the server last sent (on attach, then whenever it changed). */
  control(): ControlSnapshot | undefined {
    return this.controlState;
  }

  /** Detaches: this client stops listening; the session runs on. */
  async close(): Promise<void> {
    if (this.detached) return;
    this.detached = true;
    for (const stop of this.stops.splice(0)) stop();
    this.listeners.clear();
    if (this.attached) await this.link.request({ op: "detach", session: this.sessionId }).catch(() => undefined);
  }

  private command(command: ControlCommand): Promise<CommandOutcome> {
    return this.input(commandToWire(command)).then(outcomeOf);
  }

  private async input(line: Record<string, unknown>): Promise<InputAnswer> {
    const reply = await this.link.request({
      op: "input",
      session: this.sessionId,
      line,
      as: "person",
      client: this.options.client ?? "hmux tui",
    });
    return reply.answer;
  }

  private id(prefix: string): string {
    this.seq += 1;
    return `tui-${this.tag}-${prefix}-${this.seq}`;
  }

  /** An event off the wire, checked; one that is not a SessionEvent becomes a warning. */
  private read(event: unknown): SessionEvent {
    return this.checked(parseEvent(event));
  }

  private checked(parsed: SessionEvent | null): SessionEvent {
    if (parsed?.kind === "closed") this.sawClosed = true;
    return parsed ?? { kind: "warning", code: "MALFORMED_EVENT", message: "the server sent an unreadable event" };
  }

  private emit(held: Held): void {
    if (held.events.length === 0 || this.detached) return;
    if (this.backlog) {
      // One at a time: a replay is thousands of events, too many to spread into one call.
      held.events.forEach((event, i) => {
        this.backlog!.events.push(event);
        this.backlog!.times.push(held.times[i]);
      });
      return;
    }
    for (const listener of [...this.listeners]) listener(held.events, timesOf(held));
  }
}

function untimed(events: SessionEvent[]): Held {
  return { events, times: events.map(() => undefined) };
}

/** The times to hand a listener: none when no event's is known, so a live event stays a plain one. */
function timesOf(held: Held): readonly (number | undefined)[] | undefined {
  return held.times.some((t) => t !== undefined) ? held.times : undefined;
}

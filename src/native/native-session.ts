/**
 * One native session: a harness's own UI (or a shell) in a pty, the headless terminal that
 * emulates it, and its lifecycle as the harness's hooks report it — as a SessionHandle, so the
 * hmux server holds it in its table like any session, and as a byte channel: keys in, raw
 * output out, and the screen for a client that attaches. Its state is kept here, once: a pane
 * only renders it (src/ui/native). Hook reports become `state` events, a permission request an
 * approval-request (the rail's "needs you" and the notification), cleared when the harness
 * moves on. Prompts, answers and decisions belong to the harness's own UI, so those are
 * refused with where to act instead.
 */

import { randomUUID } from "node:crypto";
import type { ControlCommand } from "../core/control/machine-types.js";
import type { CommandOutcome, Disposition, Lifecycle, PendingCall, SessionEvent } from "../core/control/types.js";
import type { Clock } from "../core/exec/ports.js";
import type { ClosedEvent, LineAnswer, SessionHandle, SessionSnapshot } from "../core/exec/session-types.js";
import { HmuxError } from "../core/hmux-error.js";
import {
  type NativePhase,
  type NativeState,
  nextNativeState,
  STARTING_STATE,
  UNKNOWN_STATE,
} from "./hooks/native-state.js";
import type { HookReport } from "./hooks/report-schema.js";
import { ESCAPE_CHORD_LABEL } from "./keys.js";
import { type NativeKind, SHELL_KIND } from "./native-plan.js";
import type { NativeTerminal, ScreenReplay } from "./native-terminal.js";

const LIFECYCLE: Readonly<Record<NativePhase, Lifecycle>> = {
  unknown: "starting",
  starting: "starting",
  idle: "idle",
  running: "running",
  "needs-you": "awaiting-approval",
};

/** How long an attach waits for the emulator to catch up with the pty before it gives up. */
export const SCREEN_WAIT_MS = 5_000;

/** A byte that may interrupt what the harness's UI is doing: a lone Esc, or Ctrl-C. */
const INTERRUPTING = new Set(["\u001b", "\u0003"]);

export interface NativeSessionOptions {
  readonly kind: NativeKind;
  readonly terminal: NativeTerminal;
  /** Whether hooks report this session's state (claude, codex); otherwise it stays unknown. */
  readonly hooks: boolean;
  /** The bytes the harness's UI treats as "stop what you are doing" (native-plan.ts interruptKeyOf). */
  readonly interruptKey: string;
  /** Dates approval requests and bounds the wait for a screen. */
  readonly clock: Clock;
  readonly cwd: string;
  /** What a pane's header calls it: `<harness>·native`, or "shell", when absent. */
  readonly label?: string;
  readonly model?: string;
  readonly sessionId?: string;
  /** Released once the terminal is closed (the hook listener, the state dir). */
  readonly cleanup?: () => Promise<void> | void;
}

/** What a row of the server's table says of a native session (the wire's NativeSummary). */
export interface NativeFacts {
  readonly kind: string;
  readonly pid: number;
  readonly cols: number;
  readonly rows: number;
  /** Whether the lifecycle comes from hooks; false: unknown, never guessed. */
  readonly stateKnown: boolean;
  /** The bytes that interrupt its UI: a client sends them as keys, knowing no harness. */
  readonly interruptKey: string;
  readonly exit?: { readonly code: number | null; readonly signal: number | null };
}

/** A watch on the output: the screen as it was, then every later chunk. */
export interface NativeOutputWatch {
  /** The bytes that draw the screen, covering exactly the chunks the listener did not get. */
  readonly screen: Promise<ScreenReplay>;
  stop(): void;
}

export class NativeSession implements SessionHandle {
  readonly sessionId: string;
  readonly kind: NativeKind;
  readonly harness: string;
  readonly label: string;
  readonly cwd: string;
  readonly model: string | undefined;
  readonly terminal: NativeTerminal;
  readonly hooks: boolean;
  readonly closed: Promise<ClosedEvent>;
  private state: NativeState;
  private lifecycle: Lifecycle = "starting";
  private openCall: PendingCall | null = null;
  private calls = 0;
  private ended = false;
  private released: Promise<void> | null = null;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private resolveClosed: (event: ClosedEvent) => void = () => undefined;

  constructor(private readonly options: NativeSessionOptions) {
    this.sessionId = options.sessionId ?? randomUUID();
    this.kind = options.kind;
    this.harness = options.kind;
    // A shell is not a harness: it is shown as what it is.
    this.label = options.label ?? (options.kind === SHELL_KIND ? SHELL_KIND : `${options.kind}·native`);
    this.cwd = options.cwd;
    this.model = options.model;
    this.terminal = options.terminal;
    this.hooks = options.hooks;
    this.state = options.hooks ? STARTING_STATE : UNKNOWN_STATE;
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
    options.terminal.onExit((exit) => this.exited(exit.code, exit.signal));
  }

  /** Whether the state told is known from hooks, or unknown (never guessed). */
  get stateKnown(): boolean {
    return this.hooks && this.state.phase !== "unknown";
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SessionEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  /** The pty was spawned at launch; there is no stream to open. */
  start(): Promise<void> {
    return Promise.resolve();
  }

  /** One hook report: the state moves, and subscribers hear what changed. */
  report(report: HookReport): void {
    if (this.ended) return;
    const before = this.state;
    this.state = nextNativeState(before, report);
    if (before.sessionId === null && this.state.sessionId)
      this.emit({
        kind: "session",
        sessionId: this.state.sessionId,
        harness: this.harness,
        origin: "fresh",
        escalateQuestions: false,
      });
    if (this.openCall && this.state.phase !== "needs-you") this.clearCall("native-resolved");
    this.moveTo(LIFECYCLE[this.state.phase], `hook ${report.event}`);
    if (this.state.phase === "needs-you" && this.state.attention && !this.openCall) {
      this.calls += 1;
      this.openCall = {
        callId: `native-${this.calls}`,
        tool: this.state.attention.tool,
        input: this.state.attention.input ?? null,
        openedAt: this.options.clock.now(),
        deadlineAt: null,
      };
      this.emit({ kind: "approval-request", call: this.openCall });
    }
  }

  private moveTo(to: Lifecycle, reason: string): void {
    if (to === this.lifecycle) return;
    this.emit({ kind: "state", from: this.lifecycle, to, reason });
    this.lifecycle = to;
  }

  private clearCall(reason: "native-resolved" | "process-ended"): void {
    if (!this.openCall) return;
    this.emit({ kind: "approval-cleared", callId: this.openCall.callId, reason });
    this.openCall = null;
  }

  /**
   * Keys typed into the session, from any client. A lone Esc or Ctrl-C while a turn runs or a
   * dialog waits may interrupt it, and harnesses send no hook for that (codex's Esc on its
   * approval dialog cancels the turn silently): the state becomes unknown until the next hook
   * report, instead of a stale "needs you" told as fact.
   */
  write(bytes: string): void {
    this.terminal.write(bytes);
    if (!this.hooks || this.ended || !INTERRUPTING.has(bytes)) return;
    if (this.state.phase !== "running" && this.state.phase !== "needs-you") return;
    this.state = { ...this.state, phase: "unknown", attention: null };
    this.clearCall("native-resolved");
    this.moveTo("starting", "interrupted from the keyboard: state unknown until the next hook");
  }

  /** Sends the UI's own interrupt key (Esc for the harnesses, Ctrl-C for a shell). */
  interrupt(): CommandOutcome {
    if (this.ended || this.terminal.exit)
      return { result: "refused", refused: { code: "TOO_LATE", reason: "the pane's process has exited" } };
    this.write(this.options.interruptKey);
    return { result: "ok" };
  }

  private where(): string {
    return `${this.label} is a native pane: type into it (focus it, press Enter or ${ESCAPE_CHORD_LABEL}; ${ESCAPE_CHORD_LABEL} returns to hmux)`;
  }

  send(): Promise<Disposition> {
    return Promise.resolve({ disposition: "rejected", reason: this.where() });
  }

  answer(): Promise<Disposition> {
    return Promise.resolve({ disposition: "rejected", reason: this.where() });
  }

  /** An interrupt is its UI's key, a halt hangs it up; every other control belongs to the harness's own UI. */
  async command(command: ControlCommand): Promise<CommandOutcome> {
    if (command.command === "interrupt") return this.interrupt();
    if (command.command === "halt") {
      await this.close();
      return { result: "ok" };
    }
    return { result: "refused", refused: { code: "UNSUPPORTED_CONTROL", reason: this.where() } };
  }

  handleLine(): Promise<LineAnswer> {
    return Promise.resolve({ kind: "error", message: this.where() });
  }

  /** A native session keeps no journal: what is said about it goes to its subscribers only. */
  note(event: SessionEvent): void {
    this.emit(event);
  }

  private exited(code: number | null, signal: number | null): void {
    if (this.ended) return;
    this.ended = true;
    this.clearCall("process-ended");
    const cause = signal !== null ? "killed" : code === 0 ? "clean" : "crash";
    const closed: ClosedEvent = { kind: "closed", exitCode: code, cause };
    this.lifecycle = "closed";
    this.emit(closed);
    this.resolveClosed(closed);
  }

  /** Hangs the pty up (SIGHUP, then SIGKILL after a grace) and lets go of its files, once. */
  async close(): Promise<ClosedEvent> {
    this.released ??= (async () => {
      await this.terminal.close();
      await this.options.cleanup?.();
    })();
    await this.released;
    return this.closed;
  }

  abort(): Promise<ClosedEvent> {
    return this.close();
  }

  snapshot(): SessionSnapshot {
    return {
      lifecycle: this.lifecycle,
      turnId: null,
      pending: this.openCall ? [this.openCall] : [],
      harnessSessionId: this.state.sessionId,
      frame: null,
      posture: null,
      census: { allowed: 0, denied: 0, replaced: 0, abstained: 0, byDecider: {} },
    };
  }

  summary(): NativeFacts {
    const t = this.terminal;
    return {
      kind: this.kind,
      pid: t.pid,
      cols: t.cols,
      rows: t.rows,
      stateKnown: this.stateKnown,
      interruptKey: this.options.interruptKey,
      ...(t.exit ? { exit: { code: t.exit.code, signal: t.exit.signal } } : {}),
    };
  }

  resize(cols: number, rows: number): void {
    this.terminal.resize(cols, rows);
  }

  /**
   * Every output chunk from now on to `listener` and, in the same turn, the screen: chunks
   * before this call are in the screen, chunks after it go to the listener.
   */
  watch(listener: (chunk: Uint8Array) => void): NativeOutputWatch {
    const stop = this.terminal.onOutput(listener);
    const clock = this.options.clock;
    let timer: unknown;
    const late = new Promise<never>((_, reject) => {
      timer = clock.setTimeout(
        () => reject(new HmuxError("internal", `the pane's screen was not ready within ${SCREEN_WAIT_MS} ms`)),
        SCREEN_WAIT_MS,
      );
    });
    const screen = Promise.race([this.terminal.replay(), late]).finally(() => clock.clearTimeout(timer));
    return { screen, stop };
  }
}

/**
 * A native pane as a SessionPort, so the TUI's store, rail and notifier treat it like any
 * session: hook reports become `state` events, a permission request becomes an
 * approval-request (the rail's "needs you" and the notification), resolved when the
 * harness moves on. Decisions, prompts and answers belong to the native UI itself, so those
 * intents are refused with a reason saying where to act.
 */
import type { CommandOutcome, Decision, Lifecycle, SessionEvent } from "../../core/control/types.js";
import {
  type NativePhase,
  type NativeState,
  nextNativeState,
  STARTING_STATE,
  UNKNOWN_STATE,
} from "../../native/hooks/native-state.js";
import type { HookReport } from "../../native/hooks/report-schema.js";
import { ESCAPE_CHORD_LABEL } from "../../native/keys.js";
import type { NativeKind } from "../../native/native-plan.js";
import type { NativeTerminal } from "../../native/native-terminal.js";
import type { IntentOutcome, SessionInfo, SessionListener, SessionPort } from "../session-port.js";

const LIFECYCLE: Readonly<Record<NativePhase, Lifecycle>> = {
  unknown: "starting",
  starting: "starting",
  idle: "idle",
  running: "running",
  "needs-you": "awaiting-approval",
};

export interface NativePortOptions {
  readonly kind: NativeKind;
  readonly terminal: NativeTerminal;
  /** Whether hooks report this pane's state (claude, codex); otherwise it is unknown. */
  readonly hooks: boolean;
  readonly label?: string;
  readonly cwd?: string;
  readonly model?: string;
  /** Released after the terminal closed (hook listener, state dir). */
  readonly cleanup?: () => Promise<void> | void;
  readonly now?: () => number;
  /** The bytes the pane's UI treats as "stop what you are doing" (native-plan.ts interruptKeyOf). */
  readonly interruptKey: string;
}

/**
 * What the TUI needs of a native pane wherever its pty runs: in this process (NativeSessionPort)
 * or on the hmux server (a terminal fed by the server's stream). The pane draws `terminal`, keys
 * go to `input`, and the header shows whether the state is known.
 */
export interface NativePort extends SessionPort {
  readonly native: true;
  readonly kind: NativeKind;
  readonly terminal: NativeTerminal;
  /** Whether the state shown is known from hooks, or unknown (never guessed). */
  readonly stateKnown: boolean;
  /** Keys typed into the pane. */
  input(bytes: string): void;
}

export class NativeSessionPort implements NativePort {
  readonly native = true as const;
  readonly kind: NativeKind;
  readonly info: SessionInfo;
  readonly terminal: NativeTerminal;
  readonly hooks: boolean;
  state: NativeState;
  private readonly listeners = new Set<SessionListener>();
  private openCall: string | null = null;
  private calls = 0;
  private lifecycle: Lifecycle = "starting";
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: NativePortOptions) {
    this.kind = options.kind;
    this.terminal = options.terminal;
    this.hooks = options.hooks;
    this.now = options.now ?? Date.now;
    this.state = options.hooks ? STARTING_STATE : UNKNOWN_STATE;
    this.info = {
      // A shell is not a harness: it is shown as what it is.
      harness: options.kind,
      label: options.label ?? (options.kind === "shell" ? "shell" : `${options.kind}·native`),
      cwd: options.cwd,
      model: options.model,
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false },
      native: true,
    };
    options.terminal.onExit((exit) => this.emitClosed(exit.code, exit.signal));
  }

  /** Whether the state shown is known from hooks, or unknown (never guessed). */
  get stateKnown(): boolean {
    return this.hooks && this.state.phase !== "unknown";
  }

  /**
   * Keys typed into the pane. A lone Esc or Ctrl-C while a turn runs or a dialog waits may
   * interrupt it, and harnesses send no hook for that (codex's Esc on its approval dialog
   * cancels the turn silently): the state becomes unknown until the next hook report,
   * instead of a stale "needs you" shown as fact.
   */
  input(bytes: string): void {
    this.terminal.write(bytes);
    if (!this.hooks || this.closed || (bytes !== "\u001b" && bytes !== "\u0003")) return;
    if (this.state.phase !== "running" && this.state.phase !== "needs-you") return;
    this.state = { ...this.state, phase: "unknown", attention: null };
    if (this.openCall) {
      this.emit({ kind: "approval-cleared", callId: this.openCall, reason: "native-resolved" });
      this.openCall = null;
    }
    this.emit({
      kind: "state",
      from: this.lifecycle,
      to: "starting",
      reason: "interrupted from the keyboard: state unknown until the next hook",
    });
    this.lifecycle = "starting";
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SessionEvent): void {
    for (const l of this.listeners) l(event);
  }

  /** One hook report: the state machine moves, and the store hears what changed. */
  report(report: HookReport): void {
    if (this.closed) return;
    const before = this.state;
    this.state = nextNativeState(before, report);
    if (before.sessionId === null && this.state.sessionId) {
      this.emit({
        kind: "session",
        sessionId: this.state.sessionId,
        harness: this.info.harness,
        origin: "fresh",
        escalateQuestions: false,
      });
    }
    if (this.openCall && this.state.phase !== "needs-you") {
      this.emit({ kind: "approval-cleared", callId: this.openCall, reason: "native-resolved" });
      this.openCall = null;
    }
    const to = LIFECYCLE[this.state.phase];
    if (to !== this.lifecycle) {
      this.emit({ kind: "state", from: this.lifecycle, to, reason: `hook ${report.event}` });
      this.lifecycle = to;
    }
    if (this.state.phase === "needs-you" && this.state.attention && !this.openCall) {
      this.calls += 1;
      this.openCall = `native-${this.calls}`;
      this.emit({
        kind: "approval-request",
        call: {
          callId: this.openCall,
          tool: this.state.attention.tool,
          input: this.state.attention.input ?? null,
          openedAt: this.now(),
          deadlineAt: null,
        },
      });
    }
  }

  private emitClosed(code: number | null, signal: number | null): void {
    if (this.closed) return;
    this.closed = true;
    if (this.openCall) this.emit({ kind: "approval-cleared", callId: this.openCall, reason: "process-ended" });
    this.openCall = null;
    const cause = signal !== null ? "killed" : code === 0 ? "clean" : "crash";
    this.emit({ kind: "closed", exitCode: code, cause });
  }

  private where(): string {
    return `type in the pane itself (focus it, press Enter or ${ESCAPE_CHORD_LABEL}; ${ESCAPE_CHORD_LABEL} returns to hmux)`;
  }

  send(): Promise<IntentOutcome> {
    return Promise.resolve({ disposition: "rejected", reason: `native pane: ${this.where()}` });
  }

  answer(): Promise<IntentOutcome> {
    return Promise.resolve({ disposition: "rejected", reason: `native pane: ${this.where()}` });
  }

  decide(_callId: string, _decision: Decision): Promise<CommandOutcome> {
    return Promise.resolve({
      result: "refused",
      refused: { code: "UNSUPPORTED_CONTROL", reason: `answer ${this.kind}'s own dialog: ${this.where()}` },
    });
  }

  /** Sends the UI's own interrupt key (Esc for the harnesses, Ctrl-C for a shell). */
  interrupt(): Promise<CommandOutcome> {
    if (this.closed)
      return Promise.resolve({
        result: "refused",
        refused: { code: "TOO_LATE", reason: "the pane's process has exited" },
      });
    this.terminal.write(this.options.interruptKey);
    return Promise.resolve({ result: "ok" });
  }

  async halt(): Promise<CommandOutcome> {
    await this.terminal.close();
    return { result: "ok" };
  }

  async close(): Promise<void> {
    await this.terminal.close();
    await this.options.cleanup?.();
  }
}

export function isNativePort(port: SessionPort | undefined): port is NativePort {
  return port !== undefined && (port as Partial<NativePort>).native === true;
}

/**
 * The public surface of a running session: what the TUI, the machine session and the
 * control socket hold. Everything a session does is a SessionEvent to subscribers.
 */

import type { AllowRule } from "../control/allow-rules.js";
import type { Census, ControlCommand, ControlConfig, Frame, WaitingQuestion } from "../control/machine-types.js";
import type {
  CommandOutcome,
  ControlEvent,
  Decider,
  Disposition,
  Lifecycle,
  PendingCall,
  SessionEvent,
} from "../control/types.js";
import type { HarnessName } from "../harness-names.js";
import type { Clock, Spawner, SpawnRequest } from "./ports.js";
import type { ControlName, SessionBridge } from "./session-bridge.js";

/** Who decides a call nobody answered yet. */
export type ApprovalMode =
  /** A person or program answers (tool.decide); hmux's deadline denies if nobody does. */
  | "ask"
  /** Headless: nobody can be asked, so every call the policy does not allow is denied with a reason. */
  | "deny"
  /** Observe: every call is allowed and recorded. Only when asked for. */
  | "allow"
  /** Frame mode: the frame in force decides (allow what it admits, deny the rest). */
  | "frame";

export interface SessionPlan {
  /** Caller-side handle: journal name, turn id prefix. */
  readonly sessionId: string;
  readonly harness: HarnessName;
  readonly origin: "fresh" | "resumed";
  readonly escalateQuestions: boolean;
  readonly spawn: SpawnRequest;
  readonly bridge: SessionBridge;
  readonly approvals: ApprovalMode;
  /** The policy's classifier (src/core/control/policy.ts makeClassifier): safe calls are allowed without asking. */
  readonly classify?: ControlConfig["classify"];
  /** "Allow always" rules the session had before (a resume reads them from its journal). */
  readonly rules?: readonly AllowRule[];
  /** What a headless deny says (policy.headless.reason). */
  readonly headlessDenyReason?: string;
  /** A frame in force from launch (frame mode). */
  readonly frame?: Frame | null;
  /** Per-turn inactivity budget in ms; 0 or absent disables. */
  readonly stallMs?: number;
  /** hmux's decision budget before it denies; capped strictly below the harness's own. */
  readonly decisionBudgetMs?: number;
  /** Controls this configuration needs; each one the bridge lacks is refused at start. */
  readonly requiredControls?: readonly ControlName[];
  /** Turns this session already ran before a resume, so turn ids continue (`<id>:turn-N`). */
  readonly turnsBefore?: number;
  /** The question a resumed session's journal left waiting: asked again once the harness is ready. */
  readonly waitingQuestion?: WaitingQuestion;
  /** Grace after stdin EOF before signals, in ms (default 5000). */
  readonly closeGraceMs?: number;
}

export interface SessionPorts {
  readonly spawner: Spawner;
  readonly clock: Clock;
  /** Every event, in order, before any subscriber sees it (the journal). */
  readonly record?: (event: SessionEvent) => void;
}

export type ClosedEvent = Extract<ControlEvent, { kind: "closed" }>;
export type CommandResultEvent = Extract<ControlEvent, { kind: "command.result" }>;

/** What one stdin line produced: its command.result, its disposition, its error event, or nothing (blank, close). */
export type LineAnswer =
  | Extract<ControlEvent, { kind: "command.result" | "disposition" }>
  | Extract<SessionEvent, { kind: "error" }>
  | null;

export interface SessionSnapshot {
  readonly lifecycle: Lifecycle;
  readonly turnId: string | null;
  readonly pending: readonly PendingCall[];
  readonly harnessSessionId: string | null;
  readonly frame: Frame | null;
  readonly posture: string | null;
  readonly census: Census;
  /** The session's "allow always" rules in force (allow-rules.ts). */
  readonly rules?: readonly AllowRule[];
}

export interface SessionHandle {
  readonly sessionId: string;
  readonly harness: HarnessName;
  /** Listeners see every event from the moment they subscribe; returns an unsubscribe. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Spawns the harness and opens the stream. Subscribe first. */
  start(): Promise<void>;
  send(id: string, text: string): Promise<Disposition>;
  answer(id: string, text: string): Promise<Disposition>;
  /** One metaharness.command/1 command; exactly one command.result is emitted and returned. */
  command(command: ControlCommand, decider?: Decider): Promise<CommandOutcome>;
  /** A raw stdin line (op or command): parsed, dispatched in order; resolves to the line's own answer. */
  /** `via`: the client the line came through, recorded on a decision it makes (`hmux audit` shows it). */
  handleLine(line: string, decider?: Decider, via?: string): Promise<LineAnswer>;
  /**
   * An event said about the session from outside its harness (what a person sent, as the server
   * keeps it): journaled and told to subscribers in order with the session's own events.
   */
  note(event: SessionEvent): void;
  /** Lets an open turn finish, then ends the harness: EOF, grace, SIGTERM, SIGKILL. */
  close(): Promise<ClosedEvent>;
  /** Ends at once (EPIPE, halt): pending calls denied, then signals. */
  abort(cause: "killed" | "failed"): Promise<ClosedEvent>;
  readonly closed: Promise<ClosedEvent>;
  snapshot(): SessionSnapshot;
}

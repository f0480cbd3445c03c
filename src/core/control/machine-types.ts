/**
 * The per-session control machine's public types: its state, the facts and commands it is fed
 * (ControlInput) and what it asks the runtime to do (ControlEffect). Pure data: the runtime
 * owns processes, clocks and timers and feeds `now` into every step; a deadline is a number
 * here, never a timer. The session runtime (src/core/exec/session-runtime.ts) is its one
 * driver; the journal and the TUI read the events it emits.
 */

import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import type { QuestionMode } from "../question.js";
import type { AllowRule, RuleScope } from "./allow-rules.js";
import type { AppendOnlyMap } from "./append-only-map.js";
import type { ChannelCapabilities } from "./capabilities.js";
import type { CommandOutcome, ControlEvent, Decider, Decision, Lifecycle, PendingCall, SessionEvent } from "./types.js";

/** The metaharness.command/1 vocabulary, in the reference order. */
export const COMMAND_NAMES = [
  "tool.decide",
  "frame.set",
  "message.inject",
  "steer",
  "permission.set",
  "interrupt",
  "halt",
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Who decides a tool call. ask: a person or program answers; frame: the frame in force; observe: every call allowed and recorded. */
export const DECISION_MODES = ["ask", "frame", "observe"] as const;
export type DecisionMode = (typeof DECISION_MODES)[number];

/**
 * The name of the native channel a decision travels on ("claude-control", "pi-extension" …):
 * one capability row each (capabilities.ts), declared by its harness's adapter, unique across
 * the registry.
 */
export type ChannelId = string;

/** A frame: the operations a step admits (canonical tool names) and the text the model is shown. */
export interface Frame {
  /** Canonical tools (read, shell, …) or native names (mcp__s__t) the frame admits. */
  readonly admits: readonly string[];
  readonly text?: string;
  readonly digest?: string;
}

/** A tool call the harness holds until someone decides (what a bridge reports). */
export interface ToolCallAsk {
  readonly callId: string;
  readonly tool: string;
  readonly canonical?: string;
  readonly input: unknown;
  /** Opaque handle the bridge needs to answer (control request_id, JSON-RPC id, ui request id). Echoed in the delivery. */
  readonly ref?: string | number | null;
  /** This request's own harness timeout in ms when it differs from the channel's; null = waits forever. */
  readonly harnessTimeoutMs?: number | null;
}

/**
 * What a send written while a turn runs does: the harness holds it for its own next turn
 * (claude stream-json input), it joins the running turn (codex turn/steer, pi follow_up), or it
 * is refused (one process per turn: nothing can take text while the turn's process runs).
 */
export type MidTurnSend = "next-turn" | "joins-turn" | "refused";

/** How the session ends, once something decided it does (the `closed` event's cause). */
export type ClosedCause = Extract<ControlEvent, { kind: "closed" }>["cause"];
export interface Ending {
  readonly cause: ClosedCause;
  readonly failure?: FailureSummary;
}

/** How a turn ended as the transport saw it; a missing cause is resolved from what the turn said. */
export interface TurnOutcome {
  readonly cause?: ExitCause;
  readonly exitCode: number | null;
  readonly failure?: FailureSummary;
}

/** The answer as sent: a decision, an `ask` (the harness's own person decides) or silence (no bytes). */
export type SentDecision =
  | Exclude<Decision, { decision: "abstain" }>
  | { readonly decision: "ask"; readonly reason: string }
  | { readonly decision: "silent" };

/** The parsed metaharness.command/1 line (both decision spellings normalised to the nested one). */
export type ControlCommand =
  | {
      readonly command: "tool.decide";
      readonly id: string;
      readonly callId: string;
      readonly decision: Decision;
      /** hmux's extension: an allow that also makes a session rule (allow-rules.ts); absent = this call only. */
      readonly scope?: Exclude<RuleScope, "call">;
    }
  /** hmux's extension: take back a session rule; calls already decided stay decided. */
  | { readonly command: "rule.revoke"; readonly id: string; readonly ruleId: string }
  | { readonly command: "frame.set"; readonly id: string; readonly frame: Frame }
  | { readonly command: "message.inject"; readonly id: string; readonly text: string }
  | { readonly command: "steer"; readonly id: string; readonly text: string }
  | { readonly command: "permission.set"; readonly id: string; readonly posture: string }
  | { readonly command: "interrupt"; readonly id: string; readonly reason: string }
  | { readonly command: "halt"; readonly id: string; readonly reason: string };

/** Facts from the harness side and commands from deciders; `now` travels beside each in step(). */
export type ControlInput =
  /** A caller's text for the conversation; answered by one disposition (started or rejected with why). */
  | { readonly type: "send"; readonly id: string; readonly text: string }
  /** The caller's answer to the question the last turn ended on. */
  | { readonly type: "answer"; readonly id: string; readonly text: string }
  /** The transport took the text of a deliver-send (ok) or could not (its stdin is broken). */
  | { readonly type: "send-written"; readonly id: string; readonly turnOpen: boolean; readonly ok: boolean }
  /** Something the harness said; recorded on the open turn and emitted. A `done` is dropped: the machine frames turns. */
  | { readonly type: "harness-event"; readonly event: HarnessEvent }
  /** The harness's handshake or channel failed in a way that ends the session. */
  | { readonly type: "harness-failed"; readonly failure: FailureSummary }
  /** The open turn produced no output for `ms` (the --stall budget): the turn and the session end. */
  | { readonly type: "stalled"; readonly ms: number }
  /** The harness process is gone; whatever it was still doing ends with it. */
  | {
      readonly type: "harness-gone";
      readonly exitCode: number | null;
      readonly signal: string | null;
      readonly spawnError?: string;
      /** The last non-blank line it wrote on stderr: the reason a harness gives when it refuses to start. */
      readonly lastStderr?: string;
    }
  /** The process is up and its handshake (if any) finished: starting → idle. */
  | { readonly type: "ready" }
  | { readonly type: "turn-started"; readonly turnId: string }
  /**
   * The turn ended; `awaitingInput` when it ended on a question to the person. With `outcome`
   * (what the session runtime reports) the machine also resolves the turn's cause, emits its
   * `done`, and opens the next turn for a send the harness holds; without one no turn need be open.
   */
  | {
      readonly type: "turn-ended";
      readonly turnId?: string;
      readonly awaitingInput?: boolean;
      readonly outcome?: TurnOutcome;
    }
  | { readonly type: "tool-call-requested"; readonly call: ToolCallAsk }
  /**
   * The harness reports a call before its own permission check (claude's PreToolUse hook
   * callback), whether or not it would ask. A call the frame in force does not admit is opened
   * and denied by the frame here; any other is answered continue-call (the harness's own flow
   * runs, and asks through tool-call-requested if it wants to). Always answered exactly once.
   */
  | { readonly type: "pre-tool-check"; readonly call: ToolCallAsk }
  /** The harness resolved or withdrew the call itself (codex serverRequest/resolved, answered in the pane …). */
  | { readonly type: "call-cleared"; readonly callId: string; readonly reason: "native-resolved" | "channel-failed" }
  /** A delivery effect could not be written (broken pipe, hook process gone): recorded, nothing lost. */
  | { readonly type: "delivery-failed"; readonly callId: string; readonly reason: string }
  /** Re-check deadlines against `now` (the runtime's timer for an armed deadline fired). */
  | { readonly type: "tick" }
  /** A raw metaharness.command/1 line (parsed here, so every line gets exactly one result). */
  | { readonly type: "command-line"; readonly line: string; readonly decider: Decider; readonly via?: string }
  /** An already-decoded JSON value claiming to be a command (socket peers that frame their own lines). */
  | { readonly type: "command-value"; readonly value: unknown; readonly decider: Decider; readonly via?: string }
  /** The only decider went away (stdin EOF of a machine session, the last control peer disconnected): fail closed now, not at the deadline. */
  | { readonly type: "decider-gone"; readonly reason: string }
  /**
   * The session is being closed by hmux (close op, pane closed, a broken channel): pending calls
   * are denied first, then the harness is stopped (`now`: without the grace). The first ending
   * decided is the one `closed` reports (default clean).
   */
  | {
      readonly type: "close-requested";
      readonly reason: string;
      readonly cause?: ClosedCause;
      readonly failure?: FailureSummary;
      readonly now?: boolean;
    }
  | {
      readonly type: "process-exited";
      readonly exitCode: number | null;
      readonly cause: "clean" | "limit" | "crash" | "stall" | "killed" | "failed";
      readonly failure?: FailureSummary;
    };

/** What the runtime must do, in order. Deliveries are written to the harness in list order. */
export type ControlEffect =
  /** Append to the session's event stream (and journal). Every lifecycle change is a `state` event. */
  | { readonly type: "emit"; readonly event: SessionEvent }
  /**
   * Give the harness a caller's text: a new turn when `turnOpen` is false. With an id the
   * transport answers with send-written; an injection (id null) opened its turn already.
   */
  | { readonly type: "deliver-send"; readonly id: string | null; readonly text: string; readonly turnOpen: boolean }
  /** Stop the harness: EOF and a grace before signals, or signals at once (`now`). The transport reports harness-gone. */
  | { readonly type: "stop-harness"; readonly now: boolean }
  /**
   * Write this answer to the harness for this call (via `ref`). `decision` is what is SENT, after
   * the emission principle (emission.ts); `verdict` is what the decider said (an abstain becomes
   * a deny, an ask or silence depending on the channel). On the control channels (claude-control,
   * codex-app-server, pi-extension) `decision` is only ever allow, deny or replace.
   */
  | {
      readonly type: "deliver-decision";
      readonly callId: string;
      readonly ref: string | number | null;
      readonly decision: SentDecision;
      readonly verdict: Decision;
      readonly decider: Decider;
    }
  /**
   * Stop the running turn through the harness's own interrupt (the session survives where it
   * can). On channels whose interrupt is "kill the process group" (one-process turns: claude-hook,
   * codex-exec*, muse, cursor) the runtime kills; the machine then gets process-exited.
   */
  | { readonly type: "deliver-interrupt"; readonly reason: string }
  /** Stop the session: kill the process group. */
  | { readonly type: "deliver-halt"; readonly reason: string }
  /** Text steered into the running turn (an injection between turns is a deliver-send with no id). */
  | { readonly type: "deliver-message"; readonly mode: "steer"; readonly text: string }
  | { readonly type: "deliver-permission"; readonly posture: string }
  /** Call back with { type: "tick" } at `at` (epoch ms). Re-arming the same callId replaces it. */
  | { readonly type: "arm-deadline"; readonly callId: string; readonly at: number }
  | { readonly type: "clear-deadline"; readonly callId: string }
  /** Answer a pre-tool-check with "no decision": the harness's own permission flow goes on. */
  | { readonly type: "continue-call"; readonly callId: string; readonly ref: string | number | null };

/** Fixed for the session's life: who decides, on which channel, with what policy. */
/** A question as its `question` event said it. */
export interface WaitingQuestion {
  readonly question: string;
  readonly options: readonly string[];
  readonly recommended?: string;
}

export interface ControlConfig {
  readonly sessionId: string;
  readonly harness: HarnessName;
  /** The capability row of the channel the session runs on: what each command and decision can carry. */
  readonly channel: ChannelCapabilities;
  readonly mode: DecisionMode;
  /** Nobody can be asked (headless, no embedder): policy decides, anything gated is denied with a reason. */
  readonly headless: boolean;
  /** The harness's own wait for a decision in ms; null when it waits forever. */
  readonly harnessTimeoutMs: number | null;
  /** hmux's wish for a decision budget; always clamped strictly below the harness's timeout. */
  readonly decisionBudgetMs?: number;
  /**
   * Classifies a call safe (allowed without asking) or gated, with the session's "allow always"
   * rules applied as the allowlist is (policy.ts makeClassifier); absent = only rules can make
   * a call safe.
   */
  readonly classify?: (
    call: { readonly tool: string; readonly canonical?: string; readonly input: unknown },
    rules: readonly AllowRule[],
  ) => Classified;
  /** The workspace a session rule stays inside (the harness's cwd); absent: no rule can be made. */
  readonly workspace?: string;
  /** Rules the session had before a resume (its journal's `rule` events), kept in force. */
  readonly rules?: readonly AllowRule[];
  /** What a headless deny of a gated call says (policy.headless.reason); the classifier's why is added. */
  readonly headlessDenyReason?: string;
  /** Frame in force at launch (frame mode). */
  readonly frame?: Frame | null;
  /** Permission posture at launch, in the vendor's own word. */
  readonly posture?: string | null;
  /** Longest command line accepted, in UTF-8 bytes. */
  readonly maxLineBytes?: number;
  /** Turns this session ran before a resume, so turn ids continue (`<sessionId>:turn-<n>`). */
  readonly turnsBefore?: number;
  /**
   * The question a resumed session's journal left waiting for its answer (its server died first):
   * asked again once the harness is ready, so the answer is still an answer and not a new prompt.
   */
  readonly waitingQuestion?: WaitingQuestion;
  /** The harness's own session id a resumed session continues. */
  readonly resume?: string | null;
  /** What a send during a turn does; default next-turn. */
  readonly midTurnSend?: MidTurnSend;
  /**
   * hmux's question protocol: whether a turn may end on a question to the caller, and which
   * preamble (composePrompt) rides the first text the harness gets.
   */
  readonly questions?: { readonly escalate: boolean; readonly preamble: Exclude<QuestionMode, "no-escalate"> };
}

export interface Classified {
  readonly classification: "safe" | "gated";
  readonly why: string;
  /** The session rule that made it safe (its decision names `rule:<id>`); absent: the allowlist did. */
  readonly rule?: string;
}

/** A call that left the pending set, and how: the record TOO_LATE and replay checks read. */
export interface SettledCall {
  readonly call: PendingCallState;
  /** Canonical JSON of {tool,input} at presentation, to tell a replay from a mutation. */
  readonly digest: string;
  readonly outcome: "decided" | "cleared";
  readonly decision?: Decision;
  readonly decider?: Decider;
  /** The client the decider spoke through, when it named one. */
  readonly via?: string;
  /** What reached the harness, when it was decided (re-sent if the harness asks again identically). */
  readonly sent?: SentDecision;
  /** Why it left: "decided", "deadline", "turn-ended", "interrupt", "halt", "native-resolved", "process-ended" … */
  readonly why: string;
}

export interface PendingCallState extends PendingCall {
  readonly ref: string | number | null;
  /** Further refs that presented the same call identically; each gets the one decision. */
  readonly alsoRefs?: readonly (string | number | null)[];
  readonly digest: string;
  readonly classification: "safe" | "gated";
  /** The harness's own timeout for this call (for the deadline reason). */
  readonly harnessTimeoutMs: number | null;
  /** hmux's own budget for this call in ms (deadlineAt - openedAt). */
  readonly budgetMs: number | null;
}

export interface OpenTurn {
  readonly id: string;
  readonly startedAt: number;
  /** The send that opened it (null: an injection or a turn the harness reported itself). */
  readonly by?: string | null;
  /** Failures the harness reported during the turn (the worst becomes the turn's). */
  readonly failures?: readonly FailureSummary[];
  /** A question the harness itself asked in this turn. */
  readonly question?: string;
  /** The latest assistant text, where an hmux question block would be. */
  readonly lastText?: string;
  /** An interrupt was asked for while it ran: a turn that then stops as asked ends `interrupted`. */
  readonly interrupted?: boolean;
}

export interface Census {
  readonly allowed: number;
  readonly denied: number;
  readonly replaced: number;
  readonly abstained: number;
  readonly byDecider: Readonly<Partial<Record<string, number>>>;
}

export interface ControlState {
  readonly config: ControlConfig;
  readonly lifecycle: Lifecycle;
  readonly turn: OpenTurn | null;
  /** Turns started in the session's life, counting those before a resume. */
  readonly turnsStarted: number;
  /** Caller ids of sends written during a turn that the harness runs as its own next turns. */
  readonly heldSends: readonly string[];
  /** The question the last turn ended on, until a send or answer opens the next turn. */
  readonly openQuestion: string | null;
  /** The question protocol's preamble went with the first text; the harness keeps it in its history. */
  readonly preambleSent: boolean;
  /** Frame text the model is shown with the next turn-opening text (frame.set). */
  readonly frameNote: string | null;
  /** The harness took its handshake: sends may be written. */
  readonly harnessReady: boolean;
  /** The harness's own session id (its identity event, or the one resumed). */
  readonly harnessSessionId: string | null;
  /** How the session ends, once that is decided: no send is taken after it. */
  readonly ending: Ending | null;
  /** Open calls, oldest first. */
  readonly pending: readonly PendingCallState[];
  /** Calls that left the pending set, by call id (append-only; see append-only-map.ts). */
  readonly settled: AppendOnlyMap<SettledCall>;
  readonly frame: { readonly inForce: Frame | null; readonly staged: Frame | null };
  readonly posture: string | null;
  readonly mode: DecisionMode;
  readonly census: Census;
  /** Command ids already answered: canonical content and the result given, for duplicate ids. */
  readonly answered: AppendOnlyMap<{ readonly content: string; readonly outcome: CommandOutcome }>;
  /** message.inject texts waiting for the turn boundary. */
  readonly queuedInjections: readonly string[];
  /** Warnings already emitted once (NO_FRAME_IN_FORCE). */
  readonly warnedOnce: readonly string[];
  /** The session's "allow always" rules in force, oldest first. */
  readonly rules: readonly AllowRule[];
  /** Rules made in the session's life (ids continue across a resume). */
  readonly rulesMade: number;
}

export interface StepResult {
  readonly state: ControlState;
  readonly effects: readonly ControlEffect[];
}

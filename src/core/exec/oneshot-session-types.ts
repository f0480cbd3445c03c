/**
 * What a session over one process per turn (oneshot-session.ts, per-turn-transport.ts) needs: one process per turn, each
 * turn planned afresh by the adapter with the harness's own session id from the turn before.
 */
import type { ChannelCapabilities } from "../control/capabilities.js";
import type { WaitingQuestion } from "../control/machine-types.js";
import type { SessionEvent } from "../control/types.js";
import type { HarnessName } from "../harness-names.js";
import type { RunTurnDeps, RunTurnRequest } from "./run-turn.js";
import type { ControlName } from "./session-bridge.js";
import type { ApprovalMode, SessionPlan } from "./session-types.js";

/** One turn as the runtime asks for it: the text exactly as the harness gets it, and the id to continue. */
export interface OneShotTurnInput {
  readonly prompt: string;
  /** The harness's own session id (the previous turn's identity); absent on a fresh first turn. */
  readonly resume?: string;
}

/** A turn's run request without what the runtime owns (abort signal, stall budget, question detection). */
export type OneShotTurnRequest = Omit<RunTurnRequest, "signal" | "stallMs" | "escalateQuestions">;

export interface OneShotSessionPlan {
  readonly sessionId: string;
  readonly harness: HarnessName;
  /** The capability row of the harness's one-shot channel: what each command can carry. */
  readonly channel: ChannelCapabilities;
  readonly origin: "fresh" | "resumed";
  readonly escalateQuestions: boolean;
  readonly approvals: ApprovalMode;
  /** The harness's own session id the first turn continues (hmux session --resume). */
  readonly resume?: string;
  /** Builds one turn (the adapter's planTurn + decoder); a RefusalError in its plan() ends that turn as rejected. */
  readonly turn: (input: OneShotTurnInput) => OneShotTurnRequest;
  readonly classify?: SessionPlan["classify"];
  readonly requiredControls?: readonly ControlName[];
  /** Per-turn inactivity budget in ms; 0 or absent disables. A stalled turn is killed; the session survives. */
  readonly stallMs?: number;
  readonly turnsBefore?: number;
  readonly waitingQuestion?: WaitingQuestion;
}

export interface OneShotPorts extends RunTurnDeps {
  /** Every event, in order, before any subscriber sees it (the journal). */
  readonly record?: (event: SessionEvent) => void;
}

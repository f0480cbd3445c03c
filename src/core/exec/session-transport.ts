/**
 * What the session runtime needs from the harness side: how text, decisions and stops reach
 * the harness, and how what the harness does comes back. Two implementations: one long-lived
 * process spoken to through a bridge (process-transport.ts: claude stream-json, codex
 * app-server, pi rpc) and one process per turn (per-turn-transport.ts: muse, cursor).
 * A transport keeps only I/O state; turns, questions and the session's end are the control
 * machine's (src/core/control/machine-turns.ts).
 */
import type { ControlInput } from "../control/machine-types.js";
import type { Decision, SessionEvent } from "../control/types.js";
import type { RequestRef } from "./open-requests.js";

/** Where a transport reports what the harness did. */
export interface TransportSink {
  /** A fact for the control machine: ready, a harness event, a call, a turn's end, the process gone … */
  input(input: ControlInput): void;
  /** An event about the stream itself that the machine need not see (an over-long line skipped). */
  emit(event: SessionEvent): void;
  /** The harness produced output (the stall watch starts over). */
  activity(): void;
}

export interface SessionTransport {
  /** Spawns what must run before the first send (or nothing) and reports ready when sends may be written. */
  start(sink: TransportSink): void;
  /**
   * Gives the harness one text: a new turn when `turnOpen` is false. `resume` is the harness's
   * own session id to continue (a process per turn needs it). True when the text was taken,
   * false when the harness's stdin is broken; a promise when that is known only later.
   */
  send(text: string, turnOpen: boolean, resume: string | null): boolean | Promise<boolean>;
  /** Answers the native request `ref` for a call; false when it could not be written. */
  decide(callId: string, ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>): Promise<boolean>;
  /** Lets a call reported before the harness's own check go on to that check. */
  continueCall(callId: string, ref: RequestRef): void;
  /** Stops the running turn while the session survives; false when only stopping the process would. */
  interrupt(): boolean;
  steer(text: string): void;
  setPermission(posture: string): void;
  /** Ends the harness: EOF and a grace before signals, or signals at once. Reports harness-gone when it is. */
  stop(now: boolean): void;
  /** Settles once everything written so far reached the harness (or failed). */
  flushed(): Promise<unknown>;
}

/**
 * What a harness's multi-turn channel must offer the session runtime. A bridge is pure and
 * stateful: it turns hmux intents into protocol lines and protocol lines into outputs. It
 * never writes, reads a clock or spawns — the runtime does, through injected ports.
 */

import { type ChannelCapabilities, delivers as commandDelivered } from "../control/capabilities.js";
import type { CommandName, MidTurnSend, ToolCallAsk } from "../control/machine-types.js";
import type { Decision } from "../control/types.js";
import type { JsonObject } from "../decoder.js";
import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import type { RequestRef } from "./open-requests.js";
import type { Clock } from "./ports.js";

export { COMMAND_NAMES, type CommandName } from "../control/machine-types.js";

/** A control a configuration can require: a command, or the replace decision, which is its own facet. */
export type ControlName = CommandName | "tool.decide/replace";

export interface BridgeCapabilities {
  readonly harness: HarnessName;
  /**
   * The capability row this bridge implements (declared in its adapter's capabilities.ts):
   * what each command and decision can carry is read there, with its evidence, never here.
   */
  readonly channel: ChannelCapabilities;
  /** The permission posture the bridge starts the harness in (checked for SHADOWED at start). */
  readonly posture: string | null;
  /** A long-lived process always takes text mid-turn: held for its next turn, or joining the running one. */
  readonly midTurnSend: Exclude<MidTurnSend, "refused">;
}

export type BridgeOutput =
  | { readonly kind: "event"; readonly event: HarnessEvent }
  | { readonly kind: "approval"; readonly ask: ToolCallAsk }
  /**
   * A call reported before the harness's own permission check (claude's PreToolUse hook
   * callback). The runtime must answer it: through encodeDecision (a frame deny) or
   * encodeContinue (no decision; the harness's own flow runs and may still ask).
   */
  | { readonly kind: "pre-tool-check"; readonly ask: ToolCallAsk }
  /** The harness resolved or withdrew a call on its own (e.g. codex serverRequest/resolved). */
  | { readonly kind: "approval-withdrawn"; readonly callId: string }
  /** The harness's turn ended; the runtime emits the turn-scoped done. */
  | { readonly kind: "turn-end"; readonly cause?: ExitCause; readonly failure?: FailureSummary }
  /** A protocol reply the bridge owes the harness (handshake steps). */
  | { readonly kind: "write"; readonly lines: readonly string[] }
  /** The handshake finished: sends may be written now. */
  | { readonly kind: "ready" }
  /** The handshake or the channel failed in a way that ends the session. */
  | { readonly kind: "fatal"; readonly failure: FailureSummary };

/**
 * Where a bridge that speaks through an asynchronous protocol library (ACP's SDK) reports what it
 * learns later than the line that caused it: a reply it owes, a turn's end, a fatal failure. The
 * transport hands it over before start(); the clock is the one every deadline of the session uses.
 */
export interface BridgeOutputPort {
  emit(outputs: readonly BridgeOutput[]): void;
  readonly clock: Clock;
}

export interface SessionBridge {
  readonly capabilities: BridgeCapabilities;
  /**
   * Optional: the bridge's own output path, for outputs that come later than the line, send or
   * decision that caused them. A line bridge has none and answers through its return values only.
   */
  attach?(port: BridgeOutputPort): void;
  /** Lines written right after spawn (handshake). A bridge with none is ready at once. */
  start(): { readonly lines: readonly string[]; readonly readyAtOnce: boolean };
  /** Lines for one user send; `turnOpen` says whether a turn is already running. */
  encodeSend(text: string, turnOpen: boolean): readonly string[];
  /**
   * Lines delivering one decision to the native request `ref` (the ask's own ref) for a call
   * this bridge reported; allow/deny/replace only. Nothing when that request is no longer open.
   */
  encodeDecision(
    callId: string,
    ref: RequestRef,
    decision: Exclude<Decision, { decision: "abstain" }>,
  ): readonly string[];
  /** Lines answering a pre-tool-check with "no decision, go on"; only bridges that report pre-tool-check need it. */
  encodeContinue?(callId: string, ref: RequestRef): readonly string[];
  /** Lines stopping the running turn while the session survives; null when the channel has none. */
  encodeInterrupt(): readonly string[] | null;
  /** Lines steering the running turn; null when the channel has none. */
  encodeSteer(text: string): readonly string[] | null;
  /** Lines changing the permission posture; null when the channel has none. */
  encodePermission(posture: string): readonly string[] | null;
  /** One stdout line that parsed as a JSON object. */
  record(record: JsonObject): readonly BridgeOutput[];
  /** A non-JSON line (any stderr line, or stdout text). */
  text(line: string, stream: "stdout" | "stderr"): readonly BridgeOutput[];
  /**
   * Optional: the process's output is all read; settles once the bridge has reported what it
   * still holds of it (an asynchronous library working through its last messages). The transport
   * reports the process gone only after, so nothing the harness said last is lost.
   */
  settle?(): Promise<void>;
  /** The process ended; whatever is pending. */
  end(): readonly BridgeOutput[];
}

/**
 * Whether this bridge's channel carries a control, read from the capability table (with its
 * evidence): a command is carried when the table says delivered; replace needs tool.decide
 * and the replace facet.
 */
export function delivers(capabilities: BridgeCapabilities, control: ControlName): boolean {
  const caps = capabilities.channel;
  if (control === "tool.decide/replace") return commandDelivered(caps, "tool.decide") && caps.facets.replace.value;
  return commandDelivered(caps, control);
}

/** A decoder's events as bridge output: what a bridge passes through untouched. */
export function asBridgeEvents(events: readonly HarnessEvent[]): BridgeOutput[] {
  return events.map((event) => ({ kind: "event", event }));
}

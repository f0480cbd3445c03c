/**
 * How a turn's `done` answers `session/prompt`: a stop reason where ACP has one for how it ended,
 * else a JSON-RPC error carrying hmux's failure (class, message, hint), so the client shows why
 * instead of a turn that merely stopped.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { FailureSummary, HarnessEvent } from "../../core/events.js";

type Done = Extract<HarnessEvent, { kind: "done" }>;

export type TurnEnd =
  | { readonly stopReason: acp.StopReason }
  | { readonly error: { readonly message: string; readonly failure?: FailureSummary } };

/** `cancelled`: the client asked to cancel this turn (ACP: then the answer is `cancelled`, however it stopped). */
export function turnEnd(done: Done, cancelled: boolean): TurnEnd {
  if (cancelled) return { stopReason: "cancelled" };
  switch (done.cause) {
    case "clean":
    case "awaiting-input":
      return { stopReason: "end_turn" };
    case "interrupted":
      // Interrupted from elsewhere (a person in hmux attach): for this client, its turn was cancelled.
      return { stopReason: "cancelled" };
    default:
      break;
  }
  const failure = done.failure;
  // A harness's own turn or step budget (claude's max turns, muse's step cap) is ACP's request limit.
  if (failure?.class === "budget") return { stopReason: "max_turn_requests" };
  const message = failure
    ? `the turn failed (${failure.class}): ${failure.message}`
    : `the turn ended ${done.cause}${done.exitCode !== null ? ` (exit ${done.exitCode})` : ""}`;
  return { error: { message, ...(failure ? { failure } : {}) } };
}

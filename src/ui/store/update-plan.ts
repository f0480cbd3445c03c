/**
 * The server's dry run for a dialog: asked through an effect, answered by a message. A reply to
 * an older question is stale and dropped; a preview never replaces a question that would start
 * something; once every request is planned without a refusal, what the question was for follows.
 */
import type { NewSessionRequest, PlanVerdict } from "../session-launcher.js";
import { type PlanNext, planPending } from "./plan-check.js";
import { only, type Step, withEffects } from "./step.js";
import type { UiState } from "./ui-state.js";
import { updateRace } from "./update-race.js";

export function askPlan(state: UiState, requests: readonly NewSessionRequest[], next: PlanNext): Step {
  if (state.launching) return only(state);
  const asked = state.planCheck;
  if (next.kind === "preview" && planPending(asked) && asked?.next.kind !== "preview") return only(state);
  const seq = state.planSeq + 1;
  return withEffects(
    {
      ...state,
      planSeq: seq,
      planCheck: { seq, requests, next, verdicts: null, failure: null },
      ...(next.kind !== "preview" ? { launchFailure: null } : {}),
    },
    { kind: "plan", seq, requests },
  );
}

export function planned(state: UiState, seq: number, verdicts: readonly PlanVerdict[], now: number): Step {
  const check = state.planCheck;
  if (check === null || check.seq !== seq || !planPending(check)) return only(state);
  const answered: UiState = { ...state, planCheck: { ...check, verdicts } };
  if (verdicts.length !== check.requests.length || !verdicts.every((v) => v.ok)) return only(answered);
  const next = check.next;
  switch (next.kind) {
    case "preview":
      return only(answered);
    case "launch":
      return withEffects(
        { ...answered, launching: true, launchFailure: null },
        { kind: "launch", request: next.request },
      );
    case "race":
      return updateRace(
        answered,
        { do: "start", prompt: next.prompt, harnesses: next.harnesses, check: next.check },
        now,
      );
  }
}

export function planFailed(state: UiState, seq: number, message: string): Step {
  const check = state.planCheck;
  if (check === null || check.seq !== seq || !planPending(check)) return only(state);
  return only({ ...state, planCheck: { ...check, failure: message } });
}

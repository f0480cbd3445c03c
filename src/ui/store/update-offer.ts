/**
 * The new-session dialog's harness list: asked of the launcher (the server) each time the dialog
 * opens, through an effect, and answered by a message. The dialog waits for it; an answer for an
 * earlier opening is dropped.
 */
import type { HarnessChoices } from "../session-launcher.js";
import { only, type Step, withEffects } from "./step.js";
import type { UiState } from "./ui-state.js";

export function askHarnesses(state: UiState): Step {
  const seq = (state.harnessOffer?.seq ?? 0) + 1;
  return withEffects(
    { ...state, harnessOffer: { seq, choices: null, failure: null } },
    { kind: "offer-harnesses", seq },
  );
}

export function offered(state: UiState, seq: number, choices: HarnessChoices | null, failure: string | null): Step {
  if (state.harnessOffer?.seq !== seq) return only(state);
  return only({ ...state, harnessOffer: { seq, choices, failure } });
}

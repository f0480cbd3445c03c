/**
 * The resume key: a pane whose session has ended (halted, failed, or restored detached after
 * its server died) is reopened through the harness's own resume, instead of being a dead end.
 * The port does the work (effects.ts); a session that is still running is told so, not resumed.
 */
import { flash, only, type Step, withEffects } from "./step.js";
import { focusedKey, type UiState } from "./ui-state.js";

export function resume(state: UiState, now: number): Step {
  const key = focusedKey(state);
  const view = key === undefined ? undefined : state.sessions.get(key);
  if (key === undefined || !view) return only(flash(state, now, "no session to resume", "info"));
  const ended = view.closed || view.lifecycle === "closed" || view.lifecycle === "failed";
  if (!ended) return only(flash(state, now, `${view.info.harness} is still running: nothing to resume`, "info"));
  if (!view.info.resumable)
    return only(flash(state, now, `this ${view.info.harness} pane cannot be resumed (no session to continue)`, "warn"));
  return withEffects(flash(state, now, `resuming ${view.info.label ?? view.info.harness}…`, "info"), {
    kind: "resume",
    key,
  });
}

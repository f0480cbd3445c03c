/** "Allow always": making a session rule from the open call, applying rules to new calls, revoking. */
import type { PendingCall } from "../../core/control/types.js";
import type { Effect } from "./messages.js";
import { ruleFor, ruleMatches, ruleText, sameRule } from "./session-rules.js";
import { flash, only, type Step, withEffects } from "./step.js";
import { focusedView, type UiState } from "./ui-state.js";

function allowBy(key: string, call: PendingCall, why: string): Effect {
  return {
    kind: "decide",
    key,
    callId: call.callId,
    decision: { decision: "allow" },
    what: `allow ${call.tool} (${why})`,
  };
}

/** Allows the focused call and, for the rest of the session, every call its rule matches (the queued ones too). */
export function allowAlways(state: UiState, now: number): Step {
  const view = focusedView(state);
  const call = view?.approvals[0];
  if (!view || !call) return only(state);
  const rule = ruleFor(call);
  const existing = state.rules.get(view.key) ?? [];
  const rules = existing.some((r) => sameRule(r, rule)) ? existing : [...existing, rule];
  const next: UiState = {
    ...flash(state, now, `allowed for this session: ${ruleText(rule)} (revoke in the inspector)`, "info", {
      command: "inspector",
      does: "lists rules",
    }),
    rules: new Map(state.rules).set(view.key, rules),
    compose: null,
    overlay: state.overlay?.kind === "approval-full" ? null : state.overlay,
  };
  const effects = view.approvals.filter((c) => ruleMatches(rule, c)).map((c) => allowBy(view.key, c, "session rule"));
  return withEffects(next, ...effects);
}

/** The decision a session rule makes for a call that just opened, if any rule matches it. */
export function ruledDecision(state: UiState, key: string, call: PendingCall): Effect | null {
  const rule = (state.rules.get(key) ?? []).find((r) => ruleMatches(r, call));
  return rule ? allowBy(key, call, `session rule ${ruleText(rule)}`) : null;
}

export function revokeRule(state: UiState, key: string, index: number, now: number): UiState {
  const rules = state.rules.get(key) ?? [];
  const rule = rules[index];
  if (!rule) return state;
  const left = rules.filter((_, i) => i !== index);
  return flash({ ...state, rules: new Map(state.rules).set(key, left) }, now, `revoked: ${ruleText(rule)}`, "info");
}

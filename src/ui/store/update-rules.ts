/**
 * "Allow always" as the TUI asks for it: the core makes, applies and keeps the rule
 * (src/core/control/allow-rules.ts); `A` only sends the allow with scope session (a path tool's path key, scope path) — the same
 * tool.decide a program sends — and the inspector's digit sends rule.revoke.
 */
import type { PendingCall } from "../../core/control/types.js";
import { flash, only, type Step, withEffects } from "./step.js";
import { focusedView, type UiState } from "./ui-state.js";

/** What `A` does on this call, in words: the rule the core offered, or why it offered none. */
export function alwaysText(call: PendingCall): { readonly offered: boolean; readonly text: string } {
  const always = call.always;
  if (!always) return { offered: false, text: "allow-always is not offered: this session keeps no rules" };
  if ("refused" in always) return { offered: false, text: `allow-always is not offered: ${always.refused}` };
  return { offered: true, text: `allow always: ${always.allows}` };
}

/** What the path key does on a path tool's call (the one path only); null where the core offered no such rule. */
export function alwaysPathText(call: PendingCall): { readonly offered: true; readonly text: string } | null {
  return call.alwaysPath ? { offered: true, text: `allow always: ${call.alwaysPath.allows}` } : null;
}

/**
 * Allows the focused call with scope session (`A`), or with scope path (a path tool's one path):
 * the core makes the rule and answers the calls it covers.
 */
export function allowAlways(state: UiState, now: number, scope: "session" | "path"): Step {
  const view = focusedView(state);
  const call = view?.approvals[0];
  if (!view || !call) return only(state);
  const offer =
    scope === "path"
      ? (alwaysPathText(call) ?? {
          offered: false,
          text: "a rule for this one path is not offered: the call names no one path",
        })
      : alwaysText(call);
  if (!offer.offered) return only(flash(state, now, `${offer.text} — allow it once instead`, "warn"));
  const next: UiState = {
    ...flash(state, now, `${offer.text} (revoke in the inspector)`, "info", {
      command: "inspector",
      does: "lists rules",
    }),
    compose: null,
    overlay: state.overlay?.kind === "approval-full" ? null : state.overlay,
  };
  return withEffects(next, {
    kind: "decide",
    key: view.key,
    callId: call.callId,
    decision: { decision: "allow" },
    scope,
    what: `allow always ${call.tool}${scope === "path" ? " on this path" : ""}`,
  });
}

/** Asks the core to take back the session's `index`-th rule, as the inspector numbers them. */
export function revokeRule(state: UiState, key: string, index: number, now: number): Step {
  const rule = state.sessions.get(key)?.rules[index];
  if (!rule) return only(state);
  return withEffects(flash(state, now, `revoking ${rule.id}: ${rule.allows}`, "info"), {
    kind: "revoke-rule",
    key,
    ruleId: rule.id,
    what: `revoke rule ${rule.id}`,
  });
}

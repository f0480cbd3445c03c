/**
 * The inbox overlay's keys (inbox-rows.ts lists what it shows): ↑/↓ choose a row, the approval
 * keys decide the chosen call where it is — allow, abstain, allow with a scope — without leaving
 * the list; deny and edit need text, so they go to the call's pane with its input line ready for
 * the reason or the new input; Enter goes to the pane. Every decision is the same port call the
 * pane's own keys make, so the core's record says the same whoever pressed where.
 */
import type { Decision } from "../../core/control/types.js";
import { type InboxRow, inboxRows, selectedRow } from "./inbox-rows.js";
import type { InboxAct } from "./messages.js";
import { flash, only, type Step, setDraft, withEffects } from "./step.js";
import { sessionNumber, type UiState } from "./ui-state.js";
import { focusNumber } from "./update-layout.js";
import { alwaysPathText, alwaysText } from "./update-rules.js";

export function updateInbox(state: UiState, act: InboxAct, now: number): Step {
  if (act.do === "open") return only({ ...state, overlay: { kind: "inbox", selected: 0 }, compose: null });
  const overlay = state.overlay;
  if (overlay?.kind !== "inbox") return only(state);
  const { row, index } = selectedRow(state, overlay.selected);
  switch (act.do) {
    case "select": {
      const last = Math.max(0, inboxRows(state).length - 1);
      const next = Math.max(0, Math.min(last, index + act.delta));
      return only(next === overlay.selected ? state : { ...state, overlay: { kind: "inbox", selected: next } });
    }
    case "close":
      return only({ ...state, overlay: null });
    case "jump":
      return row ? only(jumpTo(state, row)) : only({ ...state, overlay: null });
    case "decide":
      return decideRow(state, row, act.decision, now);
    case "abstain": {
      if (row?.kind !== "approval") return only(state);
      const view = state.sessions.get(row.key);
      if (!view?.info.support.abstain)
        return only(flash(state, now, `${view?.info.harness ?? "it"} has no permission check of its own`, "warn"));
      return decideRow(state, row, { decision: "abstain" }, now);
    }
    case "always":
      return alwaysRow(state, row, act.scope, now);
    case "compose": {
      if (row?.kind !== "approval") return only(state);
      const view = state.sessions.get(row.key);
      if (act.compose === "edit" && !view?.info.support.replace)
        return only(flash(state, now, `${view?.info.harness ?? "it"} cannot replace a tool input`, "warn"));
      const at = jumpTo(state, row);
      const drafted = setDraft(at, row.key, act.compose === "edit" ? JSON.stringify(row.call.input ?? {}) : "");
      return only({ ...drafted, compose: { kind: act.compose, sessionKey: row.key, callId: row.call.callId } });
    }
  }
}

/** The row's pane focused (a closed one reopens), the overlay closed. */
function jumpTo(state: UiState, row: InboxRow): UiState {
  return { ...focusNumber({ ...state, overlay: null }, sessionNumber(state, row.key)), overlay: null };
}

function label(state: UiState, row: InboxRow): string {
  const view = state.sessions.get(row.key);
  return `${sessionNumber(state, row.key)}:${view?.info.label ?? view?.info.harness ?? "?"}`;
}

function decideRow(state: UiState, row: InboxRow | undefined, decision: Decision, now: number): Step {
  if (row?.kind !== "approval")
    return only(row ? flash(state, now, "a question is answered in its pane", "info") : state);
  const what = `${decision.decision} ${row.call.tool} in ${label(state, row)}`;
  return withEffects(flash(state, now, what, "info"), {
    kind: "decide",
    key: row.key,
    callId: row.call.callId,
    decision,
    what,
  });
}

function alwaysRow(state: UiState, row: InboxRow | undefined, scope: "session" | "path", now: number): Step {
  if (row?.kind !== "approval") return only(state);
  const offer =
    scope === "path"
      ? (alwaysPathText(row.call) ?? { offered: false, text: "a rule for this one path is not offered" })
      : alwaysText(row.call);
  if (!offer.offered) return only(flash(state, now, `${offer.text} — allow it once instead`, "warn"));
  const what = `allow always ${row.call.tool} in ${label(state, row)}`;
  return withEffects(flash(state, now, `${offer.text} (revoke in the inspector)`, "info"), {
    kind: "decide",
    key: row.key,
    callId: row.call.callId,
    decision: { decision: "allow" },
    scope,
    what,
  });
}

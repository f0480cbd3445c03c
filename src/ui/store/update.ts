/**
 * The one update function: (state, message, now) → the next state and the effects to run.
 * Pure: it reads no clock, calls no port and changes nothing it is given, so every
 * transition of the TUI can be tested without Ink. The store (app-store.ts) feeds it and
 * runs the effects (effects.ts).
 */
import { applyKey, applyPaste } from "../components/text-edit.js";
import { followFirstRequest } from "./first-focus.js";
import { fromPerson } from "./from-person.js";
import type { Msg } from "./messages.js";
import { settleStatus } from "./status-rule.js";
import { flash, only, type Step, setDraft } from "./step.js";
import { anyRunning, type UiState } from "./ui-state.js";
import { updateBroadcast } from "./update-broadcast.js";
import { branchStatusEffects, changesIntent, changesReport } from "./update-changes.js";
import { compareSettings } from "./update-compare.js";
import { updateInbox } from "./update-inbox.js";
import {
  abstain,
  answerOption,
  cancelCompose,
  decide,
  editInput,
  halt,
  haltAll,
  interrupt,
  quit,
  startCompose,
  submitInput,
} from "./update-input.js";
import {
  closePane,
  focusAttention,
  focusDirection,
  focusIndex,
  focusNumber,
  focusStep,
  reopenPane,
  resize,
  scrollPages,
  scrollRows,
  toggleApprovalFull,
  toggleNotices,
  toggleZoom,
} from "./update-layout.js";
import { keepTypingFocused, nativeKeys, sayLaunchNotes, typeIntoOpened } from "./update-native.js";
import { askHarnesses, offered } from "./update-offer.js";
import { askPlan, planFailed, planned } from "./update-plan.js";
import { raceEvent, raceSessionOpened, updateRace } from "./update-race.js";
import { resume } from "./update-resume.js";
import { allowAlways, revokeRule } from "./update-rules.js";
import { clockTick, openSession, sessionEvent, sessionEvents, sessionGone } from "./update-session.js";

export function update(state: UiState, msg: Msg, now: number): Step {
  const step = updateFocused(state, msg, now);
  const byPerson = fromPerson(msg);
  // A key that changed nothing leaves the state as it was (no redraw), so it does not count as acting.
  const acted = byPerson && step.state !== state && !step.state.acted ? { ...step.state, acted: true } : step.state;
  const kept = settleStatus(state, keepTypingFocused(followFirstRequest(acted)), byPerson);
  const status = branchStatusEffects(state, kept, msg);
  if (kept === step.state && status.length === 0) return step;
  return { state: kept, effects: [...step.effects, ...status] };
}

function updateFocused(state: UiState, msg: Msg, now: number): Step {
  switch (msg.kind) {
    case "broadcast":
      return updateBroadcast(state, msg.act, now);
    case "race":
      return updateRace(state, msg.act, now);
    case "inbox":
      return updateInbox(state, msg.act, now);
    case "session-opened":
      return only(
        raceSessionOpened(
          sayLaunchNotes(
            typeIntoOpened(openSession(state, msg.key, msg.info, msg.pane !== false), msg.key),
            msg.info,
            now,
          ),
          msg.key,
          msg.info,
          now,
        ),
      );
    case "native-keys":
      return only(nativeKeys(state, msg.to, now));
    case "session-event": {
      const step = sessionEvent(state, msg.key, msg.event, now);
      if (!state.race) return step;
      const raced = raceEvent(step.state, msg.key, msg.event, now);
      return raced.state === step.state ? step : { state: raced.state, effects: [...step.effects, ...raced.effects] };
    }
    case "session-events": {
      // A race tallies event by event; a replay (attach) never feeds a race's contestant.
      if (state.race)
        return msg.events.reduce<Step>((step, event) => {
          const next = updateFocused(step.state, { kind: "session-event", key: msg.key, event }, now);
          return { state: next.state, effects: [...step.effects, ...next.effects] };
        }, only(state));
      return sessionEvents(state, msg.key, msg.events, now, msg.times);
    }
    case "session-gone":
      return only(sessionGone(state, msg.key, msg.why, now));
    case "session-usage": {
      const view = state.sessions.get(msg.key);
      if (!view) return only(state);
      return only({ ...state, sessions: new Map(state.sessions).set(msg.key, { ...view, usage: msg.usage }) });
    }
    case "clock":
      return only(clockTick(state, now));
    case "terminal-focus":
      return only(state.terminalFocused === msg.focused ? state : { ...state, terminalFocused: msg.focused });
    case "outcome": {
      const o = msg.outcome;
      if ("disposition" in o)
        return only(
          o.disposition === "rejected" ? flash(state, now, `${msg.what} rejected: ${o.reason}`, "warn") : state,
        );
      if (o.result !== "refused") return only(state);
      return only(flash(state, now, `${msg.what} refused (${o.refused.code}): ${o.refused.reason}`, "warn"));
    }
    case "outcome-failed":
      return only(flash(state, now, `${msg.what} failed: ${msg.message}`, "error"));
    case "focus":
      return only(focusIndex(state, msg.index));
    case "focus-number":
      return only(focusNumber(state, msg.number));
    case "focus-attention":
      return only(focusAttention(state, now));
    case "focus-direction":
      return only(focusDirection(state, msg.direction));
    case "focus-step":
      return only(focusStep(state, msg.delta));
    case "toggle-zoom":
      return only(toggleZoom(state));
    case "toggle-notices":
      return only(toggleNotices(state, now));
    case "close-pane":
      return only(closePane(state, now));
    case "reopen-pane":
      return only(reopenPane(state, now));
    case "open-overlay": {
      const opened = { ...state, overlay: msg.overlay, launchFailure: null, planCheck: null, changes: null };
      return msg.overlay.kind === "new-session" ? askHarnesses(opened) : only(opened);
    }
    case "compare-settings":
      return only(compareSettings(state, now));
    case "close-overlay":
      return only(state.overlay === null ? state : { ...state, overlay: null, changes: null });
    case "toggle-approval-full":
      return only(toggleApprovalFull(state));
    case "set-draft":
      return only(setDraft(state, msg.key, msg.text));
    case "edit-input":
      return only(editInput(state, (draft) => applyKey(draft, msg.edit)));
    case "paste-input":
      return only(editInput(state, (draft) => applyPaste(draft, msg.text, true)));
    case "submit-input":
      return submitInput(state, msg.text, now);
    case "answer-option":
      return answerOption(state, msg.index, now);
    case "decide":
      return decide(state, msg.decision);
    case "start-compose":
      return startCompose(state, msg.compose, now);
    case "abstain":
      return abstain(state, now);
    case "cancel-compose":
      return only(cancelCompose(state));
    case "interrupt":
      return interrupt(state, now);
    case "halt":
      return halt(state, now);
    case "resume":
      return resume(state, now);
    case "allow-always":
      return allowAlways(state, now, msg.scope ?? "session");
    case "revoke-rule":
      return revokeRule(state, msg.key, msg.index, now);
    case "ask-halt-all":
      return only(
        anyRunning(state)
          ? { ...state, overlay: { kind: "halt-all" } }
          : flash(state, now, "nothing is running", "info"),
      );
    case "halt-all":
      return haltAll({ ...state, overlay: null }, now);
    case "quit":
      return only(quit(state));
    case "quit-now":
      return only({ ...state, overlay: null, quitRequested: true });
    case "quit-halt":
      return only({ ...state, overlay: null, quitRequested: true, quitHalts: true });
    case "scroll-pages":
      return only(scrollPages(state, msg.pages));
    case "scroll-rows":
      return only(scrollRows(state, msg.index, msg.rows));
    case "resize":
      return only(resize(state, msg.columns, msg.rows));
    case "plan":
      return askPlan(state, msg.requests, msg.next);
    case "planned":
      return planned(state, msg.seq, msg.verdicts, now);
    case "plan-failed":
      return planFailed(state, msg.seq, msg.message);
    case "harnesses-offered":
      return offered(state, msg.seq, msg.choices, null);
    case "harnesses-failed":
      return offered(state, msg.seq, null, msg.message);
    case "launched":
      return only({
        ...state,
        launching: false,
        overlay: state.overlay?.kind === "new-session" ? null : state.overlay,
      });
    case "launch-failed":
      return only({ ...state, launching: false, launchFailure: msg.message });
    case "flash":
      return only(flash(state, now, msg.text, msg.tone, msg.hint));
    case "key-ignored":
      return only(state);
    case "open-changes":
    case "changes-scope":
    case "changes-turn":
    case "changes-scroll":
    case "changes-commit":
    case "changes-message":
    case "changes-commit-submit":
    case "changes-merge":
    case "changes-discard":
    case "changes-discard-confirm":
    case "changes-back":
      return changesIntent(state, msg, now);
    case "changes-loaded":
    case "changes-load-failed":
    case "changes-done":
    case "changes-failed":
    case "branch-status":
      return changesReport(state, msg, now);
  }
}

/**
 * What the person's Enter, approval keys and stop keys mean for the focused session: the
 * next state and the port calls to make. Every refusal to act is said on the status line.
 */
import type { Decision } from "../../core/control/types.js";
import { composeAnswer } from "../../core/question.js";
import type { TextState } from "../components/text-edit.js";
import type { Effect } from "./messages.js";
import { isActive, type SessionView } from "./session-view.js";
import { announce, flash, only, type Step, setDraft, setDraftAt, withEffects } from "./step.js";
import { anyRunning, draftCursorOf, draftOf, focusedKey, focusedView, inputMode, type UiState } from "./ui-state.js";
import { sessionEvent } from "./update-session.js";

function replaceView(state: UiState, view: SessionView): UiState {
  return { ...state, sessions: new Map(state.sessions).set(view.key, view) };
}

/** The focused pane's draft after one edit at its cursor. */
export function editInput(state: UiState, edit: (draft: TextState) => TextState): UiState {
  const key = focusedKey(state);
  if (key === undefined) return state;
  const before: TextState = { value: draftOf(state, key), cursor: draftCursorOf(state, key) };
  const after = edit(before);
  return after === before ? state : setDraftAt(state, key, after.value, after.cursor);
}

export function submitInput(state: UiState, text: string, now: number): Step {
  const key = focusedKey(state);
  const view = focusedView(state);
  if (key === undefined || !view) return only(state);
  if (state.compose) return submitCompose(state, text, now);
  const trimmed = text.trim();
  if (trimmed === "") return only(state);
  const mode = inputMode(state);
  if (mode === "none") {
    return only(
      view.lifecycle === "running"
        ? flash(state, now, `${view.info.harness} cannot take input during a turn; wait, or interrupt`, "warn", {
            command: "turn.interrupt",
            does: "interrupts",
          })
        : flash(state, now, `${view.info.harness} is ${view.lifecycle}; nothing to send to`, "warn"),
    );
  }
  const cleared = setDraft(state, key, "");
  if (mode === "answer") return sendAnswer(cleared, trimmed, now);
  const shown = sessionEvent(cleared, key, { kind: "message", role: "user", text: trimmed }, now);
  const send: Effect = { kind: "send", key, text: trimmed, mode, what: mode === "turn" ? "prompt" : mode };
  return withEffects(shown.state, ...shown.effects, send);
}

export function answerOption(state: UiState, index: number, now: number): Step {
  const option = focusedView(state)?.question?.options[index];
  return option === undefined ? only(state) : sendAnswer(state, option, now);
}

/** An open question event is answered; a question read from text is answered as the next turn. */
function sendAnswer(state: UiState, text: string, now: number): Step {
  const asked = focusedView(state);
  if (!asked?.question) return only(state);
  // The answer shows in the transcript like a typed prompt.
  const shown = sessionEvent(state, asked.key, { kind: "message", role: "user", text }, now).state;
  const view = shown.sessions.get(asked.key)!;
  const question = asked.question;
  state = shown;
  if (question.viaText) {
    const send: Effect = {
      kind: "send",
      key: view.key,
      text: composeAnswer(question.question, text),
      mode: "turn",
      what: "answer",
    };
    return withEffects(replaceView(state, { ...view, question: null }), send);
  }
  return withEffects(state, { kind: "answer", key: view.key, text });
}

export function decide(state: UiState, decision: Decision): Step {
  const view = focusedView(state);
  const call = view?.approvals[0];
  if (!view || !call) return only(state);
  return decideCall(state, view.key, call.callId, decision);
}

/** Decides one call of a session (the one a deny reason or an edit was typed for, which may not be the first). */
function decideCall(state: UiState, key: string, callId: string, decision: Decision): Step {
  const call = state.sessions.get(key)?.approvals.find((c) => c.callId === callId);
  if (!call) return only(state);
  const out: UiState = {
    ...state,
    compose: null,
    overlay: state.overlay?.kind === "approval-full" ? null : state.overlay,
  };
  return withEffects(out, {
    kind: "decide",
    key,
    callId: call.callId,
    decision,
    what: `${decision.decision} ${call.tool}`,
  });
}

export function startCompose(state: UiState, kind: "deny" | "edit", now: number): Step {
  const key = focusedKey(state);
  const view = focusedView(state);
  const call = view?.approvals[0];
  if (key === undefined || !view || !call) return only(state);
  // Typing happens on the pane's input line, so the full-screen view gives way.
  const base: UiState = state.overlay?.kind === "approval-full" ? { ...state, overlay: null } : state;
  if (kind === "edit" && !view.info.support.replace)
    return only(flash(base, now, `${view.info.harness} cannot replace a tool input`, "warn"));
  const drafted = setDraft(base, key, kind === "edit" ? JSON.stringify(call.input ?? {}) : "");
  return only({ ...drafted, compose: { kind, sessionKey: key, callId: call.callId } });
}

export function abstain(state: UiState, now: number): Step {
  const view = focusedView(state);
  if (!view?.approvals[0]) return only(state);
  if (!view.info.support.abstain)
    return only(flash(state, now, `${view.info.harness} has no permission check of its own to abstain to`, "warn"));
  return decide(state, { decision: "abstain" });
}

function submitCompose(state: UiState, text: string, now: number): Step {
  const compose = state.compose;
  if (!compose) return only(state);
  const view = state.sessions.get(compose.sessionKey);
  if (!view?.approvals.some((c) => c.callId === compose.callId))
    return only(flash({ ...state, compose: null }, now, "that approval is no longer open", "warn"));
  if (compose.kind === "deny") {
    const reason = text.trim();
    if (reason === "") return only(flash(state, now, "a deny needs a reason: the model acts on it", "warn"));
    return decideCall(setDraft(state, compose.sessionKey, ""), compose.sessionKey, compose.callId, {
      decision: "deny",
      reason,
    });
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return only(flash(state, now, "the edited input is not valid JSON", "error"));
  }
  return decideCall(setDraft(state, compose.sessionKey, ""), compose.sessionKey, compose.callId, {
    decision: "replace",
    input,
  });
}

export function cancelCompose(state: UiState): UiState {
  if (!state.compose) return state;
  return { ...setDraft(state, state.compose.sessionKey, ""), compose: null };
}

export function interrupt(state: UiState, now: number): Step {
  const view = focusedView(state);
  if (!view || !isActive(view)) return only(state);
  if (view.lifecycle === "idle") return only(flash(state, now, "no turn is running", "info"));
  return withEffects(state, { kind: "interrupt", key: view.key });
}

export function halt(state: UiState, now: number): Step {
  const view = focusedView(state);
  if (!view || !isActive(view)) return only(state);
  return withEffects(
    announce(state, now, `halting ${view.info.label ?? view.info.harness}`, { sessionEnds: view.key }),
    {
      kind: "halt",
      key: view.key,
      what: "halt",
    },
  );
}

export function haltAll(state: UiState, now: number): Step {
  const effects: Effect[] = [];
  for (const view of state.sessions.values())
    if (isActive(view)) effects.push({ kind: "halt", key: view.key, what: `halt ${view.info.harness}` });
  const n = effects.length;
  return withEffects(
    flash(state, now, n === 0 ? "nothing is running" : `halting ${n} session${n === 1 ? "" : "s"}`, "info"),
    ...effects,
  );
}

/** Asks while sessions run; with nothing running it leaves at once (server sessions stay there: a detach). */
export function quit(state: UiState): UiState {
  return anyRunning(state) ? { ...state, overlay: { kind: "quit" } } : { ...state, quitRequested: true };
}

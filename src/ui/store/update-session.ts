/** What the sessions report, folded into the state: new sessions, their events, the clock. */
import type { SessionEvent } from "../../core/control/types.js";
import { MAX_PANES } from "../layout/tile.js";
import type { SessionInfo } from "../session-port.js";
import { applyEvent } from "./apply-event.js";
import type { Effect } from "./messages.js";
import { createSessionView, needsYou, type SessionView } from "./session-view.js";
import { flash, only, type Step, setDraft, withEffects } from "./step.js";
import { countdownsRead, spinning } from "./tick-demand.js";
import { FLASH_MS, focusedKey, hasDeadline, sessionNumber, type UiState } from "./ui-state.js";

/** A new session: on the rail, and as the focused pane while fewer than nine are open. */
export function openSession(state: UiState, key: string, info: SessionInfo, pane = true): UiState {
  const sessions = new Map(state.sessions).set(key, createSessionView(key, info));
  if (!pane || state.panes.length >= MAX_PANES) return { ...state, sessions };
  const panes = [...state.panes, key];
  return { ...state, sessions, panes, focus: panes.length - 1 };
}

/** A session that ended elsewhere (killed by another client): its pane closes; it stays on the rail as it ended. */
export function sessionGone(state: UiState, key: string, why: string, now: number): UiState {
  const view = state.sessions.get(key);
  if (!view) return state;
  const index = state.panes.indexOf(key);
  const panes = state.panes.filter((k) => k !== key);
  const focus = index >= 0 && index < state.focus ? state.focus - 1 : state.focus;
  const gone: UiState = {
    ...state,
    panes,
    focus: Math.max(0, Math.min(focus, panes.length - 1)),
    zoom: panes.length === 0 ? false : state.zoom,
    compose: state.compose?.sessionKey === key ? null : state.compose,
    typingInto: state.typingInto === key ? null : state.typingInto,
  };
  return flash(gone, now, `${view.info.label ?? view.info.harness} ${why}`, "info");
}

function announce(state: UiState, view: SessionView, why: "approval" | "question" | "failure"): Effect {
  const pane = state.panes.indexOf(view.key);
  const where = pane >= 0 ? `pane ${sessionNumber(state, view.key)}` : "hidden pane";
  const label = view.info.label ?? view.info.harness;
  const reason =
    why === "approval"
      ? `approval needed: ${view.approvals[0]?.tool ?? "tool"}`
      : why === "question"
        ? `question: ${view.question?.question ?? ""}`
        : `failed: ${view.lastFailure?.class ?? "error"}`;
  return { kind: "notify", key: view.key, title: `${label} (${where})`, reason, why };
}

/** One event: the view moves on; a session newly needing you is announced once. */
export function sessionEvent(state: UiState, key: string, event: SessionEvent, now: number): Step {
  return sessionEvents(state, key, [event], now);
}

/**
 * Events that arrived together (a replay on attach), folded into the view in order, then
 * judged once: a session needing you after them is announced once, and a session rule answers
 * the calls still pending after them (a replayed request that was settled since is not re-answered).
 * Each is folded at its own time where `times` knows it (a replay's turn lasted what it did
 * live), at `now` otherwise.
 */
export function sessionEvents(
  state: UiState,
  key: string,
  events: readonly SessionEvent[],
  now: number,
  times?: readonly (number | undefined)[],
): Step {
  const view = state.sessions.get(key);
  if (!view) return only(state);
  let next = view;
  for (let i = 0; i < events.length; i++) next = applyEvent(next, events[i]!, times?.[i] ?? now);
  if (next === view) return only(state);
  let out: UiState = { ...state, sessions: new Map(state.sessions).set(key, next) };
  const before = needsYou(view);
  const after = needsYou(next);
  // Said once, when the session starts waiting; not for the pane in front of the person (focused, in a focused window).
  const watched = focusedKey(out) === key && out.terminalFocused;
  const effects: Effect[] = after && after !== before && !watched ? [announce(out, next, after)] : [];
  const compose = out.compose;
  if (compose && compose.sessionKey === key && !next.approvals.some((c) => c.callId === compose.callId)) {
    // The call being answered was decided elsewhere (deadline, harness): drop the half-typed decision.
    out = setDraft({ ...out, compose: null }, key, "");
    out = flash(out, now, "the call you were deciding was closed before you sent it (deadline or harness)", "warn");
  }
  return withEffects(settleClock(out, now), ...effects);
}

/**
 * The instant countdowns are drawn at, 0 while no call has a deadline. It moves only when some
 * countdown would read differently, so a tick that changes no text leaves the state (and the
 * screen) as it was.
 */
export function settleClock(state: UiState, now: number): UiState {
  if (!hasDeadline(state)) return state.clock === 0 ? state : { ...state, clock: 0 };
  if (state.clock !== 0 && countdownsRead(state, state.clock, now)) return state;
  return { ...state, clock: now };
}

/** The cadence tick: the focused running session's spinner advances; an old flash goes. */
export function clockTick(state: UiState, now: number): UiState {
  let out = spinning(state) ? { ...state, tick: state.tick + 1 } : state;
  if (out.flash && now - out.flash.at > FLASH_MS) out = { ...out, flash: null };
  return settleClock(out, now);
}

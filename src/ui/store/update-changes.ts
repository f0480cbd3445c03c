/**
 * The changes view as state transitions: opening it for the focused pane's worktree, switching
 * between "against the base" and "this turn only", stepping through turns, scrolling, and the
 * three actions — commit (message prefilled from the turn's prompt), merge into the base,
 * discard (asked first). Every git call is an effect (effects.ts → the session's changes port);
 * what comes back is a message folded in here. Also: asking for a worktree branch's
 * ahead/behind after each turn, never on a timer.
 */
import type { ChangesScope } from "../changes-port.js";
import { type ChangesAction, type ChangesState, maxScroll } from "./changes-state.js";
import type { ChangesIntent, ChangesReport, Effect, Msg } from "./messages.js";
import { isActive, type SessionView } from "./session-view.js";
import { flash, only, type Step, withEffects } from "./step.js";
import { focusedView, type UiState } from "./ui-state.js";

const SUBJECT_MAX = 72;

function scopeOf(c: ChangesState): ChangesScope {
  return c.scope === "base" ? { kind: "base" } : { kind: "turn", turn: c.turn };
}

/** The view reloaded: a new request number, so an older answer still on its way is dropped. */
function reload(state: UiState, c: ChangesState, extra: Partial<ChangesState> = {}): Step {
  const next: ChangesState = { ...c, ...extra, loading: true, seq: c.seq + 1 };
  return withEffects(
    { ...state, changes: next },
    { kind: "changes-load", key: next.key, seq: next.seq, scope: scopeOf(next) },
  );
}

function setChanges(state: UiState, changes: ChangesState): UiState {
  return { ...state, changes };
}

/** The latest prompt typed in the session, first line, as a commit subject. */
export function turnPrompt(view: SessionView | undefined): string {
  if (!view) return "";
  for (let i = view.entries.length - 1; i >= 0; i--) {
    const e = view.entries[i]!;
    if (e.kind === "message" && e.role === "user") {
      const line = e.text.trim().split("\n")[0]!.trim();
      return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
    }
  }
  return view.info.initialPrompt?.split("\n")[0]?.trim() ?? "";
}

export function openChanges(state: UiState): Step {
  const view = focusedView(state);
  if (!view) return only(state);
  const changes: ChangesState = {
    key: view.key,
    scope: "base",
    turn: null,
    data: null,
    loading: false,
    seq: state.changes?.seq ?? 0,
    scroll: 0,
    mode: "browse",
    message: "",
    busy: null,
    result: null,
  };
  const opened: UiState = { ...state, overlay: { kind: "changes" }, changes };
  // A pane without a worktree: the view says so and how to get one; nothing to ask git.
  if (!view.info.workspace) return only(opened);
  return reload(opened, changes);
}

/** The running session must not have its files pulled from under it. */
function busyAgent(state: UiState, c: ChangesState): string | null {
  const view = state.sessions.get(c.key);
  if (!view || !isActive(view)) return null;
  return view.lifecycle === "idle" || view.lifecycle === "awaiting-input"
    ? null
    : `${view.info.label ?? view.info.harness} is working in this worktree; wait for the turn to end (or interrupt it) first`;
}

function refuse(state: UiState, c: ChangesState, text: string): Step {
  return only(setChanges(state, { ...c, result: { tone: "warn", text, files: [] } }));
}

function act(state: UiState, c: ChangesState, action: ChangesAction, message?: string): Step {
  if (c.busy) return only(state);
  const running = busyAgent(state, c);
  if (running) return refuse(state, c, running);
  const next: ChangesState = { ...c, busy: action, mode: "browse", result: null };
  return withEffects(setChanges(state, next), {
    kind: "changes-act",
    key: c.key,
    action,
    ...(message !== undefined ? { message } : {}),
  });
}

export function changesIntent(state: UiState, msg: ChangesIntent, _now: number): Step {
  if (msg.kind === "open-changes") return openChanges(state);
  const c = state.changes;
  if (!c || state.overlay?.kind !== "changes") return only(state);
  const hasWorktree = state.sessions.get(c.key)?.info.workspace !== undefined;
  switch (msg.kind) {
    case "changes-back":
      if (c.mode !== "browse") return only(setChanges(state, { ...c, mode: "browse" }));
      return only({ ...state, overlay: null, changes: null });
    case "changes-scroll": {
      const top = Math.max(0, Math.min(maxScroll(state.rows, c), c.scroll + msg.rows));
      return top === c.scroll ? only(state) : only(setChanges(state, { ...c, scroll: top }));
    }
    case "changes-scope":
      if (!hasWorktree) return only(state);
      return reload(state, c, { scope: c.scope === "base" ? "turn" : "base", turn: null, scroll: 0, result: null });
    case "changes-turn": {
      if (!hasWorktree) return only(state);
      const turns = c.data?.turns ?? 0;
      if (turns === 0) return refuse(state, c, "no turn has been recorded in this worktree yet");
      const current = c.scope === "turn" ? (c.data?.turn ?? turns) : turns + (msg.delta > 0 ? 0 : 1);
      const turn = Math.max(1, Math.min(turns, current + msg.delta));
      if (c.scope === "turn" && turn === c.data?.turn) return only(state);
      return reload(state, c, { scope: "turn", turn, scroll: 0, result: null });
    }
    case "changes-commit":
      if (!hasWorktree || c.busy) return only(state);
      return only(
        setChanges(state, { ...c, mode: "commit", message: turnPrompt(state.sessions.get(c.key)), result: null }),
      );
    case "changes-message":
      return c.mode === "commit" ? only(setChanges(state, { ...c, message: msg.text })) : only(state);
    case "changes-commit-submit": {
      if (c.mode !== "commit") return only(state);
      const text = msg.text.trim();
      if (text === "") return refuse(state, { ...c, message: msg.text }, "a commit needs a message");
      return act(state, { ...c, message: msg.text }, "commit", text);
    }
    case "changes-merge":
      if (!hasWorktree) return only(state);
      return act(state, c, "merge");
    case "changes-discard":
      if (!hasWorktree || c.busy) return only(state);
      return only(setChanges(state, { ...c, mode: "confirm-discard", result: null }));
    case "changes-discard-confirm":
      if (c.mode !== "confirm-discard") return only(state);
      return act(state, c, "discard");
  }
}

export function changesReport(state: UiState, msg: ChangesReport, now: number): Step {
  if (msg.kind === "branch-status") {
    const known = state.branchStatus.get(msg.key);
    const s = msg.status;
    if (known && known.ahead === s.ahead && known.behind === s.behind && known.dirty === s.dirty) return only(state);
    return only({ ...state, branchStatus: new Map(state.branchStatus).set(msg.key, s) });
  }
  const c = state.changes;
  const mine = c !== null && c.key === msg.key;
  switch (msg.kind) {
    case "changes-loaded": {
      if (!mine || msg.seq !== c.seq) return only(state);
      const next: ChangesState = { ...c, data: msg.data, loading: false, turn: msg.data.turn };
      const top = Math.min(next.scroll, maxScroll(state.rows, next));
      const withStatus = new Map(state.branchStatus).set(msg.key, msg.data.status);
      return only({ ...state, changes: { ...next, scroll: top }, branchStatus: withStatus });
    }
    case "changes-load-failed":
      if (!mine || msg.seq !== c.seq) return only(state);
      return only(
        setChanges(state, {
          ...c,
          loading: false,
          result: { tone: "error", text: msg.message, files: [], ...(msg.hint ? { hint: msg.hint } : {}) },
        }),
      );
    case "changes-done": {
      const status: Effect = { kind: "branch-status", key: msg.key };
      if (!mine) return withEffects(flash(state, now, msg.text, "info"), status);
      const after = msg.action === "commit" ? { message: "" } : {};
      const step = reload(state, { ...c, busy: null, result: { tone: "info", text: msg.text, files: [] }, ...after });
      return withEffects(step.state, ...step.effects, status);
    }
    case "changes-failed": {
      if (!mine) return only(flash(state, now, `${msg.action} failed: ${msg.message}`, "error"));
      const result = {
        tone: "error" as const,
        text: msg.message,
        files: msg.files,
        ...(msg.hint ? { hint: msg.hint } : {}),
      };
      // A failed commit keeps its message open for another try.
      return only(setChanges(state, { ...c, busy: null, mode: msg.action === "commit" ? "commit" : "browse", result }));
    }
  }
}

/**
 * After a message, the worktree sessions whose branch may have moved: a turn just ended, or the
 * session just opened. Asked once per such moment, so nothing polls git.
 */
export function branchStatusEffects(before: UiState, after: UiState, msg: Msg): Effect[] {
  if (msg.kind === "session-opened") {
    return after.sessions.get(msg.key)?.info.workspace ? [{ kind: "branch-status", key: msg.key }] : [];
  }
  if (msg.kind !== "session-event" && msg.kind !== "session-events") return [];
  const view = after.sessions.get(msg.key);
  if (!view?.info.workspace) return [];
  const was = before.sessions.get(msg.key)?.turn ?? null;
  return was !== null && view.turn === null ? [{ kind: "branch-status", key: msg.key }] : [];
}

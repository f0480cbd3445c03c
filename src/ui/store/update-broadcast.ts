/**
 * Broadcast: one prompt typed once, sent to every marked pane. Each marked session gets it the
 * way its own input line would deliver it now (a turn when idle, steered or injected into a
 * running turn where the harness can), or a refusal in its own pane saying why it got nothing.
 */
import { notice } from "./apply-event.js";
import type { BroadcastAct, Effect } from "./messages.js";
import type { SessionView } from "./session-view.js";
import { flash, only, type Step, withEffects } from "./step.js";
import { type Broadcast, focusedKey, sessionNumber, sessionOfNumber, type UiState, viewInputMode } from "./ui-state.js";
import { sessionEvent } from "./update-session.js";

export function updateBroadcast(state: UiState, act: BroadcastAct, now: number): Step {
  const b = state.broadcast;
  if (act.do === "toggle") return only(b ? leave(state) : start(state, now));
  if (!b) return only(state);
  switch (act.do) {
    case "mark":
      return only(mark(state, b, act.number, now));
    case "mark-all":
      return only(markAll(state, b));
    case "compose":
      return only(compose(state, b, now));
    case "draft":
      return only(b.phase === "compose" ? { ...state, broadcast: { ...b, draft: act.text } } : state);
    case "send":
      return send(state, b, act.text, now);
    case "back":
      return only(b.phase === "compose" ? { ...state, broadcast: { ...b, phase: "select" } } : leave(state));
  }
}

function start(state: UiState, now: number): UiState {
  if (state.panes.length === 0) return flash(state, now, "no panes to broadcast to", "info");
  return { ...state, broadcast: { phase: "select", marked: [], draft: "" }, compose: null };
}

function leave(state: UiState): UiState {
  return state.broadcast ? { ...state, broadcast: null } : state;
}

/** Marks kept in session order, so the prompt reaches panes in the order they are numbered. */
function ordered(state: UiState, keys: Iterable<string>): string[] {
  const set = new Set(keys);
  return [...state.sessions.keys()].filter((k) => set.has(k));
}

function mark(state: UiState, b: Broadcast, number: number | undefined, now: number): UiState {
  if (b.phase !== "select") return state;
  const key = number === undefined ? focusedKey(state) : sessionOfNumber(state, number);
  if (key === undefined) return number === undefined ? state : flash(state, now, `no session ${number}`, "info");
  // Marks show in pane headers: a session without a pane on screen cannot carry one.
  if (!state.panes.includes(key)) return flash(state, now, `session ${number} has no pane open`, "info");
  const view = state.sessions.get(key);
  if (view?.info.native) return flash(state, now, `${refusal(view)}`, "info");
  const marked = b.marked.includes(key) ? b.marked.filter((k) => k !== key) : ordered(state, [...b.marked, key]);
  return { ...state, broadcast: { ...b, marked } };
}

function markAll(state: UiState, b: Broadcast): UiState {
  if (b.phase !== "select") return state;
  const markable = state.panes.filter((k) => !state.sessions.get(k)?.info.native);
  const all = markable.every((k) => b.marked.includes(k));
  return { ...state, broadcast: { ...b, marked: all ? [] : ordered(state, markable) } };
}

function compose(state: UiState, b: Broadcast, now: number): UiState {
  if (b.phase !== "select") return state;
  const marked = b.marked.filter((k) => state.panes.includes(k));
  if (marked.length === 0) return flash(state, now, "mark at least one pane first", "warn");
  return { ...state, broadcast: { ...b, phase: "compose", marked } };
}

function label(state: UiState, view: SessionView): string {
  return `${sessionNumber(state, view.key)} ${view.info.label ?? view.info.harness}`;
}

/** Why `view` cannot take the prompt now, or null when it can. */
export function refusal(view: SessionView): string | null {
  const name = view.info.label ?? view.info.harness;
  if (view.info.native) return `${name} is a native pane; type into it instead`;
  const mode = viewInputMode(view);
  if (mode === "answer") return `${name} is waiting for the answer to its question`;
  if (mode !== "none") return null;
  if (view.closed || view.lifecycle === "closed") return `${name} has ended`;
  if (view.lifecycle === "failed") return `${name} has failed`;
  if (view.lifecycle === "running" || view.lifecycle === "awaiting-approval")
    return `${name} is busy with a turn and cannot take input mid-turn`;
  return `${name} is ${view.lifecycle}`;
}

function send(state: UiState, b: Broadcast, text: string, now: number): Step {
  if (b.phase !== "compose") return only(state);
  const prompt = text.trim();
  if (prompt === "") return only(flash(state, now, "type the prompt to broadcast", "info"));
  let out: UiState = { ...state, broadcast: null };
  const effects: Effect[] = [];
  const sent: string[] = [];
  const refused: string[] = [];
  for (const key of b.marked) {
    const view = out.sessions.get(key);
    if (!view || !out.panes.includes(key)) continue;
    const why = refusal(view);
    if (why !== null) {
      // Said in the pane itself, so a glance at the grid shows which pane got nothing.
      const noted = notice(view, "warn", `broadcast not delivered: ${why}`);
      out = { ...out, sessions: new Map(out.sessions).set(key, noted) };
      refused.push(label(out, view));
      continue;
    }
    const mode = viewInputMode(view) as "turn" | "steer" | "inject";
    const shown = sessionEvent(out, key, { kind: "message", role: "user", text: prompt }, now);
    out = shown.state;
    effects.push(...shown.effects, {
      kind: "send",
      key,
      text: prompt,
      mode,
      what: `broadcast to ${label(out, view)}${mode === "turn" ? "" : ` (${mode})`}`,
    });
    sent.push(label(out, view));
  }
  const summary =
    refused.length === 0
      ? `broadcast sent to ${sent.join(", ")}`
      : `broadcast sent to ${sent.length === 0 ? "no pane" : sent.join(", ")}; refused by ${refused.join(", ")} (see the pane)`;
  return withEffects(flash(out, now, summary, refused.length === 0 ? "info" : "warn"), ...effects);
}

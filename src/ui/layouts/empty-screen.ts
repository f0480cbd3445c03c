/**
 * What the screen says with no pane open. Sessions without a pane are still there — the server
 * held them when this TUI started (plain `hmux`), or their panes were closed — so it says how many,
 * how many wait for a person, and the key that opens them; otherwise, how to start one.
 */
import { hints } from "../keys/hints.js";
import type { Keymap } from "../keys/keymap.js";
import { needsYou } from "../store/session-view.js";
import type { UiState } from "../store/ui-state.js";

export function emptyScreenText(state: Pick<UiState, "sessions" | "panes">, keymap: Keymap): string {
  const held = [...state.sessions.values()].filter((v) => !v.closed && !state.panes.includes(v.key));
  if (held.length === 0) {
    const offer = hints(keymap, [
      ["session.new", "new session"],
      ["pane.reopen", "reopen a closed pane"],
    ]);
    return `no panes open${offer ? ` · ${offer}` : ""}`;
  }
  const waiting = held.filter((v) => needsYou(v) !== null).length;
  const count = `${held.length} session${held.length === 1 ? "" : "s"}`;
  const offer = hints(keymap, [
    ["pane.reopen", held.length === 1 ? "opens it" : "opens one"],
    ["session.new", "new session"],
  ]);
  return `the hmux server holds ${count} (${waiting} waiting for you) · ${offer}`;
}

/**
 * Whether two published states differ only in what the pane bodies show (the transcripts' entries):
 * then the body layer can draw the newer one beside Ink without a React render or an Ink frame
 * (app-store.ts). Everything else a frame shows — headers, badges, widgets, the rail, the status
 * line — must be the very same values; the spinner's step and the focused pane's draft are the
 * layer's to draw as well.
 */
import type { SessionView } from "./session-view.js";
import { focusedKey, type UiState } from "./ui-state.js";

/** A view's fields that only the transcript body reads. */
const BODY_FIELDS: ReadonlySet<string> = new Set(["entries", "nextSeq", "evicted"]);

/**
 * State no component draws: whether the person has acted yet (first-focus.ts reads it). The first
 * key sets it, and a React render for it would put that key's echo behind a whole Ink frame.
 */
const UNDRAWN: ReadonlySet<string> = new Set(["acted"]);

export function chromeEqual(a: UiState, b: UiState): boolean {
  if (a === b) return true;
  for (const field of Object.keys(b) as (keyof UiState)[]) {
    // The spinner's step and the focused pane's field are drawn by the body layer too (use-layer-row.ts).
    if (field === "sessions" || field === "tick" || UNDRAWN.has(field) || a[field] === b[field]) continue;
    if (field === "drafts" && sameBut<string>(a.drafts, b.drafts, focusedKey(b))) continue;
    if (field === "draftCursors" && sameBut<number>(a.draftCursors, b.draftCursors, focusedKey(b))) continue;
    return false;
  }
  if (Object.keys(a).length !== Object.keys(b).length || a.sessions.size !== b.sessions.size) return false;
  const before = a.sessions.entries();
  for (const [key, view] of b.sessions) {
    const [keyBefore, viewBefore] = before.next().value as [string, SessionView];
    if (key !== keyBefore || !viewChromeEqual(viewBefore, view)) return false;
  }
  return true;
}

/** Two maps with the same entries, the one at `key` aside. */
function sameBut<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>, key: string | undefined): boolean {
  for (const [k, v] of a) if (k !== key && b.get(k) !== v) return false;
  for (const [k, v] of b) if (k !== key && a.get(k) !== v) return false;
  return true;
}

function viewChromeEqual(a: SessionView, b: SessionView): boolean {
  if (a === b) return true;
  for (const field of Object.keys(b) as (keyof SessionView)[])
    if (!BODY_FIELDS.has(field) && a[field] !== b[field]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}

/**
 * Which of the scorecard's body rows are on screen: on a short screen (a phone's 50×20) the card's
 * last rows (the check's, a pick's result) are below its fold, so the body scrolls. One pure rule,
 * read by the update (to keep the scroll inside the card) and by the overlay (to draw the window
 * and its "more above/below" marks), so both agree on every screen.
 */
import type { Scorecard } from "../../race/scorecard-schema.js";
import { scoreRows, summaryLines } from "../components/overlays/scorecard-rows.js";
import { answers, hints, keyOf } from "../keys/hints.js";
import type { Keymap } from "../keys/keymap.js";
import { wrap } from "./entry-lines.js";
import type { RaceState } from "./ui-state.js";

/** Summary lines wrap to at most this many rows each. */
export const SUMMARY_ROWS = 2;
/** Rows the last message (a pick's result or failure) may take under the card. */
export const MESSAGE_ROWS = 4;

/** The overlay's inner width for a screen `width` wide: its border and padding taken off. */
export function scorecardInner(width: number): number {
  return Math.max(10, width - 4);
}

/** The body's rows with a card: each summary line wrapped, the contestants' head, a row per field. */
export function cardBodyRows(card: Scorecard, inner: number): number {
  const summary = summaryLines(card).reduce((n, l) => n + Math.min(SUMMARY_ROWS, wrap(l, inner).length), 0);
  return summary + 1 + scoreRows(card).length;
}

export interface ScorecardWindow {
  /** The first body row shown. */
  readonly start: number;
  /** How many body rows are shown from there. */
  readonly shown: number;
  /** Body rows above the window and below it: each side that has some takes one row for its mark. */
  readonly above: number;
  readonly below: number;
}

/**
 * The window on `total` body rows in `room` rows, scrolled by `scroll` (clamped: at most so far that
 * the last row is the window's last). A body that fits is shown whole, with no marks.
 */
export function scorecardWindow(total: number, room: number, scroll: number): ScorecardWindow {
  const rows = Math.max(1, room);
  if (total <= rows) return { start: 0, shown: total, above: 0, below: 0 };
  const start = Math.max(0, Math.min(maxScroll(total, rows), scroll));
  let shown = rows - (start > 0 ? 1 : 0);
  if (start + shown < total) shown -= 1;
  shown = Math.max(1, shown);
  return { start, shown, above: start, below: Math.max(0, total - start - shown) };
}

/** The furthest scroll: the last row at the window's foot, under the "more above" mark. */
export function maxScroll(total: number, room: number): number {
  const rows = Math.max(1, room);
  return total <= rows ? 0 : Math.max(0, total - Math.max(1, rows - 1));
}

/** The rows the body has: the overlay less its border, title, key line (or question) and the message under the card. */
export function bodyRoom(height: number, footRows: number, messageRows: number): number {
  return Math.max(1, height - 2 - 1 - footRows - messageRows);
}

/** The message rows under the card, wrapped as the overlay wraps them. */
export function messageRows(message: string | null | undefined, inner: number): number {
  return message ? Math.min(MESSAGE_ROWS, wrap(message, inner).length) : 0;
}

/** The key line: what the scorecard's keys do while a race can still be picked or discarded. */
export function scorecardKeys(keymap: Keymap, open: boolean): string {
  if (!open) return "Esc closes";
  const actions = hints(keymap, [
    ["scorecard.open", "its changes"],
    ["scorecard.pick", "pick"],
    ["scorecard.discard", "discard all"],
  ]);
  return ["←/→ choose", actions, "Esc closes"].filter((part) => part !== "").join(" · ");
}

/**
 * `↑/↓ PgUp/PgDn scroll`, the page keys as the keymap binds them (scroll.up, scroll.down). Shown on
 * the "more above/below" mark rather than the key line, which it would wrap onto a second row at 80
 * columns, taking a row from the card it is there to reveal.
 */
export function scrollHint(keymap: Keymap): string {
  const up = keyOf(keymap, "scroll.up");
  const down = keyOf(keymap, "scroll.down");
  return `↑/↓${up !== null && down !== null ? ` ${up}/${down}` : ""} scroll`;
}

/** The question a pick or a discard asks first, its answers as bound; null when nothing is asked. */
export function scorecardQuestion(
  keymap: Keymap,
  confirm: "pick" | "discard" | null,
  picked: string | undefined,
  base: string | undefined,
): string | null {
  if (confirm === "pick" && picked)
    return `Pick ${picked}? Its work is merged into ${base}; the other worktrees are removed, their answers committed on their branches. ${answers(keymap, "pick", "cancel")}`;
  if (confirm === "discard")
    return `Discard the race? Every contestant's worktree is removed (none holding work found nowhere else). ${answers(keymap, "discard", "cancel")}`;
  return null;
}

/** The line under the card: a pick or discard under way, its result, or the last thing said. */
export function scorecardMessage(race: RaceState): string | null {
  if (race.busy) return `${race.busy === "pick" ? "picking" : "discarding"}…`;
  return race.ended ? (race.message ?? "race ended") : race.message;
}

export interface ScorecardLayout {
  readonly keys: string | null;
  /** The scroll keys, where the card does not fit. */
  readonly scroll: string | null;
  readonly question: string | null;
  readonly message: string | null;
  /** The window on the card's body; null before the card arrives. */
  readonly window: ScorecardWindow | null;
}

export interface ScorecardView {
  readonly race: RaceState;
  readonly selected: number;
  readonly confirm: "pick" | "discard" | null;
  readonly scroll: number;
}

/** The scorecard's layout on a `width`×`height` overlay: the window is what fits above the foot. */
export function scorecardLayout(view: ScorecardView, keymap: Keymap, width: number, height: number): ScorecardLayout {
  const { race } = view;
  const inner = scorecardInner(width);
  const card = race.scorecard;
  const question = scorecardQuestion(
    keymap,
    view.confirm,
    card?.contestants[view.selected]?.harness,
    card?.summary.base.name,
  );
  const message = scorecardMessage(race);
  const keys = scorecardKeys(keymap, card !== null && !race.ended);
  const foot = { keys: question === null ? keys : null, question, message };
  if (!card) return { ...foot, scroll: null, window: null };
  const total = cardBodyRows(card, inner);
  const room = bodyRoom(height, wrap(question ?? keys, inner).length, messageRows(message, inner));
  const window = scorecardWindow(total, room, view.scroll);
  return { ...foot, scroll: window.above + window.below > 0 ? scrollHint(keymap) : null, window };
}

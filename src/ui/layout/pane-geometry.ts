/**
 * How a pane's rectangle is spent: border, header row, the harness notices line (expanded:
 * its rows), widget rows (approval or question), the transcript body, and the input row.
 * Shared by the renderer and by the store's scroll arithmetic so both agree on the body size.
 */
import { wrap } from "../store/entry-lines.js";
import { questionRows } from "../store/question-lines.js";
import type { SessionView } from "../store/session-view.js";
import type { Rect } from "./tile.js";

export const APPROVAL_PREVIEW_ROWS = 3;

export function widgetRows(view: SessionView, innerHeight: number, innerWidth: number): number {
  // A widget may take all but the header, the input and one transcript row: in a small pane
  // the decision matters more than the history above it.
  const room = Math.max(0, innerHeight - 3);
  // Rule, header, preview, what allow-always allows (a path tool: its directory, then its one path), keys.
  if (view.approvals.length > 0)
    return Math.min(APPROVAL_PREVIEW_ROWS + 4 + (view.approvals[0]?.alwaysPath ? 1 : 0), room);
  if (view.question) return Math.min(questionRows(view.question, innerWidth).length, room);
  if (view.lifecycle === "failed" && view.lastFailure) {
    const f = view.lastFailure;
    return Math.min(1 + (f.hint ? 1 : 0) + (f.resetsAt !== undefined ? 1 : 0), room);
  }
  return 0;
}

/** Every notice wrapped to the pane, oldest first. */
export function noticeLines(view: SessionView, width: number): string[] {
  return view.notices.flatMap((n) => wrap(n, Math.max(8, width)));
}

/**
 * Rows the notices take out of `room` (what header, input and widget leave): none without
 * notices, one collapsed line, and when open that line plus up to two thirds of the room, so
 * some transcript always shows.
 */
export function noticeRows(view: SessionView, open: boolean, width: number, room: number): number {
  if ((view.notices.length === 0 && view.divergences.length === 0) || room < 2) return 0;
  if (!open) return 1;
  const most = Math.max(1, Math.floor((room * 2) / 3) - 1);
  return 1 + Math.min(most, noticeLines(view, width).length);
}

export interface PaneRegions {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly notices: number;
  readonly widget: number;
  readonly body: number;
}

export function paneRegions(rect: Rect, view: SessionView, noticesOpen = false): PaneRegions {
  const innerWidth = Math.max(1, rect.width - 2);
  const innerHeight = Math.max(0, rect.height - 2);
  const widget = widgetRows(view, innerHeight, innerWidth);
  const room = Math.max(0, innerHeight - 2 - widget);
  const notices = noticeRows(view, noticesOpen, innerWidth, room);
  return { innerWidth, innerHeight, notices, widget, body: room - notices };
}

export function paneBodyRect(rect: Rect, view: SessionView, noticesOpen = false): { width: number; height: number } {
  const r = paneRegions(rect, view, noticesOpen);
  return { width: r.innerWidth, height: r.body };
}

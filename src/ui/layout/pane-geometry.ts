/**
 * How a pane's rectangle is spent: border, header row, widget rows (approval or
 * question), the transcript body, and the input row. Shared by the renderer and by the
 * store's scroll arithmetic so both agree on the body size.
 */
import type { SessionView } from "../store/session-view.js";
import type { Rect } from "./tile.js";

export const APPROVAL_PREVIEW_ROWS = 3;

export function widgetRows(view: SessionView, innerHeight: number): number {
  // A widget may take all but the header, the input and one transcript row: in a small pane
  // the decision matters more than the history above it.
  const room = Math.max(0, innerHeight - 3);
  if (view.approvals.length > 0) return Math.min(APPROVAL_PREVIEW_ROWS + 3, room);
  if (view.question) return Math.min(view.question.options.length + 3, room);
  if (view.lifecycle === "failed" && view.lastFailure) {
    const f = view.lastFailure;
    return Math.min(1 + (f.hint ? 1 : 0) + (f.resetsAt !== undefined ? 1 : 0), room);
  }
  return 0;
}

export interface PaneRegions {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly widget: number;
  readonly body: number;
}

export function paneRegions(rect: Rect, view: SessionView): PaneRegions {
  const innerWidth = Math.max(1, rect.width - 2);
  const innerHeight = Math.max(0, rect.height - 2);
  const widget = widgetRows(view, innerHeight);
  const body = Math.max(0, innerHeight - 2 - widget);
  return { innerWidth, innerHeight, widget, body };
}

export function paneBodyRect(rect: Rect, view: SessionView): { width: number; height: number } {
  const r = paneRegions(rect, view);
  return { width: r.innerWidth, height: r.body };
}

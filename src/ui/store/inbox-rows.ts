/**
 * The inbox overlay's rows: every call waiting for a decision and every question waiting for
 * its answer, in every session this TUI holds (open panes and closed ones alike), the longest
 * waiting first. Each session's waiting calls and question come from its server's events, so
 * the rows are what the server's inbox op lists for the same sessions.
 */
import type { PendingCall } from "../../core/control/types.js";
import type { OpenQuestion, SessionView } from "./session-view.js";
import type { UiState } from "./ui-state.js";

export type InboxRow =
  | { readonly kind: "approval"; readonly key: string; readonly call: PendingCall; readonly since: number }
  | { readonly kind: "question"; readonly key: string; readonly question: OpenQuestion; readonly since: number };

export function inboxRows(state: UiState): InboxRow[] {
  const rows: InboxRow[] = [];
  for (const view of state.sessions.values()) rows.push(...rowsOf(view));
  // Stable: a tie keeps the sessions' order.
  return rows.sort((a, b) => a.since - b.since);
}

function rowsOf(view: SessionView): InboxRow[] {
  const rows: InboxRow[] = view.approvals.map((call) => ({
    kind: "approval",
    key: view.key,
    call,
    since: call.openedAt,
  }));
  if (view.question)
    rows.push({
      kind: "question",
      key: view.key,
      question: view.question,
      since: view.question.askedAt ?? Number.MAX_SAFE_INTEGER,
    });
  return rows;
}

/** How many calls and questions wait across every session: what the rail counts. */
export function waitingCount(views: Iterable<SessionView>): number {
  let n = 0;
  for (const v of views) n += v.approvals.length + (v.question ? 1 : 0);
  return n;
}

/** The row the overlay has selected, kept inside the list as rows come and go. */
export function selectedRow(state: UiState, selected: number): { row: InboxRow | undefined; index: number } {
  const rows = inboxRows(state);
  const index = Math.max(0, Math.min(selected, rows.length - 1));
  return { row: rows[index], index };
}

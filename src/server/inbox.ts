/**
 * The server's inbox: every call waiting for a decision and every question waiting for its
 * answer, across its sessions, oldest first. Built here, from the sessions' own control state,
 * so every client (the TUI's overlay, `hmux inbox`, a remote one) lists the same thing.
 */
import { summarizeToolInput } from "../core/control/call-subject.js";
import type { QuestionEvent } from "../core/control/open-question.js";
import type { PendingCall } from "../core/control/types.js";
import type { InboxItem } from "../protocol/inbox.js";

export interface InboxSource {
  readonly id: string;
  readonly name: string;
  readonly harness: string;
  readonly pending: readonly PendingCall[];
  /** The question waiting for its answer, and when it was asked (epoch ms). */
  readonly question: { readonly event: QuestionEvent; readonly time: number } | null;
}

/** Each source's waiting calls and question as inbox items, the longest waiting first. */
export function inboxItems(sources: readonly InboxSource[], now: number): InboxItem[] {
  const items: { item: InboxItem; since: number; order: number }[] = [];
  for (const s of sources) {
    const row = { session: s.id, name: s.name, harness: s.harness };
    for (const call of s.pending)
      items.push({
        since: call.openedAt,
        order: items.length,
        item: {
          kind: "approval",
          ...row,
          callId: call.callId,
          tool: call.tool,
          subject: summarizeToolInput(call.input, 400),
          input: call.input,
          waitedMs: Math.max(0, now - call.openedAt),
          deadlineInMs: call.deadlineAt === null ? null : Math.max(0, call.deadlineAt - now),
          ...(call.always ? { always: call.always } : {}),
          ...(call.alwaysPath ? { alwaysPath: call.alwaysPath } : {}),
        },
      });
    if (s.question)
      items.push({
        since: s.question.time,
        order: items.length,
        item: {
          kind: "question",
          ...row,
          subject: s.question.event.question,
          options: [...s.question.event.options],
          waitedMs: Math.max(0, now - s.question.time),
          deadlineInMs: null,
        },
      });
  }
  return items.sort((a, b) => a.since - b.since || a.order - b.order).map((x) => x.item);
}

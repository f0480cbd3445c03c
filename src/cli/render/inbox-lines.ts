/** `hmux inbox` and `hmux audit` as a person reads them: one line a row, the long part last. */

import { deciderText } from "../../core/control/audit.js";
import { summarizeToolInput } from "../../core/control/call-subject.js";
import { countdown } from "../../core/control/countdown.js";
import type { AuditEntryWire, InboxItem } from "../../protocol/inbox.js";
import { formatAge } from "../../server/ls-table.js";

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
}

/** The waiting approvals and questions, oldest first, as the server listed them. */
export function inboxLines(items: readonly InboxItem[]): string[] {
  return table([
    ["SESSION", "HARNESS", "CALL", "TOOL", "WAITED", "DEADLINE", "WHAT"],
    ...items.map((i) => [
      i.name,
      i.harness,
      i.callId ?? "(question)",
      i.tool ?? "-",
      formatAge(i.waitedMs),
      i.deadlineInMs === null ? "-" : `in ${countdown(i.deadlineInMs, 0) ?? "0 s"}`,
      i.kind === "question" && i.options?.length ? `${i.subject} [${i.options.join(" | ")}]` : i.subject,
    ]),
  ]);
}

/** Every decision: when, the session and call, the verdict, who decided, and the input last. */
export function auditLines(entries: readonly AuditEntryWire[]): string[] {
  return table([
    ["DECIDED", "SESSION", "CALL", "TOOL", "DECISION", "DECIDED BY", "INPUT"],
    ...entries.map((e) => [
      e.decidedAt,
      e.name ?? e.session.slice(0, 8),
      e.callId,
      e.tool,
      e.decision === "deny" && e.reason ? `deny: ${e.reason}` : e.decision,
      deciderText(e),
      summarizeToolInput(e.input, 120),
    ]),
  ]);
}

/**
 * The audit trail of one session, read from its journal: every decision on a tool call — when,
 * which call and its input, the verdict, and who or what decided it (the decider, the client a
 * person or program decided through, the rule and its text, the policy's words). The journal
 * keeps each decision as the control machine made it (machine-calls.ts decidePending), so what
 * is read here survives a restart of the server and of hmux.
 */
import type { JournalRecord } from "./journal-format.js";
import { readDecider } from "./types.js";

export interface AuditEntry {
  readonly session: string;
  readonly callId: string;
  readonly tool: string;
  readonly input: unknown;
  /** ISO time the call was asked about; null when the journal lost its request. */
  readonly askedAt: string | null;
  /** ISO time it was decided. */
  readonly decidedAt: string;
  readonly decision: "allow" | "deny" | "replace" | "abstain";
  /** A deny's reason (or what reached the harness instead of an abstain). */
  readonly reason?: string;
  /** An edit's new input. */
  readonly replaced?: unknown;
  readonly decider: string;
  readonly via?: string;
  readonly rule?: { readonly id: string; readonly allows: string };
  readonly basis?: string;
  /** What reached the harness when it differs from the verdict (an abstain sent as a deny). */
  readonly sent?: string;
}

interface Asked {
  readonly tool: string;
  readonly input: unknown;
  readonly at: string;
}

/** Every decision a journal records, in the order they were made. */
export function auditOf(records: readonly JournalRecord[]): AuditEntry[] {
  const asked = new Map<string, Asked>();
  const entries: AuditEntry[] = [];
  for (const record of records) {
    const event = record.event;
    if (event.kind === "approval-request")
      asked.set(event.call.callId, { tool: event.call.tool, input: event.call.input, at: record.time });
    if (event.kind !== "approval-disposition" || event.status !== "sent") continue;
    const call = asked.get(event.callId);
    const d = event.decision;
    entries.push({
      session: record.session,
      callId: event.callId,
      tool: call?.tool ?? "?",
      input: call?.input ?? null,
      askedAt: call?.at ?? null,
      decidedAt: record.time,
      decision: d.decision,
      ...(d.decision === "deny" ? { reason: d.reason } : event.reason !== undefined ? { reason: event.reason } : {}),
      ...(d.decision === "replace" ? { replaced: d.input } : {}),
      decider: readDecider(event.decider),
      ...(event.via !== undefined ? { via: event.via } : {}),
      ...(event.rule !== undefined ? { rule: event.rule } : {}),
      ...(event.basis !== undefined ? { basis: event.basis } : {}),
      ...(event.sent !== undefined ? { sent: event.sent } : {}),
    });
  }
  return entries;
}

/** Who decided, in words: `person via hmux decide`, `rule r1 (Bash \`touch <args>\` …)`, `policy: …`. */
export function deciderText(entry: Pick<AuditEntry, "decider" | "via" | "rule" | "basis">): string {
  if (entry.rule) return `rule ${entry.rule.id} (allows ${entry.rule.allows})`;
  const via = entry.via !== undefined ? ` via ${entry.via}` : "";
  if (entry.decider === "policy" && entry.basis !== undefined) return `policy${via}: ${entry.basis}`;
  return `${entry.decider}${via}`;
}

/**
 * Restore after a crash: the sessions a dead server held (a record in the journal folder,
 * src/server/restore-records.ts, whose journal's last run is not a live process) come back
 * as detached rows — no harness runs for them until someone resumes them.
 *
 * What the journal says is kept, and what it cannot say is said: a call that was waiting for
 * a decision when the server died is lost (an approval-cleared with reason "lost" and a
 * CALL_LOST warning are added to the journal; nothing approves it and hmux does not run it),
 * and a journal cut mid-line is read up to its last whole event (a JOURNAL_CUT warning names
 * the line). Both are written once, so a server restarting again reports the same, not more.
 */
import { existsSync, readFileSync } from "node:fs";
import { type JournalRecord, readJournal } from "../core/control/journal-format.js";
import { openQuestionAfter, type QuestionEvent } from "../core/control/open-question.js";
import {
  JOURNAL_CUT_WARNING,
  LOST_CALL_WARNING,
  QUESTION_WAITING_WARNING,
  SERVER_DIED_WARNING,
} from "../core/control/restore-warnings.js";
import type { PendingCall, SessionEvent } from "../core/control/types.js";
import { pidAlive } from "../files/pid-alive.js";
import type { InputSupportSummary } from "../protocol/index.js";
import { appendJournalEvents, journalPath, readMeta } from "../session/journal.js";
import { isSafeSessionId } from "../session/session-id.js";
import { readSessionRecords, type SessionRecord } from "./restore-records.js";

export interface RestoredSession {
  readonly record: SessionRecord;
  /** The journal's events (the newest `maxKept`), then what the restore said about them. */
  readonly events: readonly SessionEvent[];
  /** When each of `events` was emitted (epoch ms), as its journal record says; NaN where it says nothing readable. */
  readonly times?: readonly number[];
  /** Every event the journal holds, kept or not. */
  readonly seen: number;
  /** Calls lost with the dead server, since the session's last start. */
  readonly lostCalls: readonly PendingCall[];
  /** How the journal was cut, or null when it ends on a whole line. */
  readonly cut: string | null;
  /** Other journal lines that could not be read. */
  readonly problems: number;
  readonly harnessSessionId: string | null;
  /** What its channel takes from a person, when the restoring server's registry knows its harness. */
  readonly support?: InputSupportSummary;
  /** The pid of the server that last ran it. */
  readonly deadPid: number | null;
}

export interface RestoreOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** This server: a journal whose last run is this process, started after it, is its own. */
  readonly self: { readonly pid: number; readonly startedAt: number };
  readonly isAlive?: (pid: number) => boolean;
  readonly maxKept: number;
  /** When the restore happens: the time a dead server's still-open calls are closed at. */
  readonly now: () => number;
}

export interface Restore {
  readonly sessions: readonly RestoredSession[];
  /** What could not be restored, and why: for the server's log. */
  readonly notes: readonly string[];
}

export function restoreDetached(options: RestoreOptions): Restore {
  const { now } = options;
  const found = detachedRecords(options);
  const notes = [...found.notes];
  const sessions: RestoredSession[] = [];
  for (const { record, path, pid } of found.detached) {
    try {
      sessions.push(restoreOne(record, path, pid, options.maxKept, now));
    } catch (err) {
      notes.push(`not restored: session ${record.name} (${record.id}): ${(err as Error).message}`);
    }
  }
  sessions.sort((a, b) => a.record.createdAt - b.record.createdAt);
  return { sessions, notes };
}

export interface DetachedRecord {
  readonly record: SessionRecord;
  readonly path: string;
  /** The pid of the server that last ran it. */
  readonly pid: number | null;
}

/**
 * Which records a restore would bring back as detached — those with a journal whose last run is
 * neither this process's nor a live one's — without reading or writing the journals: what a
 * client with no server to ask (`hmux attach`) can say is waiting, oldest first.
 */
export function detachedRecords(options: Omit<RestoreOptions, "maxKept" | "now">): {
  readonly detached: readonly DetachedRecord[];
  readonly notes: readonly string[];
} {
  const isAlive = options.isAlive ?? pidAlive;
  const read = readSessionRecords(options.env);
  const notes = read.problems.map((p) => `not restored: ${p}`);
  const detached: DetachedRecord[] = [];
  for (const record of read.records) {
    const path = journalPath(record.id, options.env);
    if (!existsSync(path)) {
      notes.push(`not restored: session ${record.name} (${record.id}) has no journal at ${path}`);
      continue;
    }
    const run = readMeta(path)?.runs.at(-1);
    const pid = run?.pid ?? null;
    if (run && pid !== null && ranSince(run.startedAt, pid, options.self)) continue; // this server's own
    if (pid !== null && pid !== options.self.pid && isAlive(pid)) {
      notes.push(`not restored: session ${record.name} (${record.id}) is still run by pid ${pid}`);
      continue;
    }
    detached.push({ record, path, pid });
  }
  detached.sort((a, b) => a.record.createdAt - b.record.createdAt);
  return { detached, notes };
}

/** A session no row holds, as its journal has it: enough to resume it, and what it said so far. */
export interface JournaledSession {
  readonly id: string;
  readonly harness: string;
  readonly cwd: string;
  /** When it first started (epoch ms): its age stays its own across a resume. */
  readonly createdAt: number | null;
  /** Its journal's events (the newest `maxKept`) and when each was emitted: an attach after the resume replays them too. */
  readonly events: readonly SessionEvent[];
  readonly times: readonly number[];
  /** Every event the journal holds, kept or not. */
  readonly seen: number;
}

/** A session's whole journal by its exact id (what `hmux audit` reads); null when it has none. */
export function journalRecordsOf(
  id: string,
  env: Readonly<Record<string, string | undefined>>,
): readonly JournalRecord[] | null {
  if (!isSafeSessionId(id)) return null;
  const path = journalPath(id, env);
  if (!existsSync(path)) return null;
  return readJournal(readFileSync(path, "utf8")).records;
}

/**
 * A session by its exact id that no row holds, from its journal: what the table needs to resume
 * it (a halted pane's session, killed; an interrupted `hmux session` run). Null when none.
 */
export function journaledSession(
  target: string,
  env: Readonly<Record<string, string | undefined>>,
  maxKept = Number.POSITIVE_INFINITY,
): JournaledSession | null {
  if (!isSafeSessionId(target)) return null;
  const path = journalPath(target, env);
  const meta = existsSync(path) ? readMeta(path) : null;
  if (!meta) return null;
  const records = readJournal(readFileSync(path, "utf8")).records;
  const kept = maxKept < records.length ? records.slice(records.length - maxKept) : records;
  const first = Date.parse(meta.runs[0]?.startedAt ?? "");
  return {
    id: meta.sessionId,
    harness: meta.harness,
    cwd: meta.cwd,
    createdAt: Number.isFinite(first) ? first : null,
    events: kept.map((r) => r.event),
    times: kept.map((r) => Date.parse(r.time)),
    seen: records.length,
  };
}

function ranSince(startedAt: string, pid: number, self: RestoreOptions["self"]): boolean {
  return pid === self.pid && Date.parse(startedAt) >= self.startedAt;
}

function restoreOne(
  record: SessionRecord,
  path: string,
  deadPid: number | null,
  maxKept: number,
  now: () => number,
): RestoredSession {
  const text = readFileSync(path, "utf8");
  const before = readJournal(text);
  const added: SessionEvent[] = [];
  for (const call of pendingAtEnd(before.records)) {
    added.push({ kind: "approval-cleared", callId: call.callId, reason: "lost" });
    added.push({ kind: "warning", code: LOST_CALL_WARNING, message: lostCallMessage(call) });
  }
  if (before.truncatedTail) {
    const line = text.split("\n").length;
    const last = before.records.at(-1)?.seq ?? 0;
    added.push({
      kind: "warning",
      code: JOURNAL_CUT_WARNING,
      message: `the journal was cut mid-line at line ${line}: restored up to its last whole event (seq ${last})`,
    });
  }
  appendJournalEvents(path, added, now);
  const reading = added.length > 0 ? readJournal(readFileSync(path, "utf8")) : before;
  const events = reading.records.map((r) => r.event);
  const sinceStart = eventsSinceLastStart(events);
  const lostIds = new Set(
    sinceStart.filter((e) => e.kind === "approval-cleared" && e.reason === "lost").map((e) => callIdOf(e)),
  );
  const lostCalls = sinceStart
    .filter((e): e is Extract<SessionEvent, { kind: "approval-request" }> => e.kind === "approval-request")
    .map((e) => e.call)
    .filter((c) => lostIds.has(c.callId));
  const cutWarning = [...events].reverse().find((e) => e.kind === "warning" && e.code === JOURNAL_CUT_WARNING) as
    | { message: string }
    | undefined;
  let harnessSessionId: string | null = null;
  for (const e of events) if (e.kind === "identity") harnessSessionId = e.sessionId;
  const question = events.reduce<QuestionEvent | null>(openQuestionAfter, null);
  const closing: SessionEvent[] = [
    ...(question ? [questionWaiting(question, record.name)] : []),
    {
      kind: "warning",
      code: SERVER_DIED_WARNING,
      message: `the hmux server running this session${deadPid !== null ? ` (pid ${deadPid})` : ""} died; resume it with \`hmux resume ${record.name}\``,
    },
    // Only in the server's memory, not the journal: the harness is gone, so the pane shows the session ended.
    { kind: "closed", exitCode: null, cause: "crash" },
  ];
  const all = [...events, ...closing];
  const restoredAt = now();
  const times = [...reading.records.map((r) => Date.parse(r.time)), ...closing.map(() => restoredAt)];
  return {
    record,
    events: all.slice(-maxKept),
    times: times.slice(-maxKept),
    seen: all.length,
    lostCalls,
    cut: cutWarning?.message ?? null,
    problems: reading.problems.length,
    harnessSessionId,
    deadPid,
  };
}

/** The events since the session last started (its last `session` event); all of them when it never did. */
function eventsSinceLastStart(events: readonly SessionEvent[]): readonly SessionEvent[] {
  let from = 0;
  events.forEach((e, i) => {
    if (e.kind === "session") from = i;
  });
  return events.slice(from);
}

/**
 * The calls still waiting for a decision when the journal ends: asked since the session last
 * started, and neither delivered a decision nor cleared, nor ended by a close.
 */
export function pendingAtEnd(records: readonly JournalRecord[]): PendingCall[] {
  const open = new Map<string, PendingCall>();
  for (const { event: e } of records) {
    if (e.kind === "session" || e.kind === "closed") open.clear();
    else if (e.kind === "approval-request") open.set(e.call.callId, e.call);
    else if (e.kind === "approval-cleared") open.delete(e.callId);
    else if (e.kind === "approval-disposition" && e.status === "sent") open.delete(e.callId);
  }
  return [...open.values()];
}

/** Said on the detached pane, which cannot take the answer until a resume asks the question again. */
function questionWaiting(question: QuestionEvent, name: string): SessionEvent {
  const options = question.options.map((o, i) => `${i + 1}. ${o}`).join("  ");
  return {
    kind: "warning",
    code: QUESTION_WAITING_WARNING,
    message: `the question ${JSON.stringify(question.question)}${options ? ` (${options})` : ""} was waiting for an answer when the hmux server died: \`hmux resume ${name}\` asks it again`,
  };
}

function lostCallMessage(call: PendingCall): string {
  return `${call.tool} (call ${call.callId}) was waiting for a decision when the hmux server died: it was lost — neither approved nor run by hmux`;
}

function callIdOf(e: SessionEvent): string {
  return (e as { callId: string }).callId;
}

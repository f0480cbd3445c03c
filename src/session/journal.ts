/**
 * The session journal writer, in the control core's format (src/core/control/journal-format.ts):
 * `$XDG_STATE_HOME/hmux/sessions/<id>.ndjson` (default ~/.local/state), one record per event
 * {"format":"hmux.journal/1","seq","time","session","event"}, seq continuing across resumes.
 * Beside it, `<id>.meta.json` says how to resume: harness, cwd, the isolated state dir, the
 * endpoint, and each run (origin, pid).
 *
 * Flush policy: one writeSync per record (whole line, O_APPEND, no user-space buffer) before any
 * subscriber sees the event — so a SIGKILL of hmux loses nothing it emitted, and a decision is
 * journaled before it is written to the harness — and fdatasync after every record that settles
 * something (SYNC_AFTER_KINDS: decisions, results, state, closed, dispositions), so an OS crash
 * loses at most stream text since the last decision.
 */

import {
  closeSync,
  existsSync,
  fdatasyncSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { type AllowRule, rulesInForce } from "../core/control/allow-rules.js";
import {
  encodeJournalRecord,
  journalRecord,
  readJournal as readJournalText,
  SYNC_AFTER_KINDS,
} from "../core/control/journal-format.js";
import type { WaitingQuestion } from "../core/control/machine-types.js";
import { openQuestionAfter, type QuestionEvent } from "../core/control/open-question.js";
import type { SessionEvent } from "../core/control/types.js";
import type { HarnessName } from "../core/harness-names.js";
import { invariant } from "../core/invariant.js";
import { pidAlive } from "../files/pid-alive.js";
import { makePrivateDir } from "../files/private-dir.js";
import { isSafeSessionId } from "./session-id.js";

export interface JournalRun {
  readonly origin: "fresh" | "resumed";
  readonly pid: number;
  readonly startedAt: string;
}

export interface JournalMeta {
  readonly sessionId: string;
  readonly harness: HarnessName;
  readonly cwd: string;
  /** Where the harness's isolated home lives, so a resume finds the harness's own store. */
  readonly stateDir: string;
  readonly isolate: boolean;
  readonly endpoint?: string;
  readonly model?: string;
  /**
   * The settings the session was resolved with, with their tiers (src/launch/continued-settings.ts):
   * a resume goes on with these. Absent in journals written before hmux kept them.
   */
  readonly settings?: unknown;
  readonly runs: readonly JournalRun[];
}

type Env = Readonly<Record<string, string | undefined>>;

export function stateHome(env: Env): string {
  const xdg = env.XDG_STATE_HOME;
  return xdg?.startsWith("/") ? xdg : join(env.HOME ?? homedir(), ".local", "state");
}

export function sessionsDir(env: Env): string {
  return join(stateHome(env), "hmux", "sessions");
}

export function journalPath(sessionId: string, env: Env): string {
  return journalPathIn(sessionsDir(env), sessionId);
}

/** A session's journal in the sessions dir the caller was handed (the context's paths.sessions). */
export function journalPathIn(sessions: string, sessionId: string): string {
  invariant(
    isSafeSessionId(sessionId),
    `session ids are checked where they enter: ${JSON.stringify(sessionId)} is not a safe file name`,
  );
  return join(sessions, `${sessionId}.ndjson`);
}

export function metaPath(journal: string): string {
  return journal.replace(/\.ndjson$/, ".meta.json");
}

export class JournalWriter {
  private seq: number;
  private readonly fd: number;
  /** The session's id, as each record names it. */
  private readonly session: string;

  constructor(
    readonly path: string,
    meta: Omit<JournalMeta, "runs">,
    run: JournalRun,
    /** What stamps each record (the Clock port's now). */
    private readonly now: () => number,
  ) {
    this.session = journalSession(path);
    makePrivateDir(join(path, ".."));
    const previous = readMeta(path);
    writeFileSync(metaPath(path), `${JSON.stringify({ ...meta, runs: [...(previous?.runs ?? []), run] }, null, 2)}\n`, {
      mode: 0o600,
    });
    let text = existsSync(path) ? readFileSync(path, "utf8") : "";
    this.fd = openSync(path, "a", 0o600);
    // A line torn by a crash is closed off, so it stays one reported bad line and the next record starts clean.
    if (text !== "" && !text.endsWith("\n")) {
      writeSync(this.fd, "\n");
      text += "\n";
    }
    this.seq = readJournalText(text).records.at(-1)?.seq ?? 0;
  }

  record(event: SessionEvent): void {
    this.seq += 1;
    writeSync(this.fd, encodeJournalRecord(journalRecord(this.session, this.seq, this.now(), event)));
    if (SYNC_AFTER_KINDS.has(event.kind)) fdatasyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * Adds records to a journal no session is writing (a dead server's, being restored or killed):
 * a torn last line is closed off first, as the writer does, and seq continues from the last
 * whole record. Synced once: these records settle what happened to the session.
 */
export function appendJournalEvents(path: string, events: readonly SessionEvent[], now: () => number): void {
  if (events.length === 0) return;
  const text = readFileSync(path, "utf8");
  let seq = readJournalText(text).records.at(-1)?.seq ?? 0;
  const session = journalSession(path);
  const torn = text !== "" && !text.endsWith("\n") ? "\n" : "";
  const lines = events.map((event) => {
    seq += 1;
    return encodeJournalRecord(journalRecord(session, seq, now(), event));
  });
  const fd = openSync(path, "a", 0o600);
  try {
    writeSync(fd, torn + lines.join(""));
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function journalSession(path: string): string {
  return path.replace(/^.*\//, "").replace(/\.ndjson$/, "");
}

export function readMeta(journal: string): JournalMeta | null {
  try {
    return JSON.parse(readFileSync(metaPath(journal), "utf8")) as JournalMeta;
  } catch {
    return null;
  }
}

export interface JournalSummary {
  readonly sessionId: string;
  readonly harness: HarnessName | null;
  /** live (<lifecycle>) while its hmux runs; closed (<cause>) after an end; interrupted when hmux died without writing closed. */
  readonly state: string;
  readonly harnessSessionId: string | null;
  readonly turns: number;
  readonly lastTurnNumber: number;
  readonly updatedAt: number;
  readonly meta: JournalMeta | null;
  readonly path: string;
  readonly events: number;
  /** Lines the reader could not take (reported, never dropped silently). */
  readonly problems: number;
  /** The question still waiting for its answer where the journal ends (its hmux died before one came), or null. */
  readonly waitingQuestion: WaitingQuestion | null;
  /** The "allow always" rules in force where the journal ends: a resume keeps them. */
  readonly rules: readonly AllowRule[];
}

export function summarizeJournal(path: string, isAlive: (pid: number) => boolean = runningPid): JournalSummary {
  const reading = readJournalText(readFileSync(path, "utf8"));
  const meta = readMeta(path);
  let lifecycle: string | null = null;
  let closed: string | null = null;
  let harnessSessionId: string | null = null;
  let turns = 0;
  let lastTurnNumber = 0;
  let question: QuestionEvent | null = null;
  for (const { event: e } of reading.records) {
    question = openQuestionAfter(question, e);
    if (e.kind === "session") closed = null;
    if (e.kind === "state") lifecycle = e.to;
    if (e.kind === "closed") closed = e.cause;
    if (e.kind === "identity") harnessSessionId = e.sessionId;
    if (e.kind === "turn") {
      turns += 1;
      lastTurnNumber = Math.max(lastTurnNumber, Number(/:turn-(\d+)$/.exec(e.turnId)?.[1] ?? 0));
    }
  }
  const run = meta?.runs.at(-1);
  const live = run !== undefined && closed === null && isAlive(run.pid);
  const state = live ? `live (${lifecycle ?? "starting"})` : closed !== null ? `closed (${closed})` : "interrupted";
  return {
    sessionId: meta?.sessionId ?? journalSession(path),
    harness: meta?.harness ?? null,
    state,
    harnessSessionId,
    turns,
    lastTurnNumber,
    updatedAt: statSync(path).mtimeMs,
    meta,
    path,
    events: reading.records.length,
    problems: reading.problems.length + (reading.truncatedTail ? 1 : 0),
    rules: rulesInForce(reading.records.map((r) => r.event)),
    waitingQuestion: question && {
      question: question.question,
      options: question.options,
      ...(question.recommended !== undefined ? { recommended: question.recommended } : {}),
    },
  };
}

export function listJournals(env: Env): JournalSummary[] {
  const dir = sessionsDir(env);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ndjson"))
    .map((f) => summarizeJournal(join(dir, f)))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** This process, or one that still runs (a zombie does not: see pid-alive.ts). */
function runningPid(pid: number): boolean {
  return pid === process.pid || pidAlive(pid);
}

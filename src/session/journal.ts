/**
 * The session journal: every event of a session appended to
 * `$XDG_STATE_HOME/hmux/sessions/<id>.ndjson` (default ~/.local/state/hmux/sessions).
 *
 * Record format (one JSON object per line):
 *   {"journal":"hmux.journal/1","seq":0,"at":<ms>,"meta":{…}}      first line of each run (and of each resume)
 *   {"journal":"hmux.journal/1","seq":N,"at":<ms>,"event":{…}}     every SessionEvent, in emission order
 *
 * Flush policy: each record is written with one synchronous append (O_APPEND) before any
 * subscriber sees the event, so a SIGKILL of hmux loses nothing it emitted; there is no
 * fsync, so the journal survives a killed process but not a power cut.
 */
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { SessionEvent } from "../core/control/types.js";
import type { HarnessName } from "../core/harness-names.js";

export const JOURNAL_FORMAT = "hmux.journal/1";

export interface JournalMeta {
  readonly sessionId: string;
  readonly harness: HarnessName;
  readonly cwd: string;
  /** Where the harness's isolated home lives, so a resume finds the harness's own store. */
  readonly stateDir: string;
  readonly isolate: boolean;
  readonly endpoint?: string;
  readonly model?: string;
  readonly effort?: string;
  readonly origin: "fresh" | "resumed";
  readonly pid: number;
  readonly socket?: string;
}

export function stateHome(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  return xdg && xdg.startsWith("/") ? xdg : join(env.HOME ?? homedir(), ".local", "state");
}

export function sessionsDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(stateHome(env), "hmux", "sessions");
}

export function journalPath(sessionId: string, env?: Readonly<Record<string, string | undefined>>): string {
  if (!/^[A-Za-z0-9._-]+$/.test(sessionId)) throw new Error(`session id ${JSON.stringify(sessionId)} is not a safe file name`);
  return join(sessionsDir(env), `${sessionId}.ndjson`);
}

export class JournalWriter {
  private seq: number;
  private readonly fd: number;

  constructor(readonly path: string, meta: JournalMeta, now: () => number = Date.now) {
    mkdirSync(join(path, ".."), { recursive: true, mode: 0o700 });
    this.seq = existsSync(path) ? countLines(path) : 0;
    this.fd = openSync(path, "a", 0o600);
    this.now = now;
    this.append({ journal: JOURNAL_FORMAT, seq: this.seq++, at: now(), meta });
  }

  private readonly now: () => number;

  record(event: SessionEvent): void {
    this.append({ journal: JOURNAL_FORMAT, seq: this.seq++, at: this.now(), event });
  }

  close(): void {
    closeSync(this.fd);
  }

  private append(record: unknown): void {
    appendFileSync(this.fd, `${JSON.stringify(record)}\n`);
  }
}

function countLines(path: string): number {
  const text = readFileSync(path, "utf8");
  return text.split("\n").filter((l) => l.trim() !== "").length;
}

export interface JournalSummary {
  readonly sessionId: string;
  readonly harness: HarnessName | null;
  /** live: the writing hmux is still running; otherwise the last lifecycle, or "interrupted" when it died without a closed line. */
  readonly state: string;
  readonly harnessSessionId: string | null;
  readonly turns: number;
  readonly lastTurnNumber: number;
  readonly updatedAt: number;
  readonly meta: JournalMeta | null;
  readonly path: string;
  readonly events: number;
}

/** Reads one journal; a torn last line (killed mid-write) is skipped, never fatal. */
export function readJournal(path: string, isAlive: (pid: number) => boolean = pidAlive): JournalSummary {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l.trim() !== "");
  let meta: JournalMeta | null = null;
  let lifecycle: string | null = null;
  let closed: string | null = null;
  let harnessSessionId: string | null = null;
  let turns = 0;
  let lastTurnNumber = 0;
  let events = 0;
  for (const line of lines) {
    let rec: { meta?: JournalMeta; event?: SessionEvent };
    try {
      rec = JSON.parse(line) as typeof rec;
    } catch {
      continue;
    }
    if (rec.meta) {
      meta = rec.meta;
      closed = null;
      continue;
    }
    const e = rec.event;
    if (!e) continue;
    events += 1;
    if (e.kind === "state") lifecycle = e.to;
    if (e.kind === "closed") closed = e.cause;
    if (e.kind === "identity") harnessSessionId = e.sessionId;
    if (e.kind === "turn") {
      turns += 1;
      const n = Number(/:turn-(\d+)$/.exec(e.turnId)?.[1] ?? 0);
      lastTurnNumber = Math.max(lastTurnNumber, n);
    }
  }
  const live = meta !== null && closed === null && isAlive(meta.pid);
  const state = live ? `live (${lifecycle ?? "starting"})` : closed !== null ? `closed (${closed})` : "interrupted";
  const sessionId = meta?.sessionId ?? path.replace(/^.*\//, "").replace(/\.ndjson$/, "");
  return { sessionId, harness: meta?.harness ?? null, state, harnessSessionId, turns, lastTurnNumber, updatedAt: statSync(path).mtimeMs, meta, path, events };
}

export function listJournals(env?: Readonly<Record<string, string | undefined>>): JournalSummary[] {
  const dir = sessionsDir(env);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ndjson"))
    .map((f) => readJournal(join(dir, f)))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

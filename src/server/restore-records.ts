/**
 * What a server remembers of each session it holds, beside the session's journal:
 * `<id>.server.json` in the journal folder — its name, harness, cwd, creation time and the
 * options it was created with. The file exists exactly while the session is in a server's
 * table (written on create and rename, removed by `hmux kill` and `hmux kill-server`), so a
 * server starting after one that died knows which journals were its sessions and how to
 * reopen them. A server stopped by SIGTERM (a machine shutting down) keeps the files.
 *
 * A killed session leaves `<id>.killed.json` instead (its name and when): a later server — after
 * a restart too — resumes it by that name or a start of its id, under the name it had. It goes
 * when the session is in a table again.
 */

import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as z from "zod/mini";
import "../core/schema-locale.js";
import { invariant } from "../core/invariant.js";
import { makePrivateDir } from "../files/private-dir.js";
import { CreateOptionsSchema, SESSION_NAME } from "../protocol/index.js";
import { appendJournalEvents, journalPath, sessionsDir } from "../session/journal.js";
import { isSafeSessionId } from "../session/session-id.js";

export const SESSION_RECORD_FORMAT = "hmux.server-session/1";
export const KILLED_RECORD_FORMAT = "hmux.killed-session/1";
const SUFFIX = ".server.json";
const KILLED_SUFFIX = ".killed.json";

export const SessionRecordSchema = z.strictObject({
  format: z.literal(SESSION_RECORD_FORMAT),
  id: z.string().check(z.refine(isSafeSessionId, "not a safe session id")),
  name: z.string().check(z.regex(SESSION_NAME)),
  harness: z.string().check(z.minLength(1), z.maxLength(64)),
  cwd: z.string().check(z.startsWith("/")),
  /** Epoch ms the first server created it. */
  createdAt: z.number().check(z.int(), z.nonnegative()),
  options: CreateOptionsSchema,
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

export const KilledRecordSchema = z.strictObject({
  format: z.literal(KILLED_RECORD_FORMAT),
  id: z.string().check(z.refine(isSafeSessionId, "not a safe session id")),
  name: z.string().check(z.regex(SESSION_NAME)),
  /** Epoch ms of the kill: of two killed under one name, the later one answers to it. */
  killedAt: z.number().check(z.int(), z.nonnegative()),
});
export type KilledRecord = z.infer<typeof KilledRecordSchema>;

/** The table's side of the records: it says what it holds, and reads back only the killed names. */
export interface SessionRecords {
  /** The row is in the table (created, renamed, resumed): a killed record of it goes. */
  save(record: SessionRecord): void;
  /**
   * The row is gone for good; its name is kept as a killed record. A detached one (no harness
   * ran it since its server died) also gets its journal closed as killed, so `hmux sessions`
   * says it ended rather than interrupted.
   */
  forget(killed: KilledRecord, detached: boolean): void;
  /** The sessions killed from a table, oldest kill first; files that are not one, named with why. */
  killed(): { readonly records: readonly KilledRecord[]; readonly problems: readonly string[] };
}

export interface ReadRecords {
  readonly records: readonly SessionRecord[];
  /** Files that are not a record (named, with why): reported, left in place for the user. */
  readonly problems: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

export function sessionRecordPath(id: string, env: Env): string {
  invariant(
    isSafeSessionId(id),
    `session ids are checked where they enter: ${JSON.stringify(id)} is not a safe file name`,
  );
  return join(sessionsDir(env), `${id}${SUFFIX}`);
}

export function killedRecordPath(id: string, env: Env): string {
  invariant(
    isSafeSessionId(id),
    `session ids are checked where they enter: ${JSON.stringify(id)} is not a safe file name`,
  );
  return join(sessionsDir(env), `${id}${KILLED_SUFFIX}`);
}

/** The records in the journal folder, each checked. */
export function readSessionRecords(env: Env): ReadRecords {
  return readRecordFiles(env, SUFFIX, SessionRecordSchema);
}

/** The killed records in the journal folder, each checked, oldest kill first. */
export function readKilledRecords(env: Env): { records: KilledRecord[]; problems: string[] } {
  const read = readRecordFiles(env, KILLED_SUFFIX, KilledRecordSchema);
  return { records: [...read.records].sort((a, b) => a.killedAt - b.killedAt), problems: [...read.problems] };
}

function readRecordFiles<T extends { readonly id: string }>(
  env: Env,
  suffix: string,
  schema: z.ZodMiniType<T>,
): { records: readonly T[]; problems: readonly string[] } {
  const dir = sessionsDir(env);
  if (!existsSync(dir)) return { records: [], problems: [] };
  const records: T[] = [];
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(suffix))) {
    const path = join(dir, file);
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(path, "utf8"));
    } catch (err) {
      problems.push(`${path}: ${err instanceof SyntaxError ? "not JSON" : (err as Error).message}`);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${path}: ${issue ? `${issue.path.join(".") || "record"}: ${issue.message}` : "invalid"}`);
      continue;
    }
    if (`${parsed.data.id}${suffix}` !== file) {
      problems.push(`${path}: names session ${parsed.data.id}, not the one in its file name`);
      continue;
    }
    records.push(parsed.data);
  }
  return { records, problems };
}

/** Records as files: written whole (a temp file renamed over), private to this user. */
/** `now` stamps the closed record a detached session's journal gets when it is killed. */
export function fileSessionRecords(env: Env, now: () => number): SessionRecords {
  return {
    save(record) {
      writeWhole(sessionRecordPath(record.id, env), SessionRecordSchema.parse(record));
      rmSync(killedRecordPath(record.id, env), { force: true });
    },
    forget(killed, detached) {
      writeWhole(killedRecordPath(killed.id, env), KilledRecordSchema.parse(killed));
      rmSync(sessionRecordPath(killed.id, env), { force: true });
      const journal = journalPath(killed.id, env);
      if (detached && existsSync(journal))
        appendJournalEvents(journal, [{ kind: "closed", exitCode: null, cause: "killed" }], now);
    },
    killed: () => readKilledRecords(env),
  };
}

function writeWhole(path: string, value: unknown): void {
  makePrivateDir(dirname(path));
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  renameSync(temp, path);
}

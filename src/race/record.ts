/**
 * Races on disk: `$XDG_STATE_HOME/hmux/races/<race>.json`, one file per race naming its repository,
 * base, prompt and contestants (harness → workspace), and its scorecard once the race ends — so
 * `hmux race pick|discard|ls` find a race later. Written atomically (private temp file, rename),
 * 0600 in a 0700 folder; read back through zod, and a file that does not match is an error naming it.
 */
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { makePrivateDir } from "../files/private-dir.js";
import { WorkspaceError } from "../workspace/errors.js";
import { type Env, stateBase } from "../workspace/paths.js";
import type { WorkspaceEntry } from "../workspace/registry.js";
import { ContestantScoreSchema, RaceSummarySchema, type Scorecard } from "./scorecard-schema.js";

const ContestantEntrySchema = z.strictObject({
  harness: z.string(),
  /** The hmux workspace (its registry name) the contestant ran in. */
  workspace: z.string(),
  branch: z.string(),
  path: z.string(),
  /**
   * The hmux session it ran as (a race of sessions): its journal is the contestant's account of its
   * first turn, so a server started after the one that ran the race can still score it.
   */
  session: z.string().optional(),
  /** Settings its plan could not express (a race of sessions), as its scorecard shows them. */
  planDivergences: z.array(z.strictObject({ key: z.string(), value: z.unknown(), reason: z.string() })).optional(),
});

export const RaceRecordSchema = z.strictObject({
  version: z.literal(1),
  race: z.string(),
  repo: z.string(),
  base: z.string(),
  baseCommit: z.string(),
  prompt: z.string(),
  check: z.string().nullable(),
  createdAt: z.string(),
  /** Tracked files with uncommitted changes in the base checkout when the race started (a race of sessions). */
  baseDirty: z.array(z.string()).optional(),
  contestants: z.array(ContestantEntrySchema),
  scorecard: z.strictObject({ contestants: z.array(ContestantScoreSchema), summary: RaceSummarySchema }).optional(),
  /** The harness whose work was merged into the base. */
  picked: z.string().optional(),
});

export type RaceRecord = z.infer<typeof RaceRecordSchema>;
export type RaceContestantEntry = z.infer<typeof ContestantEntrySchema>;

/** What a race is before its contestants run: the same for `hmux race` and a race of sessions. */
export interface RaceFacts {
  readonly race: string;
  readonly repo: string;
  readonly base: { readonly name: string; readonly commit: string };
  readonly prompt: string;
  readonly check: string | null;
}

/** A contestant as its race's record names it; a race of sessions adds its session and plan divergences. */
export interface RecordedContestant {
  readonly harness: string;
  readonly entry: WorkspaceEntry;
  readonly session?: string;
  readonly planDivergences?: ReadonlyArray<{ readonly key: string; readonly value: unknown; readonly reason: string }>;
}

/** The record of a race whose contestants have their worktrees (`now`: when, epoch ms). */
export function raceRecord(
  facts: RaceFacts & { readonly baseDirty?: readonly string[] },
  contestants: readonly RecordedContestant[],
  now: number,
): RaceRecord {
  return {
    version: 1,
    race: facts.race,
    repo: facts.repo,
    base: facts.base.name,
    baseCommit: facts.base.commit,
    prompt: facts.prompt,
    check: facts.check,
    createdAt: new Date(now).toISOString(),
    ...(facts.baseDirty !== undefined ? { baseDirty: [...facts.baseDirty] } : {}),
    contestants: contestants.map(({ harness, entry, session, planDivergences }) => ({
      harness,
      workspace: entry.name,
      branch: entry.branch,
      path: entry.path,
      ...(session !== undefined ? { session } : {}),
      ...(planDivergences !== undefined ? { planDivergences: [...planDivergences] } : {}),
    })),
  };
}

/** The record once its scorecard is in. */
export function scoredRecord(record: RaceRecord, scorecard: Scorecard): RaceRecord {
  return { ...record, scorecard: { contestants: [...scorecard.contestants], summary: scorecard.summary } };
}

/** A race name is one path component and the head of branch names (`hmux/<race>-<harness>`). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

export function checkRaceName(name: string): string {
  if (!NAME.test(name) || name.includes("..") || name.endsWith(".lock") || name.endsWith("."))
    throw new WorkspaceError(`race name ${JSON.stringify(name)} cannot be a file and branch name`, {
      issue: "invalid-workspace-name",
      hint: "use letters, digits, '.', '_' or '-' (up to 40), starting with a letter or digit",
    });
  return name;
}

export class RaceStore {
  readonly dir: string;
  constructor(env: Env, dir: string = join(stateBase(env), "hmux", "races")) {
    this.dir = dir;
  }

  path(race: string): string {
    return join(this.dir, `${checkRaceName(race)}.json`);
  }

  exists(race: string): boolean {
    try {
      readFileSync(this.path(race));
      return true;
    } catch {
      return false;
    }
  }

  write(record: RaceRecord): void {
    makePrivateDir(this.dir);
    const path = this.path(record.race);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(RaceRecordSchema.parse(record), null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, path);
  }

  read(race: string): RaceRecord {
    const path = this.path(race);
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      const known = this.list().map((r) => r.race);
      throw new WorkspaceError(`no race named ${JSON.stringify(race)}`, {
        issue: "unknown-workspace",
        hint: known.length > 0 ? `known races: ${known.join(", ")}` : "hmux race ls lists them; none are recorded",
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw recordError(path, `is not JSON (${(err as Error).message})`);
    }
    const parsed = RaceRecordSchema.safeParse(json);
    if (!parsed.success) throw recordError(path, `does not match its schema: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }

  /** Every readable race, oldest first; an unreadable file is skipped here (read() names it). */
  list(): RaceRecord[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(".json"));
    } catch {
      return [];
    }
    const out: RaceRecord[] = [];
    for (const name of names) {
      try {
        out.push(this.read(name.slice(0, -".json".length)));
      } catch {
        // not ours to judge in a listing
      }
    }
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  remove(race: string): void {
    rmSync(this.path(race), { force: true });
  }
}

function recordError(path: string, what: string): WorkspaceError {
  return new WorkspaceError(`the race record ${path} ${what}`, {
    issue: "invalid-workspace-registry",
    hint: "fix or move the file aside; hmux never overwrites a record it cannot read",
  });
}

/**
 * One race: N harnesses, one prompt, one base. Each contestant is launched by the caller's launch
 * (src/launch: its own worktree, branch `hmux/<race>-<harness>` suffixed when a branch of that
 * name exists, from the same base commit; its turn planned with the same normalized settings;
 * its setup run), and all turns run at once. After its turn each runs the check in its worktree; then git says what it changed,
 * and the scorecard is built. Everything that can be refused (not a repository, no such base, a
 * harness the plan refuses) is refused before any turn starts, and the worktrees made so far go.
 */

import { randomBytes } from "node:crypto";
import type { SessionEvent } from "../core/control/types.js";
import { RefusalError } from "../core/refusal.js";
import type { PriceTable } from "../core/usage/price-lookup.js";
import { MODEL_PRICES } from "../core/usage/prices.js";
import { SessionUsage } from "../core/usage/session-usage.js";
import { workspaceDiff } from "../workspace/diff.js";
import type { WorkspaceLease, WorkspacePorts } from "../workspace/lease.js";
import { repoFacts, resolveBase } from "../workspace/repo.js";
import { raceMerges } from "./overlap.js";
import { checkRaceName, type RaceRecord, type RaceStore, raceRecord, scoredRecord } from "./record.js";
import { reviewPrompt, reviewScore } from "./review.js";
import { baseDirty, scoreWorktree } from "./score-worktree.js";
import { buildScorecard, type ContestantFacts } from "./scorecard.js";
import type { Scorecard } from "./scorecard-schema.js";
import { EMPTY_TALLY, tallyEvent } from "./tally.js";

/** A contestant launched in its own worktree (its plan made, its setup run): nothing runs until `run`. */
export interface PlannedContestant {
  /** The worktree the launch opened for it and holds. */
  readonly lease: WorkspaceLease;
  /** Settings this harness could not express (the resolution's divergence, and settings dropped for it). */
  readonly divergences: readonly { readonly key: string; readonly value: unknown; readonly reason: string }[];
  /** Snapshots the worktree as the turn starts, then the turn's events, ending in `done`; aborting `signal` stops it. */
  run(signal: AbortSignal): AsyncIterable<SessionEvent>;
  /** After the turn: let go of what the launch made for it (an isolated state dir) and of the worktree. */
  release(): void;
  /** The race was called off before its turns: the worktree the launch made goes too. */
  abandon(): Promise<void>;
}

/** Where a contestant is launched: its worktree's name and base, and what its turn's snapshot is called. */
export interface ContestantPlace {
  readonly worktree: string;
  readonly base?: string;
  readonly turnLabel: string;
}

export interface RacePorts {
  readonly workspace: WorkspacePorts;
  readonly store: RaceStore;
  /** Launches a harness's turn in a new worktree; throws a refusal when the launch cannot stand. */
  launch(harness: string, place: ContestantPlace, onNote: (line: string) => void): Promise<PlannedContestant>;
  /** The environment the check command runs with. */
  readonly checkEnv: Readonly<Record<string, string>>;
  /** Notes as the race goes (worktrees made, setup output, each contestant's events). */
  readonly onNote?: (line: string) => void;
  readonly onEvent?: (harness: string, event: SessionEvent) => void;
  /** What usage is priced by: the one price table (core/usage/prices.ts) unless a test hands its own. */
  readonly prices?: PriceTable;
  /**
   * Launches the cross-review's turn (`--review`): `reviewer` read-only in `cwd` (a contestant's
   * worktree), gated as any turn is, through the one launch; throws when it cannot be made so.
   */
  review?(reviewer: string, at: { readonly cwd: string; readonly prompt: string }): Promise<PlannedReview>;
}

/** A review turn launched: nothing runs until `run`. */
export interface PlannedReview {
  run(signal: AbortSignal): AsyncIterable<SessionEvent>;
  release(): void;
}

/** The model the race asked every contestant for, when its settings name one. */
function modelAsked(settings: Readonly<Record<string, unknown>>): string | undefined {
  return typeof settings.model === "string" ? settings.model : undefined;
}

export interface RaceRequest {
  readonly cwd: string;
  readonly harnesses: readonly string[];
  readonly prompt: string;
  readonly base?: string;
  readonly name?: string;
  readonly check: string | null;
  readonly checkTimeoutMs: number;
  /** The normalized settings every contestant was asked for, as recorded in the summary. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
  /** The harness that reviews each contestant's diff against the prompt (`--review`), if any. */
  readonly review?: string;
  /** Said through onNote once the race is past its refusals (a repository, a base): a note before a refusal is noise. */
  readonly notes?: readonly string[];
}

export interface RaceResult {
  readonly record: RaceRecord;
  readonly scorecard: Scorecard;
}

export function checkContestants(harnesses: readonly string[]): void {
  if (harnesses.length < 2)
    throw new RefusalError(
      `a race needs at least 2 harnesses, got ${harnesses.length === 0 ? "none" : `only ${harnesses[0]}`}`,
      {
        issue: "invalid-option-value",
        option: "harnesses",
        hint: 'name two or more after the prompt: hmux race "<prompt>" claude codex pi',
      },
    );
  const twice = harnesses.filter((h, i) => harnesses.indexOf(h) !== i);
  if (twice.length > 0)
    throw new RefusalError(`${[...new Set(twice)].join(", ")} is named more than once; each harness races once`, {
      issue: "invalid-option-value",
      option: "harnesses",
      hint: "name each harness once; to compare models of one harness, run hmux race twice with --model",
    });
}

/** A race name no record and no workspace of this repository uses yet (suffixed like a workspace name). */
export function freeRaceName(
  ports: Pick<RacePorts, "workspace" | "store">,
  repo: string,
  wanted: string,
  harnesses: readonly string[],
): string {
  const names = new Set(
    ports.workspace
      .registry()
      .list()
      .filter((e) => e.repo === repo)
      .map((e) => e.name),
  );
  for (let n = 1; n < 1000; n++) {
    const race = n === 1 ? wanted : `${wanted}-${n}`;
    if (!ports.store.exists(race) && harnesses.every((h) => !names.has(`${race}-${h}`))) return race;
  }
  throw new RefusalError(`no free race name near ${JSON.stringify(wanted)}`, {
    issue: "workspace-create-failed",
    hint: "discard old races (hmux race discard <race>) or pick another --name",
  });
}

interface Entrant {
  readonly harness: string;
  readonly contestant: PlannedContestant;
}

export async function runRace(ports: RacePorts, request: RaceRequest): Promise<RaceResult> {
  checkContestants(request.harnesses);
  const git = ports.workspace.git;
  // Refuses outside a repository, naming the path; every contestant needs a worktree, so there is no flag to drop.
  const repo = await repoFacts(git, request.cwd, "or try hmux race --demo, which makes a scratch repository");
  const base = await resolveBase(git, repo.toplevel, request.base); // refuses a base that does not exist
  const wanted = request.name !== undefined ? checkRaceName(request.name) : `race-${randomBytes(2).toString("hex")}`;
  const race = freeRaceName(ports, repo.repo, wanted, request.harnesses);
  for (const note of request.notes ?? []) ports.onNote?.(note);
  if (race !== wanted) ports.onNote?.(`race: the name ${wanted} is taken; using ${race}`);
  const dirty = await baseDirty(git, repo.toplevel);

  const entrants: Entrant[] = [];
  try {
    for (const harness of request.harnesses) {
      const contestant = await ports.launch(
        harness,
        {
          worktree: `${race}-${harness}`,
          // As the user named it (HEAD's branch by default): the branch a pick merges into.
          ...(request.base !== undefined ? { base: request.base } : {}),
          turnLabel: `race-${race}`,
        },
        // The base's uncommitted changes are said once, on the scorecard, not once per worktree.
        (line) => {
          if (!line.includes("that the new worktree does not have")) ports.onNote?.(`${harness}: ${line}`);
        },
      );
      entrants.push({ harness, contestant });
      if (contestant.lease.entry.baseCommit !== base.commit)
        throw new RefusalError(
          `${base.name} moved while the race was being set up; its contestants would start apart`,
          {
            issue: "unknown-base",
            hint: "start the race again, or name a fixed commit with --base",
          },
        );
    }
  } catch (err) {
    for (const e of entrants) await e.contestant.abandon();
    throw err;
  }

  const record = raceRecord(
    { race, repo: repo.repo, base, prompt: request.prompt, check: request.check },
    entrants.map((e) => ({ harness: e.harness, entry: e.contestant.lease.entry })),
    ports.workspace.clock.now(),
  );
  ports.store.write(record);

  const signal = request.signal ?? new AbortController().signal;
  const scored = await Promise.all(entrants.map((e) => runContestant(ports, request, race, e, signal)));
  const merges = await raceMerges(ports.workspace.git, scored);
  const facts = await reviewed(ports, request, scored, entrants, signal);
  const scorecard = buildScorecard(
    {
      merges,
      race,
      prompt: request.prompt,
      repo: repo.repo,
      base: { name: base.name, commit: base.commit },
      baseDirty: dirty,
      settings: request.settings,
      check: request.check,
    },
    facts,
  );
  const done = scoredRecord(record, scorecard);
  ports.store.write(done);
  return { record: done, scorecard };
}

/** Each contestant that changed something, with the reviewer's verdict on its diff; one review at a time. */
async function reviewed(
  ports: RacePorts,
  request: RaceRequest,
  facts: readonly ContestantFacts[],
  entrants: readonly Entrant[],
  signal: AbortSignal,
): Promise<ContestantFacts[]> {
  const reviewer = request.review;
  if (reviewer === undefined || ports.review === undefined) return [...facts];
  const out: ContestantFacts[] = [];
  for (const [i, f] of facts.entries()) {
    const entry = entrants[i]!.contestant.lease.entry;
    if (f.files.length === 0 || signal.aborted) {
      out.push(f);
      continue;
    }
    try {
      const diff = await workspaceDiff(ports.workspace.git, entry, { patch: true });
      const turn = await ports.review(reviewer, {
        cwd: entry.path,
        prompt: reviewPrompt(request.prompt, f.harness, diff.patch),
      });
      const events: SessionEvent[] = [];
      try {
        for await (const event of turn.run(signal)) {
          events.push(event);
          ports.onEvent?.(`${reviewer} reviewing ${f.harness}`, event);
        }
      } finally {
        turn.release();
      }
      out.push({ ...f, review: reviewScore(reviewer, events) });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      out.push({ ...f, review: { reviewer, verdict: null, outcome: "refused", error } });
    }
  }
  return out;
}

async function runContestant(
  ports: RacePorts,
  request: RaceRequest,
  race: string,
  e: Entrant,
  signal: AbortSignal,
): Promise<ContestantFacts> {
  const { harness, contestant: plan } = e;
  const { lease } = plan;
  const clock = ports.workspace.clock;
  try {
    const started = clock.now();
    let tally = EMPTY_TALLY;
    // Priced as the server prices a session's: the model the record names, said or asked for.
    const usage = new SessionUsage(modelAsked(request.settings), ports.prices ?? MODEL_PRICES);
    for await (const emitted of plan.run(signal)) {
      const event = usage.take(emitted);
      tally = tallyEvent(tally, event);
      ports.onEvent?.(harness, event);
    }
    const wallMs = clock.now() - started;
    const facts = await scoreWorktree(ports.workspace, {
      race,
      harness,
      entry: lease.entry,
      wallMs,
      tally,
      planDivergences: plan.divergences,
      check:
        request.check !== null && !signal.aborted
          ? { command: request.check, timeoutMs: request.checkTimeoutMs, env: ports.checkEnv, signal }
          : null,
    });
    if (facts.check)
      ports.onEvent?.(harness, {
        kind: "progress",
        label: "check",
        detail: facts.check.timedOut ? "timed out" : `exit ${facts.check.exitCode}`,
      });
    return facts;
  } finally {
    plan.release();
  }
}

/**
 * One race: N harnesses, one prompt, one base. Each contestant gets its own worktree (branch
 * `hmux/<race>-<harness>`, suffixed when a branch of that name exists) from the same base commit,
 * its turn planned by the caller's launch pipeline with the same normalized settings, and all turns
 * run at once. After its turn each runs the check in its worktree; then git says what it changed,
 * and the scorecard is built. Everything that can be refused (not a repository, no such base, a
 * harness the plan refuses) is refused before any turn starts, and the worktrees made so far go.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { SessionEvent } from "../core/control/types.js";
import { RefusalError } from "../core/refusal.js";
import {
  abandonWorkspace,
  openWorkspace,
  releaseWorkspace,
  setUpWorkspace,
  snapshotTurn,
  type WorkspaceLease,
  type WorkspacePorts,
  type WorktreeRequest,
} from "../workspace/lease.js";
import { repoFacts, resolveBase } from "../workspace/repo.js";
import { checkRaceName, type RaceRecord, type RaceStore, raceRecord, scoredRecord } from "./record.js";
import { baseDirty, scoreWorktree } from "./score-worktree.js";
import { buildScorecard, type ContestantFacts } from "./scorecard.js";
import type { Scorecard } from "./scorecard-schema.js";
import { EMPTY_TALLY, tallyEvent } from "./tally.js";

/** A contestant's turn as the launch pipeline planned it: nothing runs until `run`. */
export interface PlannedContestant {
  /** Settings this harness could not express (the resolution's divergence). */
  readonly divergences: readonly { readonly key: string; readonly value: unknown; readonly reason: string }[];
  /** Lines for the user: provenance, divergence, notes of the plan. */
  readonly notes: readonly string[];
  /** The turn's events, ending in `done`; aborting `signal` stops it. */
  run(signal: AbortSignal): AsyncIterable<SessionEvent>;
  /** After the turn: drop what the plan made for it (an isolated state dir). */
  dispose(): void;
}

export interface RacePorts {
  readonly workspace: WorkspacePorts;
  readonly store: RaceStore;
  /** Plans a harness's turn in its worktree; throws a refusal when the plan cannot stand. */
  plan(harness: string, lease: WorkspaceLease): Promise<PlannedContestant>;
  /** The environment the check command runs with. */
  readonly checkEnv: Readonly<Record<string, string>>;
  /** Notes as the race goes (worktrees made, setup output, each contestant's events). */
  readonly onNote?: (line: string) => void;
  readonly onEvent?: (harness: string, event: SessionEvent) => void;
}

export interface RaceRequest {
  readonly cwd: string;
  readonly harnesses: readonly string[];
  readonly prompt: string;
  readonly base?: string;
  readonly name?: string;
  readonly check: string | null;
  readonly checkTimeoutMs: number;
  readonly configs: WorktreeRequest["configs"];
  /** The normalized settings every contestant was asked for, as recorded in the summary. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
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
  readonly lease: WorkspaceLease;
  plan?: PlannedContestant;
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
      const lease = await openWorkspace(ports.workspace, {
        cwd: request.cwd,
        flag: `${race}-${harness}`,
        // As the user named it (HEAD's branch by default): the branch a pick merges into.
        ...(request.base !== undefined ? { base: request.base } : {}),
        harness,
        // A contestant runs one turn with no hmux session of its own; this id holds its worktree.
        sessionId: randomUUID(),
        configs: request.configs,
      });
      if (!lease) throw new Error("openWorkspace made no worktree although one was asked for");
      entrants.push({ harness, lease });
      // The base's uncommitted changes are said once, on the scorecard, not once per worktree.
      for (const note of lease.notes)
        if (!note.includes("that the new worktree does not have")) ports.onNote?.(`${harness}: ${note}`);
      if (lease.entry.baseCommit !== base.commit)
        throw new RefusalError(
          `${base.name} moved while the race was being set up; its contestants would start apart`,
          {
            issue: "unknown-base",
            hint: "start the race again, or name a fixed commit with --base",
          },
        );
    }
    for (const e of entrants) {
      e.plan = await ports.plan(e.harness, e.lease);
      for (const line of e.plan.notes) ports.onNote?.(`${e.harness}: ${line}`);
    }
    for (const e of entrants)
      await setUpWorkspace(ports.workspace, e.lease, (text) =>
        ports.onNote?.(`${e.harness}: setup| ${text.trimEnd()}`),
      );
  } catch (err) {
    for (const e of entrants) {
      e.plan?.dispose();
      await abandonWorkspace(ports.workspace, e.lease);
    }
    throw err;
  }

  const record = raceRecord(
    { race, repo: repo.repo, base, prompt: request.prompt, check: request.check },
    entrants.map((e) => ({ harness: e.harness, entry: e.lease.entry })),
    ports.workspace.clock.now(),
  );
  ports.store.write(record);

  const signal = request.signal ?? new AbortController().signal;
  const facts = await Promise.all(entrants.map((e) => runContestant(ports, request, race, e, signal)));
  const scorecard = buildScorecard(
    {
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

async function runContestant(
  ports: RacePorts,
  request: RaceRequest,
  race: string,
  e: Entrant,
  signal: AbortSignal,
): Promise<ContestantFacts> {
  const { lease, harness } = e;
  const plan = e.plan!;
  const clock = ports.workspace.clock;
  try {
    const problem = await snapshotTurn(ports.workspace, lease, `race-${race}`);
    if (problem) ports.onNote?.(`${harness}: ${problem}`);
    const started = clock.now();
    let tally = EMPTY_TALLY;
    for await (const event of plan.run(signal)) {
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
    plan.dispose();
    releaseWorkspace(ports.workspace, lease);
  }
}

/**
 * Races whose contestants are sessions (a TUI's panes, on the hmux server or in the TUI's own
 * process): one prompt to several harnesses, each session in its own worktree from the same
 * base. This is the one place such a race is decided — whoever shows it only renders what it
 * says. Everything that can be refused (fewer than two harnesses, not a repository, no such base,
 * a bad name) is refused before any session opens. Each contestant's events are tallied from its
 * first (src/race/tally.ts, person-wait.ts) until its first turn ends; once every contestant's
 * has, the race is scored at once (the check in each worktree, git's diff, the scorecard:
 * score-worktree.ts, as `hmux race` scores) and recorded as `hmux race` records it, so
 * `hmux race pick|discard|ls` find it. Picking and discarding end the contestants' sessions
 * first, since they hold the worktrees. A race outlives the server that ran it, as its sessions
 * do: a later server scores it from its record, its contestants' journals and their worktrees.
 */

import { randomBytes } from "node:crypto";
import type { SessionEvent } from "../core/control/types.js";
import { HmuxError } from "../core/hmux-error.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import type { WorkspaceEntry } from "../workspace/registry.js";
import { repoFacts, resolveBase } from "../workspace/repo.js";
import { type JournaledEvent, journaledFirstTurn } from "./journaled-turn.js";
import { raceMerges } from "./overlap.js";
import { NO_WAIT, type PersonWait, personWaitEvent, waitedBy } from "./person-wait.js";
import { type Cleanup, discardRace, entryOf, type PickOptions, type PickResult, pickWinner } from "./pick.js";
import { RaceStateError } from "./race-errors.js";
import { checkRaceName, type RaceRecord, type RaceStore, raceRecord, scoredRecord } from "./record.js";
import { checkContestants, freeRaceName } from "./runner.js";
import { baseDirty, scoreWorktree } from "./score-worktree.js";
import { buildScorecard, type ContestantFacts } from "./scorecard.js";
import type { Scorecard } from "./scorecard-schema.js";
import { EMPTY_TALLY, type Tally, tallyEvent } from "./tally.js";

/** How long one check may run in one worktree, as `hmux race`'s default. */
export const SESSION_RACE_CHECK_TIMEOUT_MS = 300_000;
/** How long a halted contestant may take to close before its worktree is touched anyway (git then says if it is in use). */
export const HALT_WAIT_MS = 10_000;

/** What a contestant's session is opened with; `options` are the race's, the same for every contestant. */
export interface ContestantRequest<Options = unknown> {
  readonly options: Options;
  readonly harness: string;
  /** Where the race was started (the repository's checkout). */
  readonly cwd: string;
  /** The name of its own worktree: `<race>-<harness>`. */
  readonly worktree: string;
  /** The base as the user named it; HEAD's branch when absent. */
  readonly base?: string;
  /** Its first turn, sent once the session started. */
  readonly prompt: string;
}

/** A contestant's session once opened. */
export interface OpenedContestant {
  /** The session's id, as its clients know it. */
  readonly session: string;
  /** The workspace registry's name of its worktree. */
  readonly workspace: string;
  /** Settings its harness could not express, as its plan said. */
  readonly planDivergences: ContestantFacts["planDivergences"];
  /** Ends the session at once; resolves once it has closed (its worktree lease released). */
  halt(): Promise<void>;
}

export interface SessionRacePorts<Options = unknown> {
  readonly workspace: WorkspacePorts;
  readonly store: RaceStore;
  /** The environment the check command runs with. */
  readonly checkEnv: Readonly<Record<string, string>>;
  readonly checkTimeoutMs?: number;
  /**
   * Opens a contestant's session (a refusal throws); `onEvent` hears every event of it from its
   * first, before anyone else does, so its tally is whole, with when the session emitted it (the
   * server's clock, the one its control machine stamps a held call's `openedAt` with).
   */
  open(
    request: ContestantRequest<Options>,
    onEvent: (event: SessionEvent, at: number) => void,
  ): Promise<OpenedContestant>;
  /** A contestant's session's journal, oldest first, each event with when it was emitted; null when it has none. */
  journaled(session: string): readonly JournaledEvent[] | null;
}

export interface SessionRaceRequest<Options = unknown> {
  /** How every contestant's session is opened besides its worktree and prompt (the opener's own settings). */
  readonly options: Options;
  readonly cwd: string;
  readonly harnesses: readonly string[];
  readonly prompt: string;
  readonly check: string | null;
  readonly base?: string;
  /** The race's name (suffixed when taken); a generated one when absent. */
  readonly name?: string;
}

export type StartedContestant =
  | { readonly harness: string; readonly session: string; readonly workspace: string }
  | { readonly harness: string; readonly failed: string };

export interface StartedRace {
  readonly race: string;
  readonly contestants: readonly StartedContestant[];
  /** Worth telling whoever started it (a taken name, setup output of a worktree). */
  readonly notes: readonly string[];
}

/** A contestant while its first turn runs: what its events said so far. */
interface Runner {
  readonly harness: string;
  readonly opened: OpenedContestant;
  readonly entry: WorkspaceEntry;
  tally: Tally;
  wait: PersonWait;
  startedAt: number | null;
  /** Its first turn's wall time less the time it waited for a person, once that turn ended. */
  wallMs: number | null;
}

/** What scoring needs of one contestant, from a live race or from a journal. */
interface TurnToScore {
  readonly harness: string;
  readonly entry: WorkspaceEntry;
  readonly tally: Tally;
  readonly wallMs: number;
  readonly personWaitMs: number;
  readonly planDivergences: ContestantFacts["planDivergences"];
}

type Phase =
  | { readonly kind: "running" }
  | { readonly kind: "scoring"; readonly scored: Promise<Scorecard> }
  | { readonly kind: "scored"; readonly scorecard: Scorecard }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "ended"; readonly how: "picked" | "discarded" };

interface LiveRace {
  record: RaceRecord;
  readonly runners: readonly Runner[];
  readonly baseDirty: readonly string[];
  phase: Phase;
  /** Stops a check that runs when the race is discarded while scoring. */
  readonly abort: AbortController;
}

export class SessionRaces<Options = unknown> {
  private readonly races = new Map<string, LiveRace>();
  /** Races a server before this one ran, being scored from their records: one scoring each, however many ask. */
  private readonly recordedScoring = new Map<string, { scored: Promise<Scorecard>; abort: AbortController }>();

  constructor(private readonly ports: SessionRacePorts<Options>) {}

  /** Opens every contestant's session; a contestant that cannot open is told apart, the rest race on. */
  async start(request: SessionRaceRequest<Options>): Promise<StartedRace> {
    checkContestants(request.harnesses);
    const { workspace: ws, store } = this.ports;
    const repo = await repoFacts(ws.git, request.cwd, "start the race from inside a git repository");
    const base = await resolveBase(ws.git, repo.toplevel, request.base);
    const wanted = request.name !== undefined ? checkRaceName(request.name) : `race-${randomBytes(2).toString("hex")}`;
    const race = freeRaceName(this.ports, repo.repo, wanted, request.harnesses);
    const notes = race !== wanted ? [`race: the name ${wanted} is taken; using ${race}`] : [];
    const dirty = await baseDirty(ws.git, repo.toplevel);

    const runners: Runner[] = [];
    const contestants: StartedContestant[] = [];
    for (const harness of request.harnesses) {
      // Events may come while the session is still opening: they are kept until its runner exists.
      const early: Array<{ event: SessionEvent; at: number }> = [];
      let runner: Runner | null = null;
      const onEvent = (event: SessionEvent, at: number) => {
        if (runner) this.saw(race, runner, event, at);
        else early.push({ event, at });
      };
      try {
        const opened = await this.ports.open(
          {
            options: request.options,
            harness,
            cwd: request.cwd,
            worktree: `${race}-${harness}`,
            ...(request.base !== undefined ? { base: request.base } : {}),
            prompt: request.prompt,
          },
          onEvent,
        );
        const entry = entryOf(this.ports, repo, opened);
        const moved = entry === undefined || entry.baseCommit !== base.commit;
        if (moved) {
          await opened.halt();
          const why =
            entry === undefined
              ? `its worktree ${opened.workspace} is not in hmux's workspace registry`
              : `${base.name} moved while the race was being set up; it would start apart from the others`;
          contestants.push({ harness, failed: why });
          continue;
        }
        const made: Runner = {
          harness,
          opened,
          entry,
          tally: EMPTY_TALLY,
          wait: NO_WAIT,
          startedAt: null,
          wallMs: null,
        };
        runners.push(made);
        runner = made;
        contestants.push({ harness, session: opened.session, workspace: opened.workspace });
        for (const e of early.splice(0)) this.saw(race, made, e.event, e.at);
      } catch (err) {
        contestants.push({ harness, failed: err instanceof Error ? err.message : String(err) });
      }
    }
    if (runners.length === 0) return { race, contestants, notes };
    const record = raceRecord(
      { race, repo: repo.repo, base, prompt: request.prompt, check: request.check, baseDirty: dirty },
      runners.map((r) => ({
        harness: r.harness,
        entry: r.entry,
        session: r.opened.session,
        planDivergences: r.opened.planDivergences,
      })),
      ws.clock.now(),
    );
    store.write(record);
    const live: LiveRace = {
      record,
      runners,
      baseDirty: dirty,
      phase: { kind: "running" },
      abort: new AbortController(),
    };
    this.races.set(race, live);
    // Every first turn may have ended while the others were opening.
    this.settle(live);
    return { race, contestants, notes };
  }

  private saw(race: string, runner: Runner, event: SessionEvent, at: number): void {
    if (runner.wallMs !== null) return;
    runner.startedAt ??= at;
    runner.tally = tallyEvent(runner.tally, event);
    runner.wait = personWaitEvent(runner.wait, event, at);
    if (runner.tally.done === null) return;
    // The wall time is the turn's own: the time it stood waiting for a person is shown apart.
    runner.wallMs = Math.max(0, at - runner.startedAt - waitedBy(runner.wait, at));
    const live = this.races.get(race);
    if (live) this.settle(live);
  }

  /** Once every first turn has ended, the race is scored: no client needs to be there for it. */
  private settle(live: LiveRace): void {
    if (live.phase.kind !== "running" || live.runners.some((r) => r.wallMs === null)) return;
    const scored = this.scoreNow(live);
    live.phase = { kind: "scoring", scored };
    scored.then(
      (scorecard) => {
        if (live.phase.kind === "scoring") live.phase = { kind: "scored", scorecard };
      },
      (err: unknown) => {
        if (live.phase.kind === "scoring")
          live.phase = { kind: "failed", message: err instanceof Error ? err.message : String(err) };
      },
    );
  }

  private async scoreNow(live: LiveRace): Promise<Scorecard> {
    const turns = live.runners.map(
      (r): TurnToScore => ({
        harness: r.harness,
        entry: r.entry,
        tally: r.tally,
        wallMs: r.wallMs ?? 0,
        personWaitMs: r.wait.waitedMs,
        planDivergences: r.opened.planDivergences,
      }),
    );
    const scorecard = await this.scoreTurns(live.record, turns, live.baseDirty, live.abort.signal);
    if (!live.abort.signal.aborted) live.record = scoredRecord(live.record, scorecard);
    return scorecard;
  }

  /** The check in each worktree, git's diff and the merges, then the scorecard, recorded unless the race was discarded meanwhile. */
  private async scoreTurns(
    record: RaceRecord,
    turns: readonly TurnToScore[],
    dirty: readonly string[],
    signal: AbortSignal,
  ): Promise<Scorecard> {
    const { workspace: ws, store } = this.ports;
    const facts = await Promise.all(
      turns.map(async (t): Promise<ContestantFacts> => {
        const scored = await scoreWorktree(ws, {
          race: record.race,
          harness: t.harness,
          entry: t.entry,
          wallMs: t.wallMs,
          tally: t.tally,
          planDivergences: t.planDivergences,
          check:
            record.check === null
              ? null
              : {
                  command: record.check,
                  timeoutMs: this.ports.checkTimeoutMs ?? SESSION_RACE_CHECK_TIMEOUT_MS,
                  env: this.ports.checkEnv,
                  signal,
                },
        });
        return { ...scored, personWaitMs: t.personWaitMs };
      }),
    );
    const merges = await raceMerges(ws.git, facts);
    const scorecard = buildScorecard(
      {
        merges,
        race: record.race,
        prompt: record.prompt,
        repo: record.repo,
        base: { name: record.base, commit: record.baseCommit },
        baseDirty: dirty,
        settings: {},
        check: record.check,
      },
      facts,
    );
    if (!signal.aborted) store.write(scoredRecord(record, scorecard));
    return scorecard;
  }

  /**
   * The race's scorecard: at once when scored, once scoring is done while the check runs. A race
   * whose first turns have not all ended is refused (`race-running`); one this process did not run
   * is read from its record.
   */
  async score(race: string): Promise<Scorecard> {
    const live = this.races.get(race);
    if (!live) return this.scoreRecorded(race);
    const phase = live.phase;
    switch (phase.kind) {
      case "running": {
        const waiting = live.runners.filter((r) => r.wallMs === null).map((r) => r.harness);
        throw new RaceStateError(
          "race-running",
          `race ${race} is still running: ${waiting.join(", ")} ${waiting.length === 1 ? "has" : "have"} not ended ${waiting.length === 1 ? "its" : "their"} first turn`,
          "it is scored as soon as every contestant's first turn has ended",
        );
      }
      case "scoring":
        return phase.scored;
      case "scored":
        return phase.scorecard;
      case "failed":
        throw new HmuxError("race-failed", `race ${race} could not be scored: ${phase.message}`);
      case "ended":
        return this.recordedScorecard(race);
    }
  }

  /**
   * A race this process did not run (a server restarted since): its scorecard when its record has
   * one; otherwise it is scored now, from the record (its base, check and contestants), each
   * contestant's journal (its first turn's events, and a turn cut by the server's stop said so) and
   * its worktree, as it would have been scored, and recorded so.
   */
  private scoreRecorded(race: string): Promise<Scorecard> {
    const scoring = this.recordedScoring.get(race);
    if (scoring) return scoring.scored;
    const record = this.readRecord(race);
    if (record.scorecard) return Promise.resolve(this.recordedScorecard(race));
    const turns = record.contestants.map((c) => this.journaledTurn(record, c));
    const abort = new AbortController();
    const scored = this.scoreTurns(record, turns, record.baseDirty ?? [], abort.signal).finally(() =>
      this.recordedScoring.delete(race),
    );
    this.recordedScoring.set(race, { scored, abort });
    return scored;
  }

  private journaledTurn(record: RaceRecord, c: RaceRecord["contestants"][number]): TurnToScore {
    const cannot = (why: string) =>
      new HmuxError(
        "race-failed",
        `race ${record.race} cannot be scored: ${why}`,
        `hmux race pick ${record.race} <harness> merges a worktree as it is, hmux race discard ${record.race} removes them, or race again`,
      );
    const entry = entryOf(this.ports, record, c);
    if (!entry) throw cannot(`${c.harness}'s worktree ${c.workspace} is gone`);
    const events = c.session !== undefined ? this.ports.journaled(c.session) : null;
    if (events === null)
      throw cannot(`${c.harness}'s session left no journal, so nothing says how its first turn went`);
    const turn = journaledFirstTurn(events);
    return {
      harness: c.harness,
      entry,
      tally: turn.tally,
      wallMs: turn.wallMs,
      personWaitMs: turn.wait.waitedMs,
      planDivergences: c.planDivergences ?? [],
    };
  }

  /** An ended race's scorecard, from its record. */
  private recordedScorecard(race: string): Scorecard {
    const record = this.readRecord(race);
    if (!record.scorecard)
      throw new RaceStateError(
        "race-running",
        `race ${race} has no scorecard: it did not finish`,
        "discard it (hmux race discard), or race again",
      );
    return { contestants: record.scorecard.contestants, summary: record.scorecard.summary };
  }

  private readRecord(race: string): RaceRecord {
    try {
      return this.ports.store.read(race);
    } catch (err) {
      if (!this.ports.store.exists(race))
        throw new RaceStateError("no-such-race", `no race named ${JSON.stringify(race)}`, "hmux race ls lists them");
      throw err;
    }
  }

  /** Ends the contestants' sessions, then merges the winner into the base and removes the other worktrees. */
  async pick(race: string, harness: string, options: PickOptions = {}): Promise<PickResult> {
    const live = this.races.get(race);
    if (live) {
      this.refuseEnded(race, live);
      if (!live.runners.some((r) => r.harness === harness))
        throw new RaceStateError(
          "no-such-race",
          `${harness} is not a contestant of race ${race}`,
          `its contestants: ${live.runners.map((r) => r.harness).join(", ")}`,
        );
      if (live.phase.kind !== "scored")
        throw new RaceStateError(
          "race-running",
          `race ${race} is not scored yet, so there is no winner to pick`,
          "pick once its scorecard is in, or discard it",
        );
      const scored = live.phase;
      live.phase = { kind: "ended", how: "picked" };
      await this.haltAll(live);
      try {
        return await pickWinner(this.ports, race, harness, options);
      } catch (err) {
        // Nothing was picked (a merge conflict, a contestant that is not one): the race may be picked again or discarded.
        live.phase = scored;
        throw err;
      }
    }
    this.readRecord(race);
    return pickWinner(this.ports, race, harness, options);
  }

  /** Ends the contestants' sessions (a check still running is stopped), then removes every worktree that loses no work. */
  async discard(race: string, options: { readonly force?: boolean } = {}): Promise<Cleanup> {
    const live = this.races.get(race);
    if (live) {
      this.refuseEnded(race, live);
      const phase = live.phase;
      live.phase = { kind: "ended", how: "discarded" };
      live.abort.abort();
      if (phase.kind === "scoring") await phase.scored.catch(() => undefined);
      await this.haltAll(live);
    } else {
      this.readRecord(race);
      const scoring = this.recordedScoring.get(race);
      scoring?.abort.abort();
      await scoring?.scored.catch(() => undefined);
    }
    const cleanup = await discardRace(this.ports, race, options);
    return cleanup;
  }

  private refuseEnded(race: string, live: LiveRace): void {
    if (live.phase.kind === "ended")
      throw new RaceStateError(
        "too-late",
        `race ${race} was already ${live.phase.how}`,
        "hmux race ls says what is left of it",
      );
  }

  private async haltAll(live: LiveRace): Promise<void> {
    const clock = this.ports.workspace.clock;
    await Promise.all(
      live.runners.map(
        (r) =>
          new Promise<void>((resolve) => {
            const timer = clock.setTimeout(resolve, HALT_WAIT_MS);
            r.opened.halt().then(
              () => {
                clock.clearTimeout(timer);
                resolve();
              },
              () => {
                clock.clearTimeout(timer);
                resolve();
              },
            );
          }),
      ),
    );
  }
}

/** What ending a race did, in words: what went, which branches keep a loser's answer, what stayed and why. */
export function cleanupText(c: Cleanup): string {
  const parts: string[] = [];
  if (c.removed.length) parts.push(`removed ${c.removed.join(", ")}`);
  if (c.branchesKept.length) parts.push(`their answers stay on ${c.branchesKept.join(", ")}`);
  for (const k of c.kept) parts.push(`kept ${k.workspace}: ${k.reason}`);
  return parts.join("; ");
}

export function pickText(race: string, p: PickResult): string {
  const how =
    p.merge.how === "up-to-date"
      ? `${p.base} already had ${p.winner.branch}`
      : `merged ${p.winner.branch} into ${p.base} (${p.merge.how})`;
  const rest = cleanupText(p);
  return `race ${race}: ${how}${rest ? `; ${rest}` : ""}`;
}

export function discardText(race: string, c: Cleanup): string {
  const rest = cleanupText(c);
  return `race ${race} discarded${rest ? `: ${rest}` : ""}`;
}

/**
 * The TUI's race port on src/race: after the contestants' turns (run as panes by the pane
 * launcher), the check in each worktree, git's diff of each against the base, the scorecard, and
 * the race recorded like `hmux race` records it — so `hmux race pick|discard|ls` work on a race
 * started in the TUI, and the TUI's pick and discard are the same code.
 */

import { runCheck } from "../race/check.js";
import { type Cleanup, discardRace, pickWinner } from "../race/pick.js";
import { type RaceRecord, RaceStore } from "../race/record.js";
import { buildScorecard, type ContestantFacts } from "../race/scorecard.js";
import type { Scorecard } from "../race/scorecard-schema.js";
import type { RacePort, RaceScoreRequest } from "../ui/race-port.js";
import { workspaceDiff } from "../workspace/diff.js";
import { nulList } from "../workspace/git.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import type { WorkspaceEntry } from "../workspace/registry.js";

/** How long one check may run in one worktree, as `hmux race`'s default. */
export const TUI_CHECK_TIMEOUT_MS = 300_000;

function entryOf(ws: WorkspacePorts, name: string): WorkspaceEntry {
  const entry = ws
    .registry()
    .list()
    .find((e) => e.name === name);
  if (!entry) throw new Error(`workspace ${name} is not in hmux's registry (was it removed?)`);
  return entry;
}

function cleanupText(c: Cleanup): string {
  const parts: string[] = [];
  if (c.removed.length) parts.push(`removed ${c.removed.join(", ")}`);
  if (c.branchesKept.length) parts.push(`their answers stay on ${c.branchesKept.join(", ")}`);
  for (const k of c.kept) parts.push(`kept ${k.workspace}: ${k.reason}`);
  return parts.join("; ");
}

export function createRacePort(ws: WorkspacePorts, checkTimeoutMs = TUI_CHECK_TIMEOUT_MS): RacePort {
  const store = new RaceStore(ws.env);
  const ports = { workspace: ws, store };
  const checkEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(ws.env)) if (typeof v === "string") checkEnv[k] = v;
  return {
    async score(request: RaceScoreRequest): Promise<Scorecard> {
      const entries = request.contestants.map((c) => entryOf(ws, c.workspace));
      const first = entries[0]!;
      const dirty = await ws.git.run(["status", "--porcelain=v1", "-z", "--untracked-files=no"], { cwd: first.repo });
      const facts = await Promise.all(
        request.contestants.map(async (c, i): Promise<ContestantFacts> => {
          const entry = entries[i]!;
          const check =
            request.check === null
              ? null
              : await runCheck(
                  { spawner: ws.spawner(), clock: ws.clock },
                  {
                    command: request.check,
                    cwd: entry.path,
                    env: { ...checkEnv, HMUX_RACE: request.race, HMUX_RACE_HARNESS: c.harness },
                    timeoutMs: checkTimeoutMs,
                  },
                );
          const diff = await workspaceDiff(ws.git, entry, { patch: false });
          return {
            harness: c.harness,
            workspace: entry.name,
            branch: entry.branch,
            path: entry.path,
            wallMs: c.wallMs,
            ...(c.personWaitMs !== undefined ? { personWaitMs: c.personWaitMs } : {}),
            tally: c.tally,
            files: diff.files.map((f) => ({ path: f.path, added: f.added, removed: f.removed })),
            check,
            planDivergences: c.planDivergences,
          };
        }),
      );
      const scorecard = buildScorecard(
        {
          race: request.race,
          prompt: request.prompt,
          repo: first.repo,
          base: { name: first.base, commit: first.baseCommit },
          baseDirty: dirty.code === 0 ? nulList(dirty.stdout) : [],
          settings: {},
          check: request.check,
        },
        facts,
      );
      const record: RaceRecord = {
        version: 1,
        race: request.race,
        repo: first.repo,
        base: first.base,
        baseCommit: first.baseCommit,
        prompt: request.prompt,
        check: request.check,
        createdAt: new Date(ws.clock.now()).toISOString(),
        contestants: entries.map((e, i) => ({
          harness: request.contestants[i]!.harness,
          workspace: e.name,
          branch: e.branch,
          path: e.path,
        })),
        scorecard: { contestants: [...scorecard.contestants], summary: scorecard.summary },
      };
      store.write(record);
      return scorecard;
    },
    async pick(race, harness) {
      const p = await pickWinner(ports, race, harness);
      const how =
        p.merge.how === "up-to-date"
          ? `${p.base} already had ${p.winner.branch}`
          : `merged ${p.winner.branch} into ${p.base} (${p.merge.how})`;
      const rest = cleanupText(p);
      return `race ${race}: ${how}${rest ? `; ${rest}` : ""}`;
    },
    async discard(race) {
      const rest = cleanupText(await discardRace(ports, race));
      return `race ${race} discarded${rest ? `: ${rest}` : ""}`;
    },
  };
}

/**
 * The race port of a TUI whose server is on another machine: a race there needs that machine's
 * git and worktrees (the check, the diffs, the merge), which this TUI does not have, so every
 * race is refused up front rather than scored with this machine's git on the other's paths.
 */
export function remoteRaceRefused(host: string): RacePort {
  const refusal = `a race cannot run from a TUI attached to ${host}: scoring needs git on the machine that holds the worktrees; run \`hmux race\` on ${host} instead`;
  const refuse = () => Promise.reject(new Error(refusal));
  return { refusal, score: refuse, pick: refuse, discard: refuse };
}

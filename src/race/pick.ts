/**
 * Ending a race. `pickWinner` commits what the winner left uncommitted in its worktree (its answer
 * is the race's point), merges its branch into the base with git's own merge (fast-forward or a
 * merge commit; a conflict is reported with its files and nothing is removed), then removes the
 * other contestants' worktrees. A loser's uncommitted answer is committed on its own branch first
 * and the branch kept, so picking leaves no worktree behind and loses no answer (`force` deletes
 * the branches too). `discardRace` removes every contestant's worktree under `hmux workspace rm`'s
 * rules: one holding work that exists nowhere else stays unless `force`.
 */
import { WorkspaceError } from "../workspace/errors.js";
import { gitOut } from "../workspace/git.js";
import { type MergeResult, mergeWorkspace } from "../workspace/merge.js";
import type { WorkspaceEntry } from "../workspace/registry.js";
import { removeWorkspace } from "../workspace/remove.js";
import { workspaceStatus } from "../workspace/status.js";
import type { RaceContestantEntry, RaceRecord } from "./record.js";
import type { RacePorts } from "./runner.js";

export interface Cleanup {
  readonly removed: readonly string[];
  /** Branches kept, after their worktree went, because they hold a losing contestant's answer. */
  readonly branchesKept: readonly string[];
  /** Worktrees kept because removing them would lose work (or git could not), each with why. */
  readonly kept: ReadonlyArray<{ readonly workspace: string; readonly reason: string }>;
  /** With force: what was thrown away, per removed workspace. */
  readonly discarded: ReadonlyArray<{ readonly workspace: string; readonly lost: readonly string[] }>;
}

export interface PickResult extends Cleanup {
  readonly winner: RaceContestantEntry;
  /** The commit made of the winner's uncommitted work, or null when it had none. */
  readonly committed: string | null;
  readonly merge: MergeResult;
  readonly base: string;
}

type Ports = Pick<RacePorts, "workspace" | "store">;

function contestant(record: RaceRecord, harness: string): RaceContestantEntry {
  const found = record.contestants.find((c) => c.harness === harness);
  if (found) return found;
  throw new WorkspaceError(`${harness} is not a contestant of race ${record.race}`, {
    issue: "unknown-workspace",
    hint: `its contestants: ${record.contestants.map((c) => c.harness).join(", ")}`,
  });
}

/** A contestant's worktree as the workspace registry has it now; undefined once it was removed. */
export function entryOf(
  ports: Pick<Ports, "workspace">,
  record: Pick<RaceRecord, "repo">,
  c: Pick<RaceContestantEntry, "workspace">,
): WorkspaceEntry | undefined {
  return ports.workspace
    .registry()
    .list()
    .find((e) => e.repo === record.repo && e.name === c.workspace);
}

/** `hmux race pick`'s --force (losers' worktrees go even with work in them) and --no-ff. */
export interface PickOptions {
  readonly force?: boolean;
  readonly noFastForward?: boolean;
}

export async function pickWinner(
  ports: Ports,
  race: string,
  harness: string,
  options: PickOptions = {},
): Promise<PickResult> {
  const record = ports.store.read(race);
  const winner = contestant(record, harness);
  const entry = entryOf(ports, record, winner);
  if (!entry)
    throw new WorkspaceError(
      `race ${race}: ${harness}'s workspace ${winner.workspace} is gone, so there is nothing to pick`,
      {
        issue: "unknown-workspace",
        hint: `if its branch ${winner.branch} still exists, merge it yourself (git merge ${winner.branch})`,
      },
    );
  const git = ports.workspace.git;
  const alive = ports.workspace.alive;
  let committed: string | null = null;
  const status = await workspaceStatus(git, entry, alive);
  if (status.live.length > 0)
    throw new WorkspaceError(`${harness}'s workspace ${entry.name} is still in use by a running session`, {
      issue: "workspace-in-use",
      hint: "let the race finish (or stop it) before picking",
    });
  if (status.dirty.length > 0)
    committed = await commitAnswer(git, entry.path, `${harness}'s answer in race ${race}: ${firstLine(record.prompt)}`);
  const merge = await mergeWorkspace(git, entry, {
    ...(options.noFastForward ? { noFastForward: true } : {}),
    ...(alive ? { alive } : {}),
  });
  const others = record.contestants.filter((c) => c.harness !== harness);
  const cleanup = await removeAll(ports, record, others, options.force === true, options.force !== true);
  ports.store.write({ ...record, picked: harness });
  return { winner, committed, merge, base: entry.base, ...cleanup };
}

export async function discardRace(
  ports: Ports,
  race: string,
  options: { readonly force?: boolean } = {},
): Promise<Cleanup> {
  const record = ports.store.read(race);
  const cleanup = await removeAll(ports, record, record.contestants, options.force === true);
  // Forgotten only once nothing of it is left to find: a kept worktree keeps the race listed.
  if (cleanup.kept.length === 0 && !record.picked) ports.store.remove(race);
  return cleanup;
}

/** Commits everything in a contestant's worktree on its own branch; returns the commit. */
async function commitAnswer(git: Ports["workspace"]["git"], path: string, subject: string): Promise<string> {
  await gitOut(git, ["add", "-A", "--", "."], { cwd: path });
  await gitOut(git, ["commit", "--quiet", "--no-verify", "-m", subject], { cwd: path });
  return (await gitOut(git, ["rev-parse", "HEAD"], { cwd: path })).trim();
}

async function removeAll(
  ports: Ports,
  record: RaceRecord,
  which: readonly RaceContestantEntry[],
  force: boolean,
  /** Picking: a loser's answer is committed on its branch, which stays when its worktree goes. */
  keepAnswers = false,
): Promise<Cleanup> {
  const removed: string[] = [];
  const branchesKept: string[] = [];
  const kept: Array<{ workspace: string; reason: string }> = [];
  const discarded: Array<{ workspace: string; lost: readonly string[] }> = [];
  const alive = ports.workspace.alive;
  for (const c of which) {
    const entry = entryOf(ports, record, c);
    if (!entry) continue; // already removed (by hand, or an earlier pick or discard)
    try {
      let keepBranch = false;
      if (keepAnswers) {
        const status = await workspaceStatus(ports.workspace.git, entry, alive);
        if (status.live.length === 0 && status.dirty.length > 0)
          await commitAnswer(
            ports.workspace.git,
            entry.path,
            `${c.harness}'s answer in race ${record.race} (not picked): ${firstLine(record.prompt)}`,
          );
        keepBranch = status.live.length === 0 && (status.dirty.length > 0 || status.unmerged.length > 0);
      }
      const result = await removeWorkspace(ports.workspace.git, ports.workspace.registry(), entry, {
        ...(force ? { force: true } : {}),
        ...(keepBranch ? { keepBranch: true } : {}),
        ...(alive ? { alive } : {}),
      });
      removed.push(entry.name);
      if (keepBranch) branchesKept.push(entry.branch);
      if (result.discarded.length > 0) discarded.push({ workspace: entry.name, lost: result.discarded });
    } catch (err) {
      if (!(err instanceof WorkspaceError)) throw err;
      kept.push({ workspace: entry.name, reason: err.message });
    }
  }
  return { removed, branchesKept, kept, discarded };
}

function firstLine(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
}

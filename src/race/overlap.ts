/**
 * Whether the contestants' answers would merge: each worktree as it was scored (its snapshot
 * tree, uncommitted and untracked files included) is made a commit on its merge base — an object
 * no branch points to — and every pair is merged by `git merge-tree --write-tree`, which touches
 * no worktree, index or ref. A pair whose merge stops on conflicts names the files.
 */
import { type GitRunner, gitOut } from "../workspace/git.js";
import type { ContestantFacts } from "./scorecard.js";
import type { MergeScore } from "./scorecard-schema.js";

export interface ContestantSnapshot {
  readonly harness: string;
  /** Where its worktree is (git runs there). */
  readonly path: string;
  /** The worktree's tree when it was scored, and the commit it is measured from. */
  readonly tree: string;
  readonly mergeBase: string;
  readonly changed: boolean;
}

/** The snapshots' commits carry no one's name: they are never on a branch. */
const IDENTITY = {
  GIT_AUTHOR_NAME: "hmux race",
  GIT_AUTHOR_EMAIL: "hmux-race@localhost",
  GIT_COMMITTER_NAME: "hmux race",
  GIT_COMMITTER_EMAIL: "hmux-race@localhost",
};

async function snapshotCommit(git: GitRunner, s: ContestantSnapshot): Promise<string> {
  const args = ["commit-tree", s.tree, "-p", s.mergeBase, "-m", `hmux race: ${s.harness}'s answer as scored`];
  return (await gitOut(git, args, { cwd: s.path, env: IDENTITY })).trim();
}

/** Every pair of contestants that changed something, and whether their answers merge cleanly. */
export async function mergeScores(git: GitRunner, snapshots: readonly ContestantSnapshot[]): Promise<MergeScore[]> {
  const changed = snapshots.filter((s) => s.changed);
  const commits = new Map<string, string>();
  const out: MergeScore[] = [];
  for (const s of changed) {
    try {
      commits.set(s.harness, await snapshotCommit(git, s));
    } catch {
      // Left out below: its pairs say why.
    }
  }
  for (let i = 0; i < changed.length; i++)
    for (let j = i + 1; j < changed.length; j++) {
      const a = changed[i]!;
      const b = changed[j]!;
      const ca = commits.get(a.harness);
      const cb = commits.get(b.harness);
      const pair: [string, string] = [a.harness, b.harness];
      if (ca === undefined || cb === undefined) {
        out.push({ contestants: pair, clean: null, conflicts: [], error: "git could not snapshot an answer" });
        continue;
      }
      const r = await git.run(["merge-tree", "--write-tree", "--name-only", "--no-messages", ca, cb], { cwd: a.path });
      if (r.code === 0) out.push({ contestants: pair, clean: true, conflicts: [] });
      else if (r.code === 1) {
        // The merged tree's id, then each conflicted path on its own line.
        const paths = r.stdout
          .split("\n")
          .slice(1)
          .filter((l) => l !== "");
        out.push({ contestants: pair, clean: false, conflicts: [...new Set(paths)].sort() });
      } else
        out.push({
          contestants: pair,
          clean: null,
          conflicts: [],
          error: r.stderr.trim() || `git merge-tree exited ${r.code}`,
        });
    }
  return out;
}

/** The merge scores of a race's scored contestants (those git could snapshot). */
export function raceMerges(git: GitRunner, facts: readonly ContestantFacts[]): Promise<MergeScore[]> {
  return mergeScores(
    git,
    facts.flatMap((f) =>
      f.snapshot ? [{ harness: f.harness, path: f.path, ...f.snapshot, changed: f.files.length > 0 }] : [],
    ),
  );
}

/**
 * A session's worktree as the changes view sees it (src/ui/changes-port.ts), built on the
 * workspace functions and the git port: the registry entry is read afresh on every call (turns
 * are appended as they start), and a workspace refusal becomes a ChangesFailure carrying its
 * files and hint for the screen.
 */
import {
  type BranchStatus,
  type ChangesData,
  ChangesFailure,
  type ChangesScope,
  type SessionChanges,
} from "../ui/changes-port.js";
import { branchStatus } from "../workspace/branch-status.js";
import { commitWorkspace } from "../workspace/commit.js";
import { workspaceDiff } from "../workspace/diff.js";
import { discardWorkspace } from "../workspace/discard.js";
import { isWorkspaceError, WorkspaceError } from "../workspace/errors.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import { mergeWorkspace } from "../workspace/merge.js";
import type { WorkspaceEntry } from "../workspace/registry.js";
import { turnDiff } from "../workspace/turns.js";

/** A diff longer than this is cut (at a line end) for the screen; `hmux diff` prints all of it. */
export const MAX_PATCH_CHARS = 1_000_000;

export function workspaceChanges(
  ports: Pick<WorkspacePorts, "git" | "registry" | "alive">,
  where: { readonly repo: string; readonly name: string },
): SessionChanges {
  const git = ports.git;
  const entry = (): WorkspaceEntry => {
    const found = ports
      .registry()
      .list()
      .find((e) => e.repo === where.repo && e.name === where.name);
    if (!found)
      throw new WorkspaceError(`workspace ${where.name} is no longer in the registry`, {
        issue: "unknown-workspace",
        hint: "it was removed (hmux workspace rm or gc); start a new session with --worktree",
      });
    return found;
  };
  return {
    load: (scope) => typed(() => load(git, entry(), scope)),
    status: () => typed(() => branchStatus(git, entry())),
    commit: (message) => typed(() => commitWorkspace(git, entry(), message)),
    merge: () =>
      typed(async () => {
        const done = await mergeWorkspace(git, entry(), ports.alive ? { alive: ports.alive } : {});
        return { how: done.how, tip: done.tip };
      }),
    discard: () => typed(() => discardWorkspace(git, entry())),
  };
}

async function load(git: WorkspacePorts["git"], entry: WorkspaceEntry, scope: ChangesScope): Promise<ChangesData> {
  const turns = entry.turns?.length ?? 0;
  const status: BranchStatus = await branchStatus(git, entry);
  const common = { turns, branch: entry.branch, base: entry.base, status };
  if (scope.kind === "base") {
    const diff = await workspaceDiff(git, entry, { color: false });
    return { ...common, scope: "base", turn: null, ...counts(diff), patch: cut(diff.patch, entry.name) };
  }
  if (turns === 0)
    throw new ChangesFailure(
      "no-recorded-turn",
      "no turn has been recorded in this worktree yet",
      [],
      "a turn is recorded as it starts; send a prompt first",
    );
  const n = Math.min(Math.max(1, scope.turn ?? turns), turns);
  const diff = await turnDiff(git, entry, n, { color: false });
  return { ...common, scope: "turn", turn: n, ...counts(diff), patch: cut(diff.patch, entry.name) };
}

function counts(diff: { files: ChangesData["files"]; added: number; removed: number }) {
  return { files: diff.files, added: diff.added, removed: diff.removed };
}

function cut(patch: string, name: string): string {
  if (patch.length <= MAX_PATCH_CHARS) return patch;
  const end = patch.lastIndexOf("\n", MAX_PATCH_CHARS);
  return `${patch.slice(0, end + 1)}… the diff is cut here (over ${MAX_PATCH_CHARS / 1_000_000} MB); hmux diff ${name} prints all of it\n`;
}

async function typed<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (isWorkspaceError(err)) throw new ChangesFailure(err.code, err.message, err.files, err.hint);
    throw err;
  }
}

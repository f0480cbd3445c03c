/**
 * `--worktree [NAME]`, `--no-worktree` and `--base REF` for the commands that launch a session
 * (`hmux run`, `hmux session`): what the launch request's workspace choice is read from. The
 * workspace steps themselves (open, setup, snapshot, release) are launch()'s (src/launch).
 */
import type { Command } from "commander";

export interface WorkspaceFlags {
  worktree?: string | boolean;
  base?: string;
}

export function addWorkspaceFlags(cmd: Command): Command {
  return cmd
    .option(
      "--worktree [name]",
      "run in a new git worktree on branch hmux/<name> (default name: <harness>-<random>); an existing hmux workspace of that name is reused",
    )
    .option("--no-worktree", 'run in the folder itself even when config workspace.worktree is "auto"')
    .option("--base <ref>", "the commit, branch or tag a new worktree starts from (default: HEAD)");
}

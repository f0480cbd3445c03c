/** `hmux workspace`'s command line (src/cli/commands/workspace.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

export function declare(program: Command, run: CommandRuntime): void {
  const ws = program
    .command("workspace")
    .description("list, remove and clean up the git worktrees hmux made for sessions");
  ws.command("ls")
    .description("every workspace: branch, base, ahead/behind, dirty files, disk use, live session")
    .option("--json", "one JSON object per workspace")
    .action(runsIn(run, async () => (await import("../commands/workspace.js")).workspaceLsAction));
  ws.command("rm")
    .description("remove a workspace (its worktree and branch hmux/<name>); refuses when work would be lost")
    .argument("<name>", "the workspace name, or <repo>/<name> when names repeat")
    .option("--force", "remove even with a live session, uncommitted changes or unmerged commits")
    .option("--keep-branch", "remove the worktree but keep branch hmux/<name> (its commits stay)")
    .action(runsIn(run, async () => (await import("../commands/workspace.js")).workspaceRmAction));
  ws.command("merge")
    .description(
      "merge a workspace's branch into its base (fast-forward when possible); a conflict is reported, never resolved",
    )
    .argument("<name>", "the workspace name, or <repo>/<name>")
    .option("--no-ff", "always make a merge commit")
    .action(runsIn(run, async () => (await import("../commands/workspace.js")).workspaceMergeAction));
  ws.command("gc")
    .description("remove orphaned workspaces (no live session) that hold no uncommitted or unmerged work")
    .option("--dry-run", "only list what would be removed and what is kept")
    .option("--json", "one JSON object per orphan")
    .action(runsIn(run, async () => (await import("../commands/workspace.js")).workspaceGcAction));
}

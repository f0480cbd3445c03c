/** `hmux diff`'s command line (src/cli/commands/diff.ts). */
import type { Command } from "commander";
import { WorkspaceError } from "../../workspace/errors.js";
import { type CommandRuntime, runsIn } from "../command-line.js";

function turnNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1)
    throw new WorkspaceError(`--turn expects a turn number from 1, got ${JSON.stringify(value)}`, {
      issue: "unknown-workspace",
      hint: "hmux diff <workspace> --turn 1",
    });
  return n;
}

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("diff")
    .description("what a session's worktree changed against its base: files with +/- counts, then the unified diff")
    .argument(
      "<target>",
      "a workspace name (or <repo>/<name>), or a session that ran in one: its name, id, or the start of its id",
    )
    .option("--stat", "only the files and their +/- counts")
    .option("--turn <n>", "only what turn n changed (1 = the first turn recorded in the workspace)", turnNumber)
    .option("--json", "one JSON object: the files, the totals and the diff")
    .option("--no-color", "no colours even on a terminal")
    .action(runsIn(run, async () => (await import("../commands/diff.js")).diffAction));
}

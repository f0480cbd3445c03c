/** `hmux race`'s command line (src/cli/commands/race.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { addTurnFlags } from "../commands/run-options.js";
import { UsageError } from "../usage-error.js";

export const DEFAULT_CHECK_TIMEOUT_SECONDS = 300;

function positiveSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n <= 0)
    throw new UsageError(
      `--check-timeout expects seconds (a number > 0), got ${JSON.stringify(value)}`,
      "e.g. --check-timeout 120",
    );
  return n;
}

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  const race = program
    .command("race")
    .description(
      'one prompt to several harnesses, each in its own worktree, and a scorecard: hmux race "<prompt>" claude codex pi',
    )
    .argument("[prompt]", "the task (or --prompt / --prompt-file, and then every argument is a harness)")
    .argument("[harnesses...]", `two or more of: ${facts.names.join(" ")}`)
    .option("--check <command>", 'run this in each worktree after its turn (sh -c), e.g. "npm test"')
    .option(
      "--check-timeout <seconds>",
      `stop a check that runs longer (default ${DEFAULT_CHECK_TIMEOUT_SECONDS})`,
      positiveSeconds,
    )
    .option("--base <ref>", "the branch, tag or commit every contestant starts from (default: HEAD's branch)")
    .option("--name <race>", "the race's name (branches hmux/<race>-<harness>; default race-<random>)")
    .option("--json", "one JSON line per contestant, then a summary line (src/race/scorecard-schema.ts)")
    .option(
      "--review <harness>",
      "after the race, this harness reads each contestant's diff against the prompt (read-only, gated) and writes a short verdict into the scorecard",
    )
    .option(
      "--demo",
      "race on the scripted model in a scratch repository (no credentials): --endpoint, --isolate and --autonomy are implied",
    );
  addTurnFlags(race, facts.harnessOptions);
  race.action(runsIn(run, async () => (await import("../commands/race.js")).raceAction));

  race
    .command("pick")
    .description(
      "merge a contestant's work into the base (its uncommitted changes committed first) and remove the other worktrees",
    )
    .argument("<race>", "the race's name")
    .argument("<harness>", "the winner")
    .option("--force", "also remove worktrees that hold uncommitted or unmerged work")
    .option("--no-ff", "always make a merge commit")
    .action(runsIn(run, async () => (await import("../commands/race.js")).racePickAction));

  race
    .command("discard")
    .description("remove every contestant's worktree and branch (refusing where work would be lost, unless --force)")
    .argument("<race>", "the race's name")
    .option("--force", "also remove worktrees that hold uncommitted or unmerged work")
    .action(runsIn(run, async () => (await import("../commands/race.js")).raceDiscardAction));

  race
    .command("ls")
    .description("the recorded races: name, base, contestants, the check's verdicts, the pick")
    .option("--json", "one JSON object per race")
    .action(runsIn(run, async () => (await import("../commands/race.js")).raceLsAction));
}

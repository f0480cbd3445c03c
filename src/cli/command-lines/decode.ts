/** `hmux decode`'s command line (src/cli/commands/decode.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { UsageError } from "../usage-error.js";

/** A process's exit status is one byte: anything else is no exit code a turn could have had. */
const MAX_EXIT_STATUS = 255;

function exitCodeArg(value: string): number {
  const code = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(code <= MAX_EXIT_STATUS))
    throw new UsageError(
      `--exit-code expects an exit status from 0 to ${MAX_EXIT_STATUS}, got ${JSON.stringify(value)}`,
      "e.g. --exit-code 1",
    );
  return code;
}

/** The harnesses it names are the decoding context's, which loads no adapter (src/cli/context.ts). */
export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const { harnessNames } = await run.harnesses();
  program
    .command("decode")
    .description("decode a recorded native stream into HarnessEvent NDJSON, ending with the done it implies")
    .argument("<harness>", harnessNames.join(" | "))
    .argument("[file]", "the recorded stdout (default: stdin)", "-")
    .option("--exit-code <n>", "the turn's exit code (default: unknown, null)", exitCodeArg)
    .option("--stderr <file>", "the turn's recorded stderr")
    .option("--no-escalate-questions", "do not treat a trailing hcn-question block as a question")
    .action(runsIn(run, async () => (await import("../commands/decode.js")).decodeAction));
}

/**
 * `hmux decode <harness> [file|-] [--exit-code N] [--stderr FILE]`: a recorded one-shot turn's
 * stdout → HarnessEvent NDJSON ending with the `done` that stream implies, so a recorded
 * turn's end can be checked without re-running it. Exits as `hmux run` would have for that turn:
 * 0 when the `done` is clean or awaiting-input, 1 for any other end, 2 for bad input.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { hmuxExitCode } from "../../core/conclude.js";
import { decodeRecorded } from "../../core/decode-recorded.js";
import type { CliContext } from "../context.js";
import { UsageError } from "../errors.js";
import { processOutput } from "../render/output.js";

function exitCodeArg(value: string): number {
  if (!/^-?\d+$/.test(value.trim()))
    throw new UsageError(`--exit-code expects an integer, got ${JSON.stringify(value)}`, "e.g. --exit-code 1");
  return Number(value);
}

async function readSource(path: string): Promise<Uint8Array> {
  try {
    if (path !== "-") return readFileSync(path);
    const chunks: Uint8Array[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
    return Buffer.concat(chunks);
  } catch (err) {
    throw new UsageError(
      `cannot read ${path}: ${(err as Error).message}`,
      "pass a recorded stream file, or - for stdin",
    );
  }
}

export function register(program: Command, context: CliContext): void {
  program
    .command("decode")
    .description("decode a recorded native stream into HarnessEvent NDJSON, ending with the done it implies")
    .argument("<harness>", context.registry.names.join(" | "))
    .argument("[file]", "the recorded stdout (default: stdin)", "-")
    .option("--exit-code <n>", "the turn's exit code (default: unknown, null)", exitCodeArg)
    .option("--stderr <file>", "the turn's recorded stderr")
    .option("--no-escalate-questions", "do not treat a trailing hcn-question block as a question")
    .action(
      async (
        harnessArg: string,
        file: string,
        flags: { exitCode?: number; stderr?: string; escalateQuestions?: boolean },
      ) => {
        const adapter = context.registry.require(harnessArg);
        const output = processOutput();
        const bytes = await readSource(file);
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          text = new TextDecoder("utf-8").decode(bytes);
          output.err(
            `hmux decode: ${file === "-" ? "stdin" : file} holds invalid UTF-8; the bad bytes were replaced with U+FFFD\n`,
          );
        }
        const stderr =
          flags.stderr === undefined ? undefined : new TextDecoder().decode(await readSource(flags.stderr));
        const events = decodeRecorded(adapter.createDecoder(), text, flags.exitCode ?? null, {
          ...(stderr !== undefined ? { stderr } : {}),
          escalateQuestions: flags.escalateQuestions !== false,
          matchers: adapter.matchers,
        });
        for (const event of events) if (!output.out(`${JSON.stringify(event)}\n`)) break;
        const done = events.at(-1);
        process.exitCode = done?.kind === "done" ? hmuxExitCode(done) : 1;
      },
    );
}

/**
 * Everything that stops hmux before a harness starts becomes: prose on stderr naming what
 * was wrong and what would work, the exit code the error-code table (src/core/error-codes.ts)
 * gives its code, and — when the caller asked for --json — a `failure` + `done` pair as the
 * last stdout lines, so a program reading to `done` sees why.
 */
import { CommanderError } from "commander";
import { type OwnedNativeSpelling, recognizeNativeSpelling } from "../core/argv/native-spelling.js";
import { isConfigError } from "../core/config/errors.js";
import type { FailureSummary, HarnessEvent } from "../core/events.js";
import { failure } from "../core/failure.js";
import { isHmuxError } from "../core/hmux-error.js";
import { isRefusal } from "../core/refusal.js";
import type { Output } from "./render/output.js";

export { exitCodeFor } from "./exit-code.js";
export { UsageError } from "./usage-error.js";

/**
 * The failure a pre-spawn problem reports under --json. `spellings` are the registry's native
 * flag spellings: an unknown option that is one of them is redirected to hmux's spelling.
 */
export function failureOf(err: unknown, spellings: readonly OwnedNativeSpelling[], command?: string): FailureSummary {
  if (isRefusal(err)) return err.toFailure();
  if (isConfigError(err)) return err.toRefusal().toFailure(); // with its hint: fix the file, or move it aside
  if (isHmuxError(err)) return failure("rejected", err.message, err.hint ? { hint: err.hint } : {});
  if (err instanceof CommanderError) return commanderFailure(err, spellings, command);
  return failure("rejected", err instanceof Error ? err.message : String(err));
}

/** The commands that hand what follows `--` to the harness (run-request.ts, race.ts, inspect.ts). */
const PASSING_NATIVE_FLAGS: ReadonlySet<string> = new Set(["run", "race", "inspect"]);

/** Where to read the flags of the command the user typed (or of every command, when none was recognised). */
function flagsHint(command: string | undefined): string {
  if (command === undefined) return "see `hmux --help` for the commands, and `hmux <command> --help` for their flags";
  const native = PASSING_NATIVE_FLAGS.has(command) ? "; a harness's own flags go after --" : "";
  return `see \`hmux ${command} --help\` for its flags${native}`;
}

/** A flag-looking token: -x, --long-name, --long=value. Anything else that starts with '-' is prose. */
const FLAG_SHAPE = /^--?[A-Za-z][\w-]*(=.*)?$/s;

function commanderFailure(
  err: CommanderError,
  spellings: readonly OwnedNativeSpelling[],
  command: string | undefined,
): FailureSummary {
  const message = cleanCommanderMessage(err.message);
  if (err.code !== "commander.unknownOption") return failure("rejected", message);
  const flag = /unknown option '(.*)'/s.exec(err.message)?.[1] ?? "";
  const native = recognizeNativeSpelling(flag, spellings);
  if (native) return native.toFailure();
  if (!FLAG_SHAPE.test(flag)) {
    return failure("rejected", `the prompt ${JSON.stringify(flag)} starts with '-', so it would be read as a flag`, {
      issue: "prompt-flag-injection",
      option: "prompt",
      hint: `pass it as data: --prompt ${JSON.stringify(flag)} (or --prompt-file)`,
    });
  }
  const [first, suggestion] = message.split(/\n\(Did you mean /);
  const hint = suggestion ? `did you mean ${suggestion.replace(/\)$/, "")}` : flagsHint(command);
  return failure("rejected", first ?? message, { issue: "unsupported-option", hint });
}

export function refusalPair(summary: FailureSummary): HarnessEvent[] {
  return [
    { kind: "failure", ...summary },
    { kind: "done", exitCode: null, cause: "failed", failure: summary },
  ];
}

export function wantsJson(args: readonly string[]): boolean {
  const cut = args.indexOf("--");
  return (cut === -1 ? args : args.slice(0, cut)).includes("--json");
}

export function reportError(
  err: unknown,
  output: Output,
  args: readonly string[],
  spellings: readonly OwnedNativeSpelling[],
  command?: string,
): void {
  const summary = failureOf(err, spellings, command);
  const lines = [`hmux: ${summary.message}`];
  if (summary.hint) lines.push(`  hint: ${summary.hint}`);
  if (summary.supported?.length) lines.push(`  supported: ${summary.supported.join(", ")}`);
  if (summary.supportedBy?.length)
    lines.push(`  supported by: ${summary.supportedBy.map((s) => `${s.harness} (${s.spelling})`).join(", ")}`);
  if (!summary.hint && err instanceof CommanderError)
    lines.push("  hint: run `hmux --help` or `hmux <command> --help` for the accepted flags");
  output.err(`${lines.join("\n")}\n`);
  if (wantsJson(args)) for (const event of refusalPair(summary)) output.out(`${JSON.stringify(event)}\n`);
}

function cleanCommanderMessage(message: string): string {
  return message.replace(/^error:\s*/i, "");
}

/**
 * `hmux run`'s flags (and a race contestant's, which are run's) as a launch request: the prompt
 * read once (positional, --prompt or --prompt-file), the settings, the resume, --env and the
 * passthrough. launch() does the rest. Every problem here throws (RefusalError, UsageError) and
 * becomes exit 2, before anything is made.
 */
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import type { OwnedHarnessOption } from "../../adapters/harness-options.js";
import type { TurnLaunchRequest } from "../../launch/types.js";
import { UsageError } from "../errors.js";
import type { WorkspaceFlags } from "../workspace-launch.js";
import { type RawTurnFlags, turnOptionsFromFlags } from "./run-options.js";

export async function runRequest(input: {
  readonly harness: string;
  readonly positional: string | undefined;
  readonly flags: RawTurnFlags & WorkspaceFlags;
  readonly cmd: Command;
  /** The registry's harness settings, whose flags the command was given (addTurnFlags). */
  readonly harnessOptions: readonly OwnedHarnessOption[];
  readonly passthrough: readonly string[];
  readonly callerEnv: Readonly<Record<string, string>>;
  readonly turnLabel: string;
  readonly kind?: TurnLaunchRequest["kind"];
  readonly onNote?: (line: string) => void;
}): Promise<TurnLaunchRequest> {
  const { flags } = input;
  const prompt = await readPrompt(input.positional, flags);
  const resume = pickResume(flags);
  return {
    kind: input.kind ?? "run",
    harness: input.harness,
    cwd: resolvePath(flags.cwd ?? process.cwd()),
    args: turnOptionsFromFlags(flags, input.cmd, input.harnessOptions),
    workspace: { flag: flags.worktree, ...(flags.base !== undefined ? { base: flags.base } : {}) },
    prompt,
    passthrough: input.passthrough,
    callerEnv: input.callerEnv,
    ...(resume !== undefined ? { resume } : {}),
    ...(flags.resumeLast ? { resumeLast: true } : {}),
    turnLabel: input.turnLabel,
    ...(input.onNote ? { onNote: input.onNote } : {}),
  };
}

export interface PromptChoice {
  readonly text: string;
  readonly explicit: boolean;
}

export async function readPrompt(positional: string | undefined, flags: RawTurnFlags): Promise<PromptChoice> {
  const given = [positional !== undefined, flags.prompt !== undefined, flags.promptFile !== undefined].filter(
    Boolean,
  ).length;
  if (given > 1) {
    throw new UsageError(
      "give the prompt once: as the positional, with --prompt, or with --prompt-file",
      "drop all but one of them",
    );
  }
  if (flags.prompt !== undefined) return { text: nonEmpty(flags.prompt, "--prompt"), explicit: true };
  if (flags.promptFile !== undefined)
    return { text: nonEmpty(await readPromptFile(flags.promptFile), "--prompt-file"), explicit: true };
  if (positional !== undefined) return { text: nonEmpty(positional, "the prompt"), explicit: false };
  throw new UsageError(
    "hmux run needs a prompt",
    'hmux run <harness> "your prompt", or --prompt TEXT, or --prompt-file PATH|-',
  );
}

function nonEmpty(text: string, where: string): string {
  if (text.trim() === "") throw new UsageError(`${where} is empty`, "give the harness something to do");
  return text;
}

async function readPromptFile(path: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = path === "-" ? await readStdin() : readFileSync(path);
  } catch (err) {
    throw new UsageError(`--prompt-file ${path}: ${(err as Error).message}`, "pass a readable file, or - for stdin");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(
      `--prompt-file ${path === "-" ? "(stdin)" : path} is not valid UTF-8`,
      "save the prompt as UTF-8",
    );
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
  return Buffer.concat(chunks);
}

function pickResume(flags: RawTurnFlags): string | undefined {
  if (flags.resume !== undefined && flags.sessionId !== undefined && flags.resume !== flags.sessionId) {
    throw new UsageError(
      "--resume and --session-id name different sessions",
      "--session-id is an alias for --resume; pass one",
    );
  }
  const id = flags.resume ?? flags.sessionId;
  if (id !== undefined && flags.resumeLast) {
    throw new UsageError(
      "--resume-last cannot be combined with --resume/--session-id",
      "name the session with --resume, or let the harness pick with --resume-last",
    );
  }
  return id;
}

/**
 * Everything `hmux run` decides before a process exists: harness, prompt, config tiers,
 * resolution (with provenance), the binary, and the planned invocation. Every problem here
 * throws (RefusalError, ConfigError, UsageError) and becomes exit 2.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import { adapterFor, allAdapters, type PlanInput, requireHarness } from "../../adapters/registry.js";
import type { HarnessAdapter, Invocation } from "../../adapters/types.js";
import type { DecoderContext } from "../../core/decoder.js";
import { type ResolvedTurnOptions, resolveTurnOptions } from "../../core/options/resolve.js";
import type { RunInputs, TurnOptions } from "../../core/options/types.js";
import { composePrompt } from "../../core/question.js";
import { RefusalError } from "../../core/refusal.js";
import { type ResolvedBinary, resolveBinary } from "../../spawn/binaries.js";
import { UsageError } from "../errors.js";
import {
  createIsolatedState,
  findIsolatedState,
  isolatedRoot,
  releaseIsolatedState,
  sweepOrphanedStates,
} from "../isolated-state.js";
import { loadConfigFiles } from "../load-config.js";
import { type RawTurnFlags, turnOptionsFromFlags } from "./run-options.js";

export interface PrepareInput {
  readonly harnessArg: string;
  readonly positional: string | undefined;
  readonly flags: RawTurnFlags;
  readonly cmd: Command;
  readonly passthrough: readonly string[];
  readonly callerEnv: Readonly<Record<string, string>>;
  /** inspect --argv plans without needing the binary installed. */
  readonly needBinary?: boolean;
}

export interface PreparedTurn {
  readonly adapter: HarnessAdapter<PlanInput>;
  readonly resolved: ResolvedTurnOptions;
  readonly options: TurnOptions;
  readonly inputs: RunInputs;
  readonly invocation: Invocation;
  readonly binary: ResolvedBinary;
  readonly cwd: string;
  readonly callerEnv: Readonly<Record<string, string>>;
  readonly decoderContext: DecoderContext;
  /** Extra stderr lines (binary fallback notes, isolated state dir). */
  readonly notes: readonly string[];
  /** --isolate: the state dir, its index root, and whether this turn created it (see isolated-state.ts). */
  readonly isolated?: IsolatedTurnState;
}

export interface IsolatedTurnState {
  readonly root: string;
  readonly dir: string;
  readonly fresh: boolean;
}

/**
 * --isolate on a fresh turn: a new run dir below the index root (old orphans swept). On
 * --resume <id>: the dir an earlier isolated turn recorded for that id, or a clear refusal -
 * an empty HOME holds no session to resume.
 */
function isolatedStateFor(
  resume: string | undefined,
  resumeLast: boolean,
  notes: string[],
  create: boolean,
): IsolatedTurnState {
  const root = isolatedRoot(process.env);
  if (resumeLast) {
    throw new UsageError(
      "--resume-last in an isolated run (--isolate, or pi with --endpoint) would look for the most recent session in a new, empty isolated home",
      "resume an isolated session by its id: --resume <id> --isolate",
    );
  }
  if (resume !== undefined) {
    const dir = findIsolatedState(root, resume);
    if (dir === undefined) {
      throw new UsageError(
        `--isolate: no isolated state is recorded for session ${JSON.stringify(resume)} under ${root}`,
        "check the id from the earlier run's identity line, or drop --isolate to resume from your own HOME",
      );
    }
    notes.push(`isolated state (reused for ${resume}): ${dir}`);
    return { root, dir, fresh: false };
  }
  if (!create) return { root, dir: `${root}/run-XXXXXX`, fresh: true };
  sweepOrphanedStates(root, Date.now());
  const dir = createIsolatedState(root);
  notes.push(`isolated state: ${dir}`);
  return { root, dir, fresh: true };
}

export async function prepareTurn(input: PrepareInput): Promise<PreparedTurn> {
  const adapter = requireHarness(input.harnessArg);
  const { flags } = input;
  const harness = adapter.name;
  const prompt = await readPrompt(input.positional, flags);
  const resume = pickResume(flags);
  const cwd = resolvePath(flags.cwd ?? process.cwd());
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
    throw new UsageError(
      `--cwd ${cwd} is not a directory`,
      "pass an existing folder, or omit --cwd to use the current one",
    );
  }

  const args = turnOptionsFromFlags(flags, input.cmd);
  const config = loadConfigFiles(cwd);
  const resolved = resolveTurnOptions({
    harness,
    expresses: adapter.descriptor.expresses,
    mode: resume !== undefined || flags.resumeLast ? "resume" : "launch",
    args,
    ...(config.user ? { user: config.user } : {}),
    ...(config.project ? { project: config.project } : {}),
    projectTrust: config.projectTrust,
  });
  const options = resolved.options;
  const inputs: RunInputs = {
    prompt: prompt.text,
    explicitPrompt: prompt.explicit,
    cwd,
    env: input.callerEnv,
    passthrough: input.passthrough,
    ...(resume !== undefined ? { resume } : {}),
    ...(flags.resumeLast ? { resumeLast: true } : {}),
  };

  const notes: string[] = [];
  // inspect --argv only plans: it shows where the state would go and creates nothing.
  // pi takes an endpoint only through models.json in its own agent dir, so an endpoint run on pi is isolated too.
  const endpointNeedsState =
    options.endpoint !== undefined && adapter.descriptor.endpoint.value?.kind === "pi-models-json";
  if (endpointNeedsState && !options.isolate)
    notes.push(`${harness} reads an endpoint from its own agent dir: this run is isolated as with --isolate`);
  const isolated =
    options.isolate || endpointNeedsState
      ? isolatedStateFor(resume, flags.resumeLast === true, notes, input.needBinary !== false)
      : undefined;
  try {
    return finishPreparing(input, {
      adapter,
      resolved,
      options,
      inputs,
      cwd,
      notes,
      prompt: prompt.text,
      resume,
      isolated,
    });
  } catch (err) {
    if (isolated?.fresh && input.needBinary !== false) releaseIsolatedState(isolated.root, isolated.dir); // refused: nothing to keep
    throw err;
  }
}

interface Prepared {
  readonly adapter: HarnessAdapter<PlanInput>;
  readonly resolved: ResolvedTurnOptions;
  readonly options: TurnOptions;
  readonly inputs: RunInputs;
  readonly cwd: string;
  readonly notes: string[];
  readonly prompt: string;
  readonly resume: string | undefined;
  readonly isolated: IsolatedTurnState | undefined;
}

function finishPreparing(input: PrepareInput, p: Prepared): PreparedTurn {
  const { adapter, resolved, options, inputs, cwd, notes, resume, isolated } = p;
  const { flags } = input;
  const harness = adapter.name;
  const stateDir = isolated?.dir;
  const request: PlanInput = {
    options,
    inputs,
    prompt: composePrompt(p.prompt, options.escalateQuestions === false ? "no-escalate" : "turn"),
    ...(stateDir ? { stateDir } : {}),
    host: { isRoot: process.getuid?.() === 0, env: process.env },
  };
  const invocation = adapter.planTurn(request);

  const found = resolveBinary(harness);
  if (!found.ok) {
    if (input.needBinary === false) {
      return {
        adapter,
        resolved,
        options,
        inputs,
        invocation,
        cwd,
        callerEnv: input.callerEnv,
        notes,
        decoderContext: {},
        ...(isolated ? { isolated } : {}),
        binary: { harness, executable: invocation.argv[0] ?? harness, prefixArgs: [], source: "path" },
      };
    }
    throw new RefusalError(found.message, { issue: "missing-binary", harness, hint: found.hint });
  }
  if (found.binary.note) notes.push(`binary: ${found.binary.note}`);
  const decoderContext: DecoderContext = {
    ...(resume !== undefined ? { requestedSessionId: resume } : {}),
    ...(flags.resumeLast ? { resumeLast: true } : {}),
  };
  return {
    adapter,
    resolved,
    options,
    inputs,
    invocation,
    binary: found.binary,
    cwd,
    callerEnv: input.callerEnv,
    decoderContext,
    notes,
    ...(isolated ? { isolated } : {}),
  };
}

interface PromptChoice {
  readonly text: string;
  readonly explicit: boolean;
}

async function readPrompt(positional: string | undefined, flags: RawTurnFlags): Promise<PromptChoice> {
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

/** Every adapter, for commands that list them. */
export { adapterFor, allAdapters };

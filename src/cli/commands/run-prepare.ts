/**
 * Everything `hmux run` decides before a process exists: the prompt and the flags, stated as a
 * request to the launch pipeline (prepareLaunch: config tiers, resolution with provenance,
 * isolation, the planned invocation, the binary). Every problem here throws (RefusalError,
 * ConfigError, UsageError) and becomes exit 2.
 */
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import type { HarnessAdapter, Invocation } from "../../adapters/adapter.js";
import type { HarnessRegistry } from "../../adapters/registry.js";
import type { ResolvedPolicy } from "../../core/config/settings.js";
import type { DecoderContext } from "../../core/decoder.js";
import { prepareLaunch } from "../../core/launch/prepare.js";
import type { LaunchBinary, LaunchRequest, LaunchWorkspace, TurnGate } from "../../core/launch/types.js";
import type { ResolvedTurnOptions } from "../../core/options/resolve.js";
import type { RunInputs, TurnOptions } from "../../core/options/types.js";
import type { SharedLaunchPorts } from "../../main/launch-ports.js";
import { UsageError } from "../errors.js";
import {
  createIsolatedState,
  findIsolatedState,
  isolatedRoot,
  releaseIsolatedState,
  sweepOrphanedStates,
} from "../isolated-state.js";
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
  /** Where the harness is looked up: the same registry the ports were built from. */
  readonly registry: HarnessRegistry;
  readonly ports: SharedLaunchPorts;
  /** The session's own worktree (its path is flags.cwd), recorded in provenance. */
  readonly workspace?: LaunchWorkspace;
}

export interface PreparedTurn {
  readonly adapter: HarnessAdapter;
  readonly resolved: ResolvedTurnOptions;
  readonly options: TurnOptions;
  readonly inputs: RunInputs;
  readonly invocation: Invocation;
  readonly binary: LaunchBinary;
  /** Who decides a gated call (the launch plan's): "policy-session" runs the turn through the session channel. */
  readonly gate: TurnGate;
  /** What is allowed without asking, for a turn hmux's policy gates. */
  readonly policy: ResolvedPolicy;
  readonly cwd: string;
  /** The environment the harness starts from (the launch plan's); the invocation's env and --env go on top. */
  readonly env: Readonly<Record<string, string>>;
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

/** The launch request `hmux run` makes of the pipeline: flags → settings, inputs and the prompt. */
export function runLaunchRequest(input: {
  readonly harness: string;
  readonly prompt: PromptChoice;
  readonly flags: RawTurnFlags;
  readonly args: TurnOptions;
  readonly cwd: string;
  readonly passthrough: readonly string[];
  readonly callerEnv: Readonly<Record<string, string>>;
  readonly requireBinary?: boolean;
  readonly workspace?: LaunchWorkspace;
}): LaunchRequest {
  const { flags } = input;
  const resume = pickResume(flags);
  return {
    entry: "run",
    harness: input.harness,
    cwd: input.cwd,
    args: input.args,
    mode: resume !== undefined || flags.resumeLast ? "resume" : "launch",
    prompt: input.prompt.text,
    inputs: {
      explicitPrompt: input.prompt.explicit,
      env: input.callerEnv,
      passthrough: input.passthrough,
      ...(resume !== undefined ? { resume } : {}),
      ...(flags.resumeLast ? { resumeLast: true } : {}),
    },
    ...(input.requireBinary === false ? { requireBinary: false } : {}),
    ...(input.workspace ? { workspace: input.workspace } : {}),
  };
}

export async function prepareTurn(input: PrepareInput): Promise<PreparedTurn> {
  const adapter = input.registry.require(input.harnessArg);
  const { flags } = input;
  const prompt = await readPrompt(input.positional, flags);
  const request = runLaunchRequest({
    harness: input.harnessArg,
    prompt,
    flags,
    args: turnOptionsFromFlags(flags, input.cmd),
    cwd: resolvePath(flags.cwd ?? process.cwd()),
    passthrough: input.passthrough,
    callerEnv: input.callerEnv,
    ...(input.needBinary === false ? { requireBinary: false } : {}),
    ...(input.workspace ? { workspace: input.workspace } : {}),
  });
  const create = input.needBinary !== false;
  let isolated: IsolatedTurnState | undefined;
  const outcome = prepareLaunch(request, {
    ...input.ports,
    stateDir: (need) => {
      const notes: string[] = [];
      isolated = isolatedStateFor(need.resume, need.resumeLast, notes, create);
      return { dir: isolated.dir, ...(notes[0] ? { note: notes[0] } : {}) };
    },
  });
  if (!outcome.ok) {
    if (isolated?.fresh && create) releaseIsolatedState(isolated.root, isolated.dir); // refused: nothing to keep
    throw outcome.refusals[0];
  }
  const plan = outcome.plan;
  const resume = request.inputs?.resume;
  const gate: TurnGate = plan.gate ?? { kind: "harness", why: "planned outside hmux run" };
  // Said plainly when hmux's own policy is the gate, and when nothing is (--autonomy).
  const notes = gate.kind === "harness" ? plan.notes : [`gate: ${gate.why}`, ...plan.notes];
  return {
    adapter,
    resolved: plan.resolved,
    options: plan.options,
    inputs: { ...request.inputs, prompt: request.prompt, cwd: plan.cwd },
    invocation: plan.invocation,
    binary: plan.binary,
    gate,
    policy: plan.policy.value,
    cwd: plan.cwd,
    env: plan.env,
    callerEnv: input.callerEnv,
    decoderContext: {
      ...(resume !== undefined ? { requestedSessionId: resume } : {}),
      ...(request.inputs?.resumeLast ? { resumeLast: true } : {}),
      asked: plan.options,
    },
    notes,
    ...(isolated ? { isolated } : {}),
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

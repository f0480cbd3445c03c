/**
 * The normalized turn flags (docs/harness-facts.md#reference-flag-table) as commander options, and their
 * conversion to TurnOptions + RunInputs. Shared by `run` and `inspect --argv`.
 */
import { type Command, Option } from "commander";
import type { OwnedHarnessOption } from "../../adapters/harness-options.js";
import type { TurnOptions } from "../../core/options/types.js";
import { UsageError } from "../usage-error.js";
import { addHarnessOptionFlags, harnessOptionsFromFlags } from "./harness-option-flags.js";

export interface RawTurnFlags {
  prompt?: string;
  promptFile?: string;
  model?: string;
  effort?: string;
  provider?: string;
  tools?: string | false;
  excludeTools?: string;
  access?: "read" | "write";
  autonomy?: boolean;
  memory?: boolean;
  instructionFiles?: boolean;
  extensions?: boolean;
  skills?: string | false;
  cwd?: string;
  env?: string[];
  resume?: string;
  sessionId?: string;
  resumeLast?: boolean;
  timeout?: number;
  stall?: number;
  escalateQuestions?: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  isolation?: string;
  endpoint?: string;
  isolate?: boolean;
}

function seconds(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n < 0) {
      throw new UsageError(
        `${name} expects seconds (a number ≥ 0; 0 disables), got ${JSON.stringify(value)}`,
        `e.g. ${name} 120`,
      );
    }
    return n;
  };
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * Adds every turn flag to a command, and each registered harness's own settings as
 * `--<harness>-<key>` (plus its legacy flag). Order matters: `--tools` before `--no-tools` keeps
 * its default undefined.
 */
export function addTurnFlags(cmd: Command, harnessOptions: readonly OwnedHarnessOption[]): Command {
  addHarnessOptionFlags(cmd, harnessOptions);
  return cmd
    .option("--prompt <text>", "the prompt (instead of the positional; may start with '-')")
    .option("--prompt-file <path>", "read the prompt from a UTF-8 file, or '-' for stdin")
    .option("--model <id>", "model or alias, validated against the harness vocabulary")
    .option("--effort <level>", "reasoning effort, validated against the harness ladder")
    .option("--provider <name>", "pi provider")
    .option(
      "--tools <a,b>",
      "grant only these canonical tools (read,write,edit,shell,grep,glob,list,web-fetch,web-search,subagent,skill; native:<name>)",
    )
    .option("--no-tools", "turn native tool discovery off")
    .option("--exclude-tools <a,b>", "remove these canonical tools")
    .addOption(new Option("--access <level>", "access preset").choices(["read", "write"]))
    .option("--autonomy", "let the harness run tools without asking")
    .option("--no-autonomy", "keep the harness's permission gates")
    .option("--memory", "keep the harness's own cross-session memory (default off)")
    .option("--no-memory", "turn cross-session memory off")
    .option("--no-instruction-files", "skip native instruction files (CLAUDE.md, AGENTS.md …)")
    .option("--no-extensions", "skip native extensions / plugins")
    .option("--skills <a,b>", "skill allowlist")
    .option("--no-skills", "turn native skill discovery off")
    .option("--cwd <path>", "working directory for the harness")
    .option("--env <KEY=VAL>", "environment for the harness (repeatable; KEY= deletes)", collect)
    .option("--resume <id>", "resume this session")
    .option("--session-id <id>", "alias for --resume")
    .option("--resume-last", "resume the harness's most recent session in the cwd")
    .option("--timeout <seconds>", "hmux's wall-clock budget for the turn (0 disables)", seconds("--timeout"))
    .option("--stall <seconds>", "hmux's stream-idle budget (default 600; 0 disables)", seconds("--stall"))
    .option("--escalate-questions", "let the worker ask the caller when blocked (default)")
    .option("--no-escalate-questions", "the worker never asks; it states its assumption and continues")
    .option("--system-prompt <text>", "replace the harness's system prompt")
    .option("--append-system-prompt <text>", "append to the harness's system prompt")
    .option("--isolation <mode>", "tool-free: a fresh turn with no tools and no native discovery")
    .option("--endpoint <url>", "point the harness at this model server (e.g. http://127.0.0.1:8787)")
    .option("--isolate", "run the harness with a fresh HOME / config dir");
}

const splitList = (value: string): string[] =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

/** Only what the user actually typed: a negatable flag's implicit default is not an arg. */
export function turnOptionsFromFlags(
  flags: RawTurnFlags,
  cmd: Command,
  harnessOptions: readonly OwnedHarnessOption[],
): TurnOptions {
  const typed = (key: keyof RawTurnFlags) => flags[key] !== undefined && cmd.getOptionValueSource(key) === "cli";
  const out: Record<string, unknown> = {};
  const own = harnessOptionsFromFlags(flags as Record<string, unknown>, cmd, harnessOptions);
  if (own) out.harnessOptions = own;
  for (const key of [
    "model",
    "effort",
    "provider",
    "access",
    "systemPrompt",
    "appendSystemPrompt",
    "endpoint",
  ] as const) {
    if (typed(key)) out[key] = flags[key];
  }
  for (const key of ["autonomy", "memory", "escalateQuestions", "isolate"] as const) {
    if (typed(key)) out[key] = flags[key];
  }
  if (typed("isolation")) {
    if (flags.isolation !== "tool-free")
      throw new UsageError(
        `--isolation accepts only "tool-free", got ${JSON.stringify(flags.isolation)}`,
        "--isolation tool-free",
      );
    out.isolation = "tool-free";
  }
  if (typed("timeout")) out.timeoutSeconds = flags.timeout;
  if (typed("stall")) out.stallSeconds = flags.stall;

  const discovery: Record<string, boolean> = {};
  if (typed("tools")) {
    if (flags.tools === false) discovery.tools = false;
    else out.tools = splitList(flags.tools as string);
  }
  if (typed("excludeTools")) out.excludeTools = splitList(flags.excludeTools as string);
  if (typed("skills")) {
    if (flags.skills === false) discovery.skills = false;
    else out.skills = splitList(flags.skills as string);
  }
  if (typed("instructionFiles")) discovery.instructionFiles = flags.instructionFiles as boolean;
  if (typed("extensions")) discovery.extensions = flags.extensions as boolean;
  if (Object.keys(discovery).length > 0) out.discovery = discovery;
  return out as TurnOptions;
}

/**
 * Registers every command module in this folder: each `<name>.ts` exports
 * `register(program, context)`, the context built by the composition root (src/main). Discovery keeps the entry point closed to edits when a helper adds a
 * command (model, session, control, sessions, demo, tui live beside run/decode/inspect/ls/check).
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Command } from "commander";
import type { CliContext, HarnessCliContext, ProcessBasics } from "../context.js";

/** Help lists these first, in this order; any other module follows alphabetically. */
const PREFERRED_ORDER = [
  "run",
  "session",
  "demo",
  "tui",
  "decode",
  "inspect",
  "ls",
  "check",
  "model",
  "sessions",
  "control",
  "native",
  "shell",
];

interface CommandModule {
  register?: (program: Command, context: CliContext) => void;
  /**
   * A command that needs none of the composition root's ports (it reads its own state) exports this
   * instead: the registry with every adapter, their schemas and the process layer are then not loaded,
   * and that load is most of a small command's start-up (npm run bench -- startup).
   */
  registerStandalone?: (program: Command, basics: ProcessBasics) => void;
  /** A command that needs the context on some paths only (ls: only with --host) builds it when it runs. */
  registerDeferred?: (program: Command, context: () => Promise<CliContext>, basics: ProcessBasics) => void;
  /** A command that needs the harnesses but no process, workspace or config port (decode). */
  registerWithHarnesses?: (program: Command, context: HarnessCliContext) => void;
}

export function commandModuleNames(dir = dirname(fileURLToPath(import.meta.url))): string[] {
  const names = readdirSync(dir)
    .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith(".d.ts") && !/^index\./.test(f) && !/\.test\./.test(f))
    .map((f) => f.replace(/\.(ts|js|mjs)$/, ""));
  const unique = [...new Set(names)];
  const rank = (n: string) => {
    const i = PREFERRED_ORDER.indexOf(n);
    return i === -1 ? PREFERRED_ORDER.length : i;
  };
  // Plain code-unit order: the names are ASCII, and localeCompare's first call loads ICU's collator,
  // which cost a small command several milliseconds of start-up.
  return unique.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether `name` is a command module of this folder: looked up directly, without listing the folder. */
function isCommandModule(dir: string, name: string, ext: string): boolean {
  return /^[a-z][a-z0-9-]*$/.test(name) && name !== "index" && existsSync(join(dir, `${name}${ext}`));
}

/**
 * `only`: the subcommand the user typed. When a module of that name exists only it is loaded,
 * so `hmux run` never pays for the TUI's imports; help and unknown commands load them all.
 * `context` builds the composition root's context; it is called only for a module that uses it, and
 * `harnesses` the lighter one of a module that needs only a harness's decoding. `basics` builds the
 * environment the entry point was handed, the clock and the server's paths, for the commands that run without the context.
 */
export async function registerCommands(
  program: Command,
  basics: () => Promise<ProcessBasics>,
  context: () => Promise<CliContext>,
  harnesses: () => Promise<HarnessCliContext>,
  only?: string,
): Promise<void> {
  const dir = dirname(fileURLToPath(import.meta.url));
  const ext = fileURLToPath(import.meta.url).endsWith(".ts") ? ".ts" : ".js";
  const selected = only !== undefined && isCommandModule(dir, only, ext) ? [only] : commandModuleNames(dir);
  for (const name of selected) {
    const mod = (await import(pathToFileURL(`${dir}/${name}${ext}`).href)) as CommandModule;
    if (typeof mod.registerStandalone === "function") mod.registerStandalone(program, await basics());
    else if (typeof mod.registerDeferred === "function") mod.registerDeferred(program, context, await basics());
    else if (typeof mod.registerWithHarnesses === "function") mod.registerWithHarnesses(program, await harnesses());
    else if (typeof mod.register === "function") mod.register(program, await context());
  }
}

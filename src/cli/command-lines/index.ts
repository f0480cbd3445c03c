/**
 * Declares the commands of this folder: each `<name>.ts` exports `declare(program, runtime)`
 * (src/cli/command-line.ts), whose action imports the command's implementation from src/cli/commands/.
 * Discovery keeps the entry point closed to edits when a helper adds a command.
 */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Command } from "commander";
import type { CommandLineModule, CommandRuntime } from "../command-line.js";

/** Help lists these first, in this order; any other command follows alphabetically. */
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
];

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

/** Whether `name` is a command of this folder: looked up directly, without listing the folder. */
export function isCommandModule(name: string): boolean {
  const file = fileURLToPath(import.meta.url);
  const ext = file.endsWith(".ts") ? ".ts" : ".js";
  return /^[a-z][a-z0-9-]*$/.test(name) && name !== "index" && existsSync(join(dirname(file), `${name}${ext}`));
}

/**
 * Every declaration at once, from the one module the build joins them into (scripts/build.mjs,
 * JOINED_COMMAND_LINES), which loads in a fraction of the 26 modules' time; none when run from source.
 */
async function joinedDeclarations(): Promise<Readonly<Record<string, CommandLineModule>> | undefined> {
  const joined = new URL("../all-command-lines.js", import.meta.url);
  if (!import.meta.url.endsWith(".js") || !existsSync(joined)) return undefined;
  return ((await import(joined.href)) as { declarations: Record<string, CommandLineModule> }).declarations;
}

/**
 * `only`: the subcommand the user typed. When it is a command only its declaration is loaded;
 * help and unknown commands declare them all, in help's order. The declarations are small (no
 * implementation), so loading them together costs little beside one command's run.
 */
export async function declareCommands(program: Command, run: CommandRuntime, only?: string): Promise<void> {
  const dir = dirname(fileURLToPath(import.meta.url));
  const ext = fileURLToPath(import.meta.url).endsWith(".ts") ? ".ts" : ".js";
  const one = only !== undefined && isCommandModule(only);
  const selected = one ? [only] : commandModuleNames(dir);
  const joined = one ? undefined : await joinedDeclarations();
  const modules = await Promise.all(
    selected.map(
      async (name) =>
        joined?.[name] ?? ((await import(pathToFileURL(`${dir}/${name}${ext}`).href)) as CommandLineModule),
    ),
  );
  for (const mod of modules) await mod.declare(program, run);
}

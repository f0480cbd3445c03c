/**
 * The `hmux` entry point. Exit codes: 0 a clean (or awaiting-input) turn, 1 a failure after
 * spawn, 2 a refusal before spawn (bad flag, bad config, unknown harness, missing binary), 3 a
 * workspace removal refused because it would lose work (src/workspace/errors.ts).
 */

import { realpathSync } from "node:fs";
import { flushCompileCache } from "node:module";
import { fileURLToPath } from "node:url";
import { Command, CommanderError } from "commander";
import type { HarnessRegistry } from "../adapters/registry.js";
import type { AppOptions } from "../main/context.js";
import type { CommandRuntime, HarnessFacts } from "./command-line.js";
import { commandWordOf } from "./command-word.js";
import { type CliContext, decodingFrom, splitPassthrough } from "./context.js";
import { launchCwdOf } from "./launch-cwd.js";
import { type Output, processOutput } from "./render/output.js";

export const VERSION = "0.1.0";

export function createProgram(output: Output): Command {
  const program = new Command("hmux")
    // No list of harnesses here: the registry's grows (ACP agents, agents added by config) and hmux harnesses prints it.
    .description(
      "A terminal multiplexer and headless normalizer for coding agents, native and ACP (see hmux harnesses)",
    )
    .version(VERSION, "-V, --version")
    .showSuggestionAfterError(true)
    // `hmux help [command]`, as git and npm answer it; commander adds it only to a program without an action.
    .helpCommand(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void output.out(s),
      writeErr: (s) => output.err(s),
      // Usage errors are printed by reportError with a hint; commander stays quiet.
      outputError: () => undefined,
    });
  return program;
}

/** The subcommand the user asked for (command-word.ts). */
const subcommandOf = commandWordOf;

/** What a caller may hand the program instead of the process's own: a test's registry, env and stdin. */
export interface MainOptions extends Omit<AppOptions, "passthrough"> {
  readonly input?: NodeJS.ReadableStream;
}

/** `hmux --version` with no subcommand: commander answers it before any command runs. */
function onlyVersion(args: readonly string[], subcommand: string | undefined): boolean {
  return subcommand === undefined && args.some((a) => a === "-V" || a === "--version");
}

/** `-h`/`--help` anywhere on the command line, or `hmux help`: commander prints a help and runs no action. */
function helpAsked(args: readonly string[], typed: string | undefined): boolean {
  return typed === "help" || args.some((a) => a === "-h" || a === "--help");
}

/**
 * The command whose declaration the run needs: the one typed, or for `hmux help <command>` the one
 * whose help is asked (as `hmux <command> --help` would), none for the program's own help.
 */
function declaredCommandOf(args: readonly string[], typed: string | undefined): string | undefined {
  if (typed !== "help") return typed;
  return subcommandOf(args.slice(args.indexOf("help") + 1));
}

/**
 * Declares the commands (src/cli/command-lines/); each action imports its command's implementation
 * when it runs, and the composition root is built only when a running command (or the registry's
 * facts a declaration prints) asks for it: it pulls in every adapter, zod and the process layer,
 * which `hmux --help` and a command that reads its own state (`hmux sessions`) must not pay for.
 * Returns where the registry is, once a command built it.
 */
async function registerAll(
  program: Command,
  output: Output,
  options: MainOptions & Pick<AppOptions, "passthrough">,
  args: readonly string[],
  help: boolean,
  subcommand?: string,
): Promise<() => HarnessRegistry | undefined> {
  const { declareCommands, isCommandModule } = await import("./command-lines/index.js");
  let context: CliContext | undefined;
  let building: Promise<CliContext> | undefined;
  // The registry of the folder this command launches in (its --cwd), not only of where it was typed.
  const cwd = launchCwdOf(args, process.cwd());
  const build = async (): Promise<CliContext> => {
    const { loadAppContext } = await import("../main/context.js");
    context = { ...(await loadAppContext(options, cwd)), output, input: options.input ?? process.stdin };
    return context;
  };
  const contextOnce = (): Promise<CliContext> => {
    building ??= build();
    return building;
  };
  const env = options.env ?? process.env;
  const factsNow = async (): Promise<HarnessFacts> => {
    // The program's help prints only the demo's panes of these: the built-ins marked for it.
    if (help && !options.registry && (subcommand === undefined || !isCommandModule(subcommand))) {
      const { builtinDemoHarnesses } = await import("../main/builtin-harness-facts.js");
      const none: readonly string[] = [];
      return {
        names: none,
        harnessOptions: [],
        sessionHarnesses: none,
        processSessionHarnesses: none,
        nativeKinds: none,
        demoHarnesses: builtinDemoHarnesses(),
      };
    }
    // A command's help needs the registry, not the ports of a run.
    const registry =
      options.registry ??
      (help ? await (await import("../main/load-registry.js")).loadRegistry(cwd, env) : (await contextOnce()).registry);
    return (await import("./harness-facts.js")).harnessFactsOf(registry);
  };
  let facts: Promise<HarnessFacts> | undefined;
  const run: CommandRuntime = {
    basics: async () => (await import("../main/process-basics.js")).processBasics(env),
    context: contextOnce,
    harnesses: async () => {
      const streams = { env, output, input: options.input ?? process.stdin };
      if (context) return decodingFrom(context.registry, streams);
      if (options.registry) return decodingFrom(options.registry, streams);
      const { decodingAt } = await import("../main/builtin-harness-facts.js");
      return { ...streams, ...decodingAt(process.cwd(), env) };
    },
    facts: () => {
      facts ??= factsNow();
      return facts;
    },
  };
  await declareCommands(program, run, subcommand);
  return () => context?.registry;
}

export async function main(
  argv: readonly string[] = process.argv,
  output: Output = processOutput(),
  options: MainOptions = {},
): Promise<number> {
  const program = createProgram(output);
  const { args, passthrough } = splitPassthrough(argv.slice(2));
  const typed = subcommandOf(args);
  const subcommand = declaredCommandOf(args, typed);
  let registry: () => HarnessRegistry | undefined = () => undefined;
  try {
    if (!onlyVersion(args, typed))
      registry = await registerAll(
        program,
        output,
        { ...options, passthrough },
        args,
        helpAsked(args, typed),
        subcommand,
      );
    // Commander answers `hmux help <unknown>` with the program's help on stderr and no error; hmux refuses it.
    if (
      typed === "help" &&
      subcommand !== undefined &&
      subcommand !== "help" &&
      !program.commands.some((c) => c.name() === subcommand)
    )
      throw (await import("./unknown-command.js")).unknownCommandError(subcommand, program);
    // `hmux help help`: help's own help is the program's (it lists help [command]); commander would put it on stderr.
    const parsed = typed === "help" && subcommand === "help" ? ["help"] : args;
    await program.parseAsync([...argv.slice(0, 2), ...parsed]);
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (err) {
    if (
      err instanceof CommanderError &&
      (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help")
    ) {
      return 0;
    }
    // Loaded only on failure: it knows every refusal and config error, which a clean start need not.
    const { exitCodeFor, reportError } = await import("./errors.js");
    // The registry's native spellings turn an unknown option into a redirect; loaded here when no command was.
    const spellings =
      (registry() ?? options.registry)?.nativeSpellings ??
      (await (await import("../main/builtin-harness-facts.js")).builtinNativeSpellings());
    const known = program.commands.some((c) => c.name() === subcommand) ? subcommand : undefined;
    reportError(err, output, args, spellings, known);
    return exitCodeFor(err);
  }
}

function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/** Run and exit once stdout has flushed, so a consumer reading to `done` never loses it. */
export async function runAndExit(argv: readonly string[] = process.argv): Promise<void> {
  const output = processOutput();
  const code = await main(argv, output);
  await output.drain();
  // The code cache this run added (src/files/compile-cache.ts) is written now rather than after the
  // exit handlers, so a first run's cost shows in its own CPU time (npm run bench -- startup).
  flushCompileCache();
  process.exit(code);
}

if (invokedDirectly()) void runAndExit();

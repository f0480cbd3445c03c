/**
 * A command's declaration (src/cli/command-lines/<name>.ts): its name, summary, arguments and options
 * as commander reads and prints them, and an action that imports the command's implementation
 * (src/cli/commands/<name>.ts) only when it runs. `hmux --help` declares every command and runs none,
 * so it loads no adapter, no process layer and no TUI; one declaration serves the help and the run,
 * so the two cannot drift.
 */
import type { Command } from "commander";
import type { OwnedHarnessOption } from "../adapters/harness-options.js";
import type { CliContext, HarnessCliContext, ProcessBasics } from "./context.js";

/** What the registry tells the declarations that name harnesses (their arguments' help, their flags). */
export interface HarnessFacts {
  readonly names: readonly string[];
  readonly harnessOptions: readonly OwnedHarnessOption[];
  /** What `hmux session` runs (src/session/launch.ts sessionHarnesses). */
  readonly sessionHarnesses: readonly string[];
  /** What a TUI pane runs. */
  readonly processSessionHarnesses: readonly string[];
  /** Native pane kinds, the shell among them. */
  readonly nativeKinds: readonly string[];
  /** The panes `hmux demo` opens when none is named. */
  readonly demoHarnesses: readonly string[];
}

/** What a declaration and its action are handed; each part is built the first time it is asked for. */
export interface CommandRuntime {
  /** The environment, clock and server paths: for the commands that need no composition root. */
  basics(): Promise<ProcessBasics>;
  /** The composition root's context (every adapter, the process layer). */
  context(): Promise<CliContext>;
  /** The harnesses' decodings without the composition root (`hmux decode`). */
  harnesses(): Promise<HarnessCliContext>;
  /**
   * The registry's facts for a declaration that names harnesses. For the program's own help, which
   * prints none of them, the built-ins' listing facts, read without loading any adapter.
   */
  facts(): Promise<HarnessFacts>;
}

export interface CommandLineModule {
  declare(program: Command, run: CommandRuntime): void | Promise<void>;
}

/**
 * A declaration's action: the implementation `load` imports, called with the runtime and commander's
 * arguments. The import happens when the command runs, never when it is only declared.
 */
export function runsIn<A extends unknown[]>(
  run: CommandRuntime,
  load: () => Promise<(run: CommandRuntime, ...args: A) => unknown>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    await (await load())(run, ...args);
  };
}

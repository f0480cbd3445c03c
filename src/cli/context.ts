import type { HarnessDecoding } from "../adapters/adapter.js";
import type { HarnessRegistry } from "../adapters/registry.js";
import type { AppContext } from "../main/context.js";
import type { Output } from "./render/output.js";

/** What every command is handed: the composition root's context (src/main/context.ts) and the program's own streams. */
export interface CliContext extends AppContext {
  /** stdout and stderr, as `main` was given them. */
  readonly output: Output;
  /** Where a command that reads lines (`hmux session`) reads them. */
  readonly input: NodeJS.ReadableStream;
}

/** What a command that runs without the context is handed (src/main/process-basics.ts builds it). */
export type { ProcessBasics } from "../main/process-basics.js";

/**
 * The part of the context a command that only reads recordings needs (`hmux decode`): the harnesses'
 * names, one harness's decoding on demand, the environment and the streams. Built without the
 * composition root, whose process layer, pty addon, workspace and config modules were most of a small
 * decode's start-up, and, for the built-in harnesses, without loading the folders of the ones not named
 * (npm run bench -- startup).
 */
export interface HarnessCliContext extends Pick<CliContext, "env" | "output" | "input"> {
  readonly harnessNames: readonly string[];
  /** The named harness's decoding, or the registry's refusal of a name it does not know. */
  decoding(name: string): Promise<HarnessDecoding>;
}

/** The decoding context over a registry already built: a test's, or the composition root's. */
export function decodingFrom(
  registry: HarnessRegistry,
  rest: Pick<CliContext, "env" | "output" | "input">,
): HarnessCliContext {
  return { ...rest, harnessNames: registry.names, decoding: async (name) => registry.require(name) };
}

/** Splits argv at the first `--`: everything after it is native passthrough for the harness. */
export function splitPassthrough(args: readonly string[]): { args: string[]; passthrough: string[] } {
  const cut = args.indexOf("--");
  if (cut === -1) return { args: [...args], passthrough: [] };
  return { args: args.slice(0, cut), passthrough: args.slice(cut + 1) };
}

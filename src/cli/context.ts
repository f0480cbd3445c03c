import type { AppContext } from "../app/context.js";
import type { Output } from "./render/output.js";

/** What every command is handed: the composition root's context (src/app/context.ts) and the program's own streams. */
export interface CliContext extends AppContext {
  /** stdout and stderr, as `main` was given them. */
  readonly output: Output;
  /** Where a command that reads lines (`hmux session`) reads them. */
  readonly input: NodeJS.ReadableStream;
}

/**
 * The part of the context a command that only reads recordings needs (`hmux decode`): the harnesses by
 * name, the environment and the streams. Built without the composition root, whose process layer, pty
 * addon, workspace and config modules were most of a small decode's start-up (npm run bench -- startup).
 */
export type HarnessCliContext = Pick<CliContext, "registry" | "env" | "output" | "input">;

/** Splits argv at the first `--`: everything after it is native passthrough for the harness. */
export function splitPassthrough(args: readonly string[]): { args: string[]; passthrough: string[] } {
  const cut = args.indexOf("--");
  if (cut === -1) return { args: [...args], passthrough: [] };
  return { args: args.slice(0, cut), passthrough: args.slice(cut + 1) };
}

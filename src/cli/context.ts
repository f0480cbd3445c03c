/** What every command is handed: the composition root's context (src/app/context.ts). */
export type { AppContext as CliContext } from "../app/context.js";

/** Splits argv at the first `--`: everything after it is native passthrough for the harness. */
export function splitPassthrough(args: readonly string[]): { args: string[]; passthrough: string[] } {
  const cut = args.indexOf("--");
  if (cut === -1) return { args: [...args], passthrough: [] };
  return { args: args.slice(0, cut), passthrough: args.slice(cut + 1) };
}

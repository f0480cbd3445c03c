/**
 * `--host [user@]box`: the client commands' way to a server on another machine (docs/remote.md).
 * `hmux --host box` opens the TUI there, so the program itself has the option too; commander then
 * gives the program the flag wherever it stands (`hmux ls --host box` included), so a command
 * reads it with the program's options merged in.
 */
import type { Command } from "commander";

export const HOST_FLAGS = "--host <[user@]box>";
export const HOST_HELP = "the hmux server on another machine, over ssh (docs/remote.md)";

/** The host this command was given, on itself or on the program. */
export function hostOf(command: Command): string | undefined {
  const host = command.optsWithGlobals<{ host?: unknown }>().host;
  return typeof host === "string" ? host : undefined;
}

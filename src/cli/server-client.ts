/**
 * What the server's client commands (ls, new, kill, kill-server, server) share: reaching the
 * server (starting it when the command may), and saying a ServerError the way every hmux
 * refusal is said — a sentence, the fix, exit 2.
 */
import type { ServerClient } from "../server/client.js";
import { ServerClient as Client } from "../server/client.js";
import { connectOrStart, serverStartCommand } from "../server/ensure-server.js";
import { isServerError } from "../server/errors.js";
import { serverPaths } from "../server/paths.js";
import { startDaemon } from "../spawn/daemon.js";
import type { CliContext } from "./context.js";
import { VERSION } from "./main.js";
import type { Output } from "./render/output.js";

/** The running server, started first when `start` is set (as `hmux`, `hmux new` and `hmux ls` do). */
export function reachServer(context: CliContext, start: boolean): Promise<ServerClient> {
  const paths = serverPaths(context.env);
  if (!start) return Client.connect(paths, VERSION);
  return connectOrStart(paths, VERSION, serverStartCommand([], context.env), (c, log) =>
    startDaemon(c.file, c.args, c.env, log),
  );
}

/** Prints a failure to reach or use the server; the exit code to return (2: nothing was done). */
export function reportServerError(command: string, err: unknown, output: Output): number {
  if (!isServerError(err)) {
    output.err(`hmux ${command}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  output.err(`hmux ${command}: ${err.message}${err.hint ? `\n  hint: ${err.hint}` : ""}\n`);
  return 2;
}

/**
 * This machine's server started as a daemon (src/spawn/daemon.ts) when a client finds none running:
 * the real process start the CLI's server client needs, made here in the composition root.
 */
import type { StartCommand } from "../server/ensure-server.js";
import { type Daemon, startDaemon } from "../spawn/daemon.js";

export function startServerDaemon(command: StartCommand, log: string): Daemon {
  return startDaemon(command.file, command.args, command.env, log);
}

/**
 * Client commands start the server on demand: connect, and when nothing listens, start
 * `hmux server --foreground` as a daemon (its own session and process group, so a closed
 * terminal does not reach it; stdout and stderr to `server.log` in the private dir), then
 * connect as soon as it accepts. Two clients racing both start one; the single-instance claim
 * lets exactly one serve and the other stand down, and both clients reach the one that serves.
 */
import { readFileSync } from "node:fs";
import type { Clock } from "../core/exec/ports.js";
import { ServerClient } from "./client.js";
import { isServerError, ServerError } from "./errors.js";
import { ensureServerDir, type ServerPaths } from "./paths.js";

/** How to run `hmux server --foreground` from this process: the same node, loader flags and entry point. */
export interface StartCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** A started daemon: its exit code once it has one. */
export interface StartedDaemon {
  readonly exitCode: number | null;
}

/**
 * Starts the daemon (src/spawn/daemon.ts, handed in). It may answer later: the CLI loads the process
 * layer that spawns it only when no server runs, so a client of a running server never loads it.
 */
export type DaemonStarter = (command: StartCommand, logPath: string) => StartedDaemon | Promise<StartedDaemon>;

/**
 * `inherited`: the Node flags the server takes from this process (its own, less those only a
 * client runs with: the TUI's, src/cli/tui-node-flags.ts); a server flag among them is kept.
 */
export function serverStartCommand(
  extra: readonly string[],
  env: NodeJS.ProcessEnv,
  inherited: readonly string[] = process.execArgv,
): StartCommand {
  const entry = process.argv[1];
  if (!entry) throw new ServerError("unreachable", "cannot tell which hmux to start as the server (no entry point)");
  const flags = SERVER_NODE_FLAGS.filter((f) => !inherited.some((a) => a.startsWith(f.split("=")[0]!)));
  return {
    file: process.execPath,
    args: [...inherited, ...flags, entry, "server", "--foreground", ...extra],
    env,
  };
}

/**
 * Node flags the server runs with. V8 lets its young generation grow to 16 MB while start-up's
 * objects survive, and a server left idle after start-up keeps those pages: with a 1 MB young
 * generation the idle server with 8 sessions took 75 MB instead of 84 (anonymous 28 MB instead
 * of 37), and 83 MB instead of 105 under 8 sessions × 100 events/s. The server allocates little
 * and briefly (a decoded record, a line to a client): its CPU under that load was 0.071 core
 * against 0.079 (medians of 3 interleaved runs, load average 10–12), no measurable cost. (The
 * TUI client keeps V8's default: it churns far more.)
 */
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=1"];

/** Connects to the running server, or starts one and connects to it. */
export function connectOrStart(
  paths: ServerPaths,
  version: string,
  start: StartCommand,
  startDaemon: DaemonStarter,
  clock: Clock,
  timeoutMs = 30_000,
): Promise<ServerClient> {
  return startingIfNeeded(
    paths,
    () => ServerClient.connect(paths, version, clock),
    start,
    startDaemon,
    clock,
    timeoutMs,
  );
}

/**
 * `connect`, and when it finds no server (`no-server`), starts one and tries again until it
 * accepts. `connect` may log in (a client) or only open the socket (the ssh relay).
 */
export async function startingIfNeeded<T>(
  paths: ServerPaths,
  connect: () => Promise<T>,
  start: StartCommand,
  startDaemon: DaemonStarter,
  clock: Clock,
  timeoutMs = 30_000,
): Promise<T> {
  try {
    return await connect();
  } catch (err) {
    if (!isServerError(err) || err.code !== "no-server") throw err;
  }
  ensureServerDir(paths);
  const daemon = await startDaemon(start, paths.log);
  const until = clock.now() + timeoutMs;
  for (;;) {
    try {
      return await connect();
    } catch (err) {
      if (!isServerError(err) || err.code !== "no-server") throw err;
    }
    if (daemon.exitCode !== null && daemon.exitCode !== 0)
      throw new ServerError(
        "unreachable",
        `the hmux server exited with code ${daemon.exitCode} while starting${tail(paths.log)}`,
        `see ${paths.log}`,
      );
    if (clock.now() > until)
      throw new ServerError(
        "unreachable",
        `the hmux server did not start listening on ${paths.socket} within ${Math.round(timeoutMs / 1000)} s`,
        `see ${paths.log}`,
      );
    await new Promise<void>((r) => clock.setTimeout(r, 100));
  }
}

/** The last lines of the server's log, to say why it did not start. */
function tail(log: string): string {
  try {
    const lines = readFileSync(log, "utf8").trimEnd().split("\n").slice(-5);
    return lines.length ? `:\n  ${lines.join("\n  ")}` : "";
  } catch {
    return "";
  }
}

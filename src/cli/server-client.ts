/**
 * What the server's client commands (ls, new, kill, kill-server, server, attach, the TUI) share:
 * reaching the server — this machine's (starting it when the command may), or another
 * machine's over ssh with `--host` — and saying a ServerError the way every hmux refusal is
 * said: a sentence, the fix, and the exit code the error-code table gives its code.
 */

import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { isHmuxError } from "../core/hmux-error.js";
import type { ServerClient } from "../server/client.js";
import { ServerClient as Client } from "../server/client.js";
import { connectOrStart, type DaemonStarter, serverStartCommand, startingIfNeeded } from "../server/ensure-server.js";
import { isServerError, ServerError } from "../server/errors.js";
import { connectServerSocket } from "../server/transport.js";
import type { CliContext, ProcessBasics } from "./context.js";
import { exitCodeFor } from "./exit-code.js";
import { VERSION } from "./main.js";
import type { Output } from "./render/output.js";
import { withoutTuiFlags } from "./tui-node-flags.js";

/**
 * The daemon's start, loaded only when no server runs: `hmux ls` against a running server never loads
 * the process layer that spawns it (npm run bench -- startup).
 */
const startServerDaemon: DaemonStarter = async (command, log) =>
  (await import("../main/server-daemon.js")).startServerDaemon(command, log);

/** How long a remote login may take: ssh's own connect, then the remote starting its server. */
const REMOTE_LOGIN_MS = 45_000;

/**
 * The running server, started first when `start` is set (as `hmux`, `hmux new` and `hmux ls` do).
 * With `host`, the server on that machine over ssh: there `hmux server --stdio` starts it on
 * demand whatever `start` says, since a client that cannot start it there could not list or
 * attach at all.
 */
export function reachServer(context: CliContext, start: boolean, host?: string): Promise<ServerClient> {
  if (host !== undefined) return reachRemoteServer(context, host);
  return reachLocalServer(context, start);
}

/** This machine's server, which needs only the process basics: `hmux ls` reaches it without the composition root. */
export function reachLocalServer(basics: ProcessBasics, start: boolean): Promise<ServerClient> {
  const paths = basics.paths.server;
  if (!start) return Client.connect(paths, VERSION, basics.clock);
  return connectOrStart(
    paths,
    VERSION,
    serverStartCommand([], basics.env, withoutTuiFlags(process.execArgv)),
    startServerDaemon,
    basics.clock,
  );
}

/** A logged-in client of `host`'s server, through ssh and the relay there; `version` is for tests. */
export async function reachRemoteServer(
  context: Pick<CliContext, "env" | "clock"> & { readonly spawners: Pick<CliContext["spawners"], "pipe"> },
  host: string,
  version = VERSION,
): Promise<ServerClient> {
  // ssh's modules, loaded only for --host: a local command never needs them.
  const [{ spawnSshRelay, sshDestinationProblem }, { sshTransport }] = await Promise.all([
    import("../spawn/ssh.js"),
    import("../server/transport-ssh.js"),
  ]);
  const problem = sshDestinationProblem(host);
  if (problem)
    throw new ServerError(
      "bad-host",
      `--host ${problem}`,
      "give it as ssh takes it: user@box, box, or a Host of ~/.ssh/config",
    );
  const child = spawnSshRelay(context.spawners.pipe(), host, context.env);
  try {
    return await Client.open(sshTransport(host, child, context.clock), {
      token: null,
      version,
      clock: context.clock,
      timeoutMs: REMOTE_LOGIN_MS,
    });
  } catch (err) {
    throw onHost(host, err);
  }
}

/** This machine's server socket, the server started when none runs: what `hmux server --stdio` relays to. */
export function serverSocket(basics: ProcessBasics): Promise<Socket> {
  const paths = basics.paths.server;
  return startingIfNeeded(
    paths,
    () => connectServerSocket(paths, basics.clock),
    serverStartCommand([], basics.env, withoutTuiFlags(process.execArgv)),
    startServerDaemon,
    basics.clock,
  );
}

export function serverToken(basics: ProcessBasics): string {
  return readFileSync(basics.paths.server.token, "utf8").trim();
}

/** A refusal from the server over there names the host, and a version mismatch gets the remote's fix. */
function onHost(host: string, err: unknown): unknown {
  if (!isServerError(err) || err.message.includes(host)) return err;
  if (err.code === "version-mismatch")
    return new ServerError(err.code, `on ${host}: ${err.message}`, `run the same hmux version here and on ${host}`);
  return new ServerError(err.code, `on ${host}: ${err.message}`, err.hint, err.failure);
}

/** Prints a failure to reach or use the server; the exit code to return: the error-code table's for its code. */
export function reportServerError(command: string, err: unknown, output: Output): number {
  if (!isHmuxError(err)) output.err(`hmux ${command}: ${err instanceof Error ? err.message : String(err)}\n`);
  else output.err(`hmux ${command}: ${err.message}${err.hint ? `\n  hint: ${err.hint}` : ""}\n`);
  return exitCodeFor(err);
}

/** The server a `--host` command asks: this machine's (no composition root needed) or `host`'s over ssh. */
export async function reachServerOf(
  basics: ProcessBasics,
  context: () => Promise<CliContext>,
  start: boolean,
  host?: string,
): Promise<ServerClient> {
  return host === undefined ? reachLocalServer(basics, start) : reachRemoteServer(await context(), host);
}

/**
 * A read-only `--host` command's round trip: reach the server (starting this machine's), run `use`,
 * close the client, and say any failure as `hmux <command>: …` with its exit code.
 */
export async function withServerClient(
  command: string,
  target: { basics: ProcessBasics; context: () => Promise<CliContext>; host?: string | undefined },
  output: Output,
  use: (client: ServerClient) => Promise<number>,
): Promise<number> {
  try {
    const client = await reachServerOf(target.basics, target.context, true, target.host);
    try {
      return await use(client);
    } finally {
      client.close();
    }
  } catch (err) {
    return reportServerError(command, err, output);
  }
}

/**
 * One server process: claims the socket (or finds another server running), serves clients
 * through the hub, and stops — on idle, on kill-server, or on SIGTERM/SIGINT — by ending every
 * session (pending calls denied, harnesses signalled), saying goodbye to the clients, and
 * removing its socket, token and pid files. SIGHUP is ignored: a closed terminal does not end
 * the server. SIGKILL cannot be caught; then each harness's leash ends it (src/spawn/leash.mjs).
 */
import { readFileSync, rmSync } from "node:fs";
import type { Server, Socket } from "node:net";
import { homedir } from "node:os";
import type { Clock } from "../core/exec/ports.js";
import { Hub } from "./hub.js";
import type { ServerPaths } from "./paths.js";
import type { RacesLoader } from "./races.js";
import type { SessionTable } from "./session-table.js";
import { claimServerSocket } from "./single-instance.js";

export interface RunServerOptions {
  readonly paths: ServerPaths;
  readonly table: SessionTable;
  /** The races the server runs for its clients (src/server/races.ts); none when absent. */
  readonly races?: RacesLoader;
  readonly version: string;
  readonly idleExitMs: number | null;
  /** Times each stranger's login timeout. */
  readonly clock: Clock;
  readonly loginTimeoutMs?: number;
  /** The home folder the hello names (a remote client's default cwd); this process's user's when absent. */
  readonly home?: string;
  readonly maxClients?: number;
  readonly maxStrangers?: number;
  /** Bytes waiting for a client before it is dropped as one that stopped reading. */
  readonly maxBufferedBytes?: number;
  /** Bytes waiting for a client before it counts as behind (client-outbox.ts). */
  readonly laggingBytes?: number;
  /** Where the server says what it does (a daemon's log). */
  readonly log?: (line: string) => void;
  /** Install SIGTERM/SIGINT/SIGHUP handlers (a real server process; not a test). */
  readonly signals?: boolean;
  /**
   * Runs once this process has won the socket, before any client is served: where a server
   * restores the sessions of one that died (only the winner may, so it happens once).
   */
  readonly claimed?: () => void;
}

export type RunningServer =
  | { readonly kind: "running-elsewhere" }
  | {
      readonly kind: "serving";
      readonly pid: number;
      /** Resolves with the reason once the server has stopped and cleaned up. */
      readonly stopped: Promise<string>;
      stop(reason: string): void;
      /** Bytes written to each logged-in client and not yet taken by its connection. */
      queuedBytes(): number[];
    };

export async function runServer(options: RunServerOptions): Promise<RunningServer> {
  const log = options.log ?? (() => undefined);
  let hub: Hub | null = null;
  const early: Socket[] = [];
  const claimed = await claimServerSocket(
    options.paths,
    (socket) => {
      if (hub) hub.accept(socket);
      else early.push(socket);
    },
    options.clock,
  );
  if (claimed.kind === "running") return { kind: "running-elsewhere" };
  const { server, token } = claimed;
  options.claimed?.();
  let resolveStopped: (reason: string) => void = () => undefined;
  const stopped = new Promise<string>((r) => {
    resolveStopped = r;
  });
  const onSignal = (signal: string) => () => hub?.stop(`signal ${signal}`);
  const ignore = () => undefined;
  const handlers: [NodeJS.Signals, () => void][] = [
    ["SIGTERM", onSignal("SIGTERM")],
    ["SIGINT", onSignal("SIGINT")],
    ["SIGHUP", ignore],
  ];
  if (options.signals) for (const [name, fn] of handlers) process.on(name, fn);
  const h = new Hub({
    table: options.table,
    ...(options.races ? { races: options.races } : {}),
    token,
    version: options.version,
    pid: process.pid,
    home: options.home ?? homedir(),
    idleExitMs: options.idleExitMs,
    clock: options.clock,
    ...(options.loginTimeoutMs !== undefined ? { loginTimeoutMs: options.loginTimeoutMs } : {}),
    ...(options.maxClients !== undefined ? { maxClients: options.maxClients } : {}),
    ...(options.maxStrangers !== undefined ? { maxStrangers: options.maxStrangers } : {}),
    ...(options.maxBufferedBytes !== undefined ? { maxBufferedBytes: options.maxBufferedBytes } : {}),
    ...(options.laggingBytes !== undefined ? { laggingBytes: options.laggingBytes } : {}),
    onStop: (reason) => {
      log(`stopping: ${reason}`);
      void shutdown(server, h, options, token, reason).then(() => {
        if (options.signals) for (const [name, fn] of handlers) process.removeListener(name, fn);
        log("stopped");
        resolveStopped(reason);
      });
    },
  });
  hub = h;
  for (const socket of early.splice(0)) h.accept(socket);
  log(`serving on ${options.paths.socket} (pid ${process.pid})`);
  return {
    kind: "serving",
    pid: process.pid,
    stopped,
    stop: (reason) => h.stop(reason),
    queuedBytes: () => h.queuedBytes(),
  };
}

async function shutdown(server: Server, hub: Hub, options: RunServerOptions, token: string, reason: string) {
  // No new connections from here on; the sessions end before the clients hear goodbye, so an
  // attached client sees each session's closed event.
  const closed = new Promise<void>((r) => server.close(() => r()));
  await options.table.killAll();
  hub.disconnectAll(reason);
  await closed;
  removeIfOurs(options.paths, token);
}

/** The files go only if they are still this server's (a token file names its server). */
function removeIfOurs(paths: ServerPaths, token: string): void {
  let current = "";
  try {
    current = readFileSync(paths.token, "utf8").trim();
  } catch {
    // already gone
  }
  if (current !== token) return;
  rmSync(paths.socket, { force: true });
  rmSync(paths.pid, { force: true });
  rmSync(paths.token, { force: true });
}

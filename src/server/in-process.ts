/**
 * A server inside this process: the same hub and session table a socket server runs, reached
 * over an in-memory stream pair instead of a socket. Local mode (`hmux native`) is its client, so
 * the TUI has one code path, as a tmux client always has a server. Nothing is listening anywhere:
 * only this process can connect, and the sessions end when it stops.
 */
import { randomBytes } from "node:crypto";
import { duplexPair } from "node:stream";
import type { Clock } from "../core/exec/ports.js";
import { ServerClient } from "./client.js";
import { Hub } from "./hub.js";
import type { RacesLoader } from "./races.js";
import type { SessionTable } from "./session-table.js";
import { duplexTransport } from "./transport.js";

export interface InProcessServerOptions {
  readonly table: SessionTable;
  /** The races it runs for its client (src/server/races.ts); none when absent. */
  readonly races?: RacesLoader;
  readonly version: string;
  readonly clock: Clock;
  /** The home folder the hello names. */
  readonly home: string;
}

export interface InProcessServer {
  /** A client logged in over a new stream pair. */
  connect(): Promise<ServerClient>;
  /** Ends every session, says goodbye to the clients, and resolves once that is done. */
  stop(reason: string): Promise<void>;
}

export function startInProcessServer(options: InProcessServerOptions): InProcessServer {
  const token = randomBytes(32).toString("hex");
  let stopped: Promise<void> | null = null;
  const hub: Hub = new Hub({
    table: options.table,
    ...(options.races ? { races: options.races } : {}),
    token,
    version: options.version,
    pid: process.pid,
    home: options.home,
    // Its life is the process's: it never stops for being idle.
    idleExitMs: null,
    clock: options.clock,
    // A stream pair in this process costs no system call per write: nothing is gained by waiting.
    eventFlushMs: 0,
    onStop: (reason) => {
      stopped = options.table.killAll().then(() => hub.disconnectAll(reason));
    },
  });
  return {
    connect() {
      const [client, server] = duplexPair();
      // A socket ends its side when the far end ends (no half-open connections): the pair does the same.
      server.on("end", () => server.end());
      client.on("end", () => client.end());
      hub.accept(server);
      return ServerClient.open(duplexTransport(client, "this process's hmux server", options.clock), {
        token,
        version: options.version,
        clock: options.clock,
      });
    },
    stop(reason) {
      hub.stop(reason);
      return stopped ?? Promise.resolve();
    },
  };
}

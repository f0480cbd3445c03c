/**
 * How a ServerClient reaches a server: any duplex byte stream that carries the protocol's NDJSON
 * lines. Here that is the server's Unix socket; for a remote host it is an ssh child's stdin and
 * stdout, relayed to the socket there by `hmux server --stdio` (src/server/transport-ssh.ts,
 * src/server/transport-relay.ts). The client writes lines, reads chunks, and learns when the
 * far end is gone — with the reason, when the transport can tell one (ssh's exit and stderr).
 */
import { connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Clock } from "../core/exec/ports.js";
import { ServerError } from "./errors.js";
import { checkServerDir, type ServerPaths } from "./paths.js";

export interface ServerTransport {
  /** What it leads to, as messages name it: the socket's path, or `ssh user@box`. */
  readonly label: string;
  /** The remote host the server runs on; null for this machine. */
  readonly host: string | null;
  write(text: string): void;
  onData(listener: (chunk: Uint8Array) => void): void;
  /** Called once, when the stream has ended; `failure` is the reason when the transport knows it. */
  onClose(listener: (failure: ServerError | null) => void): void;
  /** Ends the connection from this side. */
  close(): void;
}

/**
 * A transport over any duplex stream (a socket, a pair of pipes): no reason beyond the stream's own
 * error. The clock times the grace a far end gets to close after this side ended.
 */
export function duplexTransport(
  stream: Duplex,
  label: string,
  clock: Clock,
  host: string | null = null,
): ServerTransport {
  let lastError: Error | null = null;
  stream.on("error", (err) => {
    lastError = err;
  });
  return {
    label,
    host,
    write: (text) => {
      if (!stream.destroyed && stream.writable) stream.write(text);
    },
    onData: (listener) => stream.on("data", listener),
    onClose: (listener) => {
      // The far end is gone once nothing more can come from it: a socket closes, but a pair of
      // pipes may only end its reading side.
      let told = false;
      const tell = () => {
        if (told) return;
        told = true;
        listener(lastError ? new ServerError("unreachable", `${label}: ${lastError.message}`) : null);
      };
      stream.once("end", tell);
      stream.once("close", tell);
    },
    close: () => {
      stream.end();
      // A far end that never closes its side must not hold this process.
      clock.setTimeout(() => stream.destroy(), 1_000, { background: true });
    },
  };
}

/**
 * Connects to the server's socket: `no-server` when nothing listens there, `unsafe-dir` when its
 * directory is not private (the socket may be a stranger's, and the login would hand it the token).
 */
export function connectServerSocket(paths: ServerPaths, clock: Clock, timeoutMs = 10_000): Promise<Socket> {
  try {
    for (const dir of [paths.parent, paths.dir]) checkIfPresent(dir);
  } catch (err) {
    return Promise.reject(err);
  }
  return new Promise((resolve, reject) => {
    const socket = connect(paths.socket);
    const timer = clock.setTimeout(() => {
      socket.destroy();
      reject(
        new ServerError("unreachable", `the hmux server at ${paths.socket} did not accept within ${timeoutMs} ms`),
      );
    }, timeoutMs);
    const onError = (err: NodeJS.ErrnoException) => {
      clock.clearTimeout(timer);
      const none = err.code === "ENOENT" || err.code === "ECONNREFUSED";
      reject(
        new ServerError(
          none ? "no-server" : "unreachable",
          none ? `no hmux server is running (nothing listens on ${paths.socket})` : `${paths.socket}: ${err.message}`,
        ),
      );
    };
    socket.once("error", onError);
    socket.once("connect", () => {
      clock.clearTimeout(timer);
      socket.removeListener("error", onError);
      resolve(socket);
    });
  });
}

function checkIfPresent(dir: string): void {
  try {
    checkServerDir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
}

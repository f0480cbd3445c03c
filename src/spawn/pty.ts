/**
 * The pty spawner, for native terminal panes (and for proving the pty path decodes the same
 * events). Differences from pipes that callers must know: stderr is merged into stdout, the
 * terminal echoes what we write, lines end in \r\n, canonical mode cuts input lines at 4095
 * bytes, and stdin cannot be closed — "close" sends one EOF (^D) instead.
 */

import type { IPty } from "@lydell/node-pty";
import type { ChildProcessHandle, ExitStatus, Signal, Spawner, SpawnRequest } from "../core/exec/ports.js";
import { invariant } from "../core/invariant.js";
import { ChunkFanout, signalGroup } from "./fanout.js";
import { nodePty } from "./node-pty-module.js";
import { failedHandle, spawnErrorText } from "./pipes.js";
import { holdTerminal } from "./pty-hold.js";

const SIGNAL_NAMES: Record<number, string> = { 1: "SIGHUP", 2: "SIGINT", 9: "SIGKILL", 15: "SIGTERM" };
const EOF = "\x04";

export function createPtySpawner(): Spawner {
  return { kind: "pty", spawn: spawnOnPty };
}

function spawnOnPty(request: SpawnRequest): ChildProcessHandle {
  const output = new ChunkFanout();
  const [file, ...args] = request.argv;
  let pty: IPty;
  try {
    invariant(file, "a spawn request names its program");
    pty = nodePty().spawn(file, args, {
      name: request.env.TERM ?? "xterm-256color",
      cols: request.cols ?? 120,
      rows: request.rows ?? 40,
      cwd: request.cwd,
      env: { ...request.env },
      encoding: null, // raw bytes: the line splitter owns UTF-8 decoding
    });
  } catch (err) {
    return failedHandle(spawnErrorText(err, file, request.cwd));
  }

  let done = false;
  const release = holdTerminal(pty.pid, (pty as { ptsName?: string }).ptsName);
  // With encoding null node-pty hands out Buffers, though its typings say string.
  pty.onData((data: string | Uint8Array) =>
    output.emit(typeof data === "string" ? new TextEncoder().encode(data) : data),
  );
  const exited = new Promise<ExitStatus>((resolve) => {
    pty.onExit(({ exitCode, signal }) => {
      done = true;
      release();
      const signalName = signal ? (SIGNAL_NAMES[signal] ?? `signal ${signal}`) : null;
      resolve({ code: signalName ? null : exitCode, signal: signalName });
    });
  });
  if (request.stdin === "close") sendEofUntilExit(pty, () => done);

  return {
    pid: pty.pid,
    onStdout: (listener) => output.listen(listener),
    onStderr: () => undefined, // merged into stdout by the terminal
    write(data: string): Promise<boolean> {
      if (done) return Promise.resolve(false);
      try {
        pty.write(data);
        return Promise.resolve(true);
      } catch {
        return Promise.resolve(false);
      }
    },
    endStdin() {
      if (!done) sendEofUntilExit(pty, () => done);
    },
    kill(signal: Signal) {
      // forkpty makes the child a session (and group) leader.
      if (!done) signalGroup(pty.pid, signal);
    },
    pause: () => pty.pause(),
    resume: () => pty.resume(),
    exited,
  };
}

/**
 * A closed stdin means every read sees end-of-file. A ^D written while the child is still
 * setting up its terminal is discarded with the pending input (measured: 3 in 10 runs under
 * load lost it and hung), so the first goes after a short settle and is repeated while the
 * child lives, a bounded number of times.
 */
const EOF_SETTLE_MS = 50;
const EOF_REPEAT_MS = 1_000;
const EOF_REPEATS = 10;

function sendEofUntilExit(pty: { write(data: string): void }, exited: () => boolean): void {
  let sent = 0;
  const send = (): void => {
    if (exited() || sent >= EOF_REPEATS) return;
    sent += 1;
    try {
      pty.write(EOF);
    } catch {
      return; // the terminal is gone: nothing left to tell
    }
    setTimeout(send, EOF_REPEAT_MS).unref();
  };
  setTimeout(send, EOF_SETTLE_MS).unref();
}

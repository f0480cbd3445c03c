/**
 * The pty a native pane drives: the small surface NativeTerminal needs (resize and flow
 * control on top of H5's spawner's read/write), so tests can substitute a scripted one.
 */
import * as nodePty from "@lydell/node-pty";

export interface PtyExit {
  readonly code: number | null;
  readonly signal: number | null;
}

export interface PtyProcess {
  readonly pid: number;
  onData(listener: (chunk: Uint8Array) => void): void;
  onExit(listener: (exit: PtyExit) => void): void;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Stop reading (the child blocks once the kernel buffer fills): backpressure. */
  pause(): void;
  resume(): void;
  /** Signal the whole process group (a harness's children die with it). */
  kill(signal: "SIGHUP" | "SIGTERM" | "SIGKILL"): void;
}

export interface PtySpawnRequest {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cols: number;
  readonly rows: number;
}

export type PtyFactory = (request: PtySpawnRequest) => PtyProcess;

export const spawnPty: PtyFactory = (request) => {
  const [file, ...args] = request.argv;
  if (!file) throw new Error("native pane: empty command");
  const pty = nodePty.spawn(file, args, {
    name: request.env.TERM ?? "xterm-256color",
    cols: Math.max(1, request.cols),
    rows: Math.max(1, request.rows),
    cwd: request.cwd,
    env: { ...request.env },
    encoding: null, // raw bytes: xterm decodes UTF-8 across chunk boundaries itself
  });
  let exited = false;
  pty.onExit(() => {
    exited = true;
  });
  return {
    pid: pty.pid,
    // With encoding null node-pty hands out Buffers, though its typings say string.
    onData: (listener) => void pty.onData((d: string | Uint8Array) => listener(typeof d === "string" ? Buffer.from(d, "utf8") : d)),
    onExit: (listener) => void pty.onExit(({ exitCode, signal }) => listener({ code: signal ? null : exitCode, signal: signal || null })),
    write: (data) => {
      if (!exited) pty.write(data);
    },
    resize: (cols, rows) => {
      if (!exited) pty.resize(Math.max(1, cols), Math.max(1, rows));
    },
    pause: () => pty.pause(),
    resume: () => pty.resume(),
    kill: (signal) => {
      if (exited) return;
      try {
        process.kill(-pty.pid, signal); // forkpty made the child a group leader
      } catch {
        try {
          process.kill(pty.pid, signal);
        } catch {
          // ESRCH: already gone
        }
      }
    },
  };
};

/**
 * The pty a native pane drives: the small surface NativeTerminal needs (resize and flow
 * control on top of the pty spawner's read/write), so tests can substitute a scripted one.
 * The real one lives with the other spawners, in src/spawn/native-pty.ts; a pane in src/native drives it.
 */

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

/**
 * The only doors from the core to the outside world. The core never imports a process,
 * pty or socket module: the real implementations live in src/spawn and are injected.
 */
export type Signal = "SIGTERM" | "SIGKILL" | "SIGINT";

export interface SpawnRequest {
  readonly argv: readonly string[];
  readonly cwd: string;
  /** The whole environment for the child: nothing is inherited implicitly. */
  readonly env: Readonly<Record<string, string>>;
  /** "pipe" keeps stdin open for a protocol; "close" gives the child EOF at once. */
  readonly stdin: "pipe" | "close";
  /** Terminal size for pty spawners; ignored by pipes. */
  readonly cols?: number;
  readonly rows?: number;
}

export interface ChildProcessHandle {
  readonly pid: number | undefined;
  /** Raw stdout bytes (a pty merges stderr into it). */
  onStdout(listener: (chunk: Uint8Array) => void): void;
  onStderr(listener: (chunk: Uint8Array) => void): void;
  /** Write to stdin. Resolves false when the pipe is broken. */
  write(data: string): Promise<boolean>;
  endStdin(): void;
  /** Signal the child's whole process group (its wrapper's children die with it). */
  kill(signal: Signal): void;
  /** Settles once the process exited AND its output streams are drained (or abandoned). */
  readonly exited: Promise<ExitStatus>;
  /**
   * Backpressure (optional): stop reading the child's output until resume(); the child then
   * blocks on a full pipe instead of hmux buffering without bound.
   */
  pause?(): void;
  resume?(): void;
}

export interface ExitStatus {
  readonly code: number | null;
  readonly signal: string | null;
  /** Set when the process could not be started at all (ENOENT, EACCES …). */
  readonly spawnError?: string;
}

export interface Spawner {
  readonly kind: "pipe" | "pty";
  spawn(request: SpawnRequest): ChildProcessHandle;
}

export interface TimerOptions {
  /** The timer alone does not keep the process alive (a grace that must not hold a stopped server). */
  readonly background?: boolean;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number, options?: TimerOptions): unknown;
  clearTimeout(handle: unknown): void;
}

/** Wall time and a wait that blocks the thread, for the few waits that must stay synchronous (a file lock's retry). */
export interface BlockingClock {
  now(): number;
  /** Blocks for `ms`: short waits between tries, never in a hot loop. */
  sleepSync(ms: number): void;
}

/** File writes the execution layer needs (isolated config dirs); injected like spawning. */
export interface FileSystemPort {
  /** Creates missing parent folders (0700); the file is 0600, or `mode` (e.g. 0o755 for a hook script) when given. */
  writeFile(path: string, content: string, mode?: number): Promise<void>;
  /** Creates the folder and its missing parents, each 0700. */
  mkdir(path: string): Promise<void>;
  makeTempDir(prefix: string): Promise<string>;
  removeDir(path: string): Promise<void>;
}

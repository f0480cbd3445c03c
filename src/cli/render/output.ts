/**
 * hmux's stdout/stderr, with a broken pipe treated as "the reader left", not as a crash:
 * `hmux run … --json | head -n 5` must stop the harness and exit cleanly.
 */
export interface Output {
  /** Write to stdout; false once the reader has gone away. */
  out(text: string): boolean;
  err(text: string): void;
  readonly broken: boolean;
  /** stdout's buffer is over its high-water mark: wait for drain() before writing more. */
  readonly needsDrain: boolean;
  /** Resolves once stdout has flushed everything written (or broke). */
  drain(): Promise<void>;
  /** Called once when stdout breaks (EPIPE). */
  onBroken(listener: () => void): void;
}

export function processOutput(
  stdout: NodeJS.WriteStream = process.stdout,
  stderr: NodeJS.WriteStream = process.stderr,
): Output {
  let broken = false;
  const listeners: (() => void)[] = [];
  const markBroken = () => {
    if (broken) return;
    broken = true;
    for (const l of listeners.splice(0)) l();
  };
  stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") markBroken();
    else markBroken(); // any stdout failure means nobody can read us: stop the same way
  });
  stderr.on("error", () => undefined);
  return {
    out(text) {
      if (broken) return false;
      stdout.write(text);
      return !broken;
    },
    err(text) {
      if (!stderr.destroyed) stderr.write(text);
    },
    get broken() {
      return broken;
    },
    get needsDrain() {
      return !broken && stdout.writableNeedDrain;
    },
    drain() {
      if (broken || stdout.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        // Whichever comes first; the other two listeners go too, or a long stream of drains would pile them up.
        const done = () => {
          stdout.off("drain", done);
          stdout.off("error", done);
          stdout.off("close", done);
          resolve();
        };
        stdout.on("drain", done);
        stdout.on("error", done);
        stdout.on("close", done);
      });
    },
    onBroken(listener) {
      if (broken) listener();
      else listeners.push(listener);
    },
  };
}

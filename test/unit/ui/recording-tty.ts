/** A terminal's output stream for a renderer under test: a TTY of the given size that keeps every write. */
import { Writable } from "node:stream";

export function recordingTty(columns: number, rows: number): { out: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const out = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _enc, cb) {
        written.push(String(chunk));
        cb();
      },
    }),
    { columns, rows, isTTY: true },
  ) as unknown as NodeJS.WriteStream;
  return { out, written };
}

/**
 * Takes terminal reports out of what Ink reads from stdin (the stream useStdin exposes): each read
 * is cut before every ESC, as Ink's parser cuts it, `take` keeps what is not a report, and what is
 * left goes on to Ink unchanged. The mouse wheel and focus reporting both read this way.
 */

export type Read = (size?: number) => string | Buffer | null;

/** Wraps `stdin.read` with `take` (one piece in, what is not a report out); returns the undo. */
export function filterStdinReads(stdin: { read: Read }, take: (piece: string) => string): () => void {
  const original = stdin.read;
  /** One read with the reports taken out; null when it held nothing else. */
  const strip = (chunk: string): string | null => {
    let rest = "";
    for (const piece of chunk.split(/(?=\u001b)/)) rest += take(piece);
    return rest === "" ? null : rest;
  };
  const filtered: Read = function (this: unknown, size) {
    // A read of reports alone is skipped, so Ink's read loop goes on to what follows it.
    for (;;) {
      const chunk = original.call(this, size);
      if (chunk === null) return null;
      const rest = strip(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
      if (rest !== null) return rest;
    }
  };
  stdin.read = filtered;
  return () => {
    if (stdin.read === filtered) stdin.read = original;
  };
}

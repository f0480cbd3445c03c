/**
 * `hmux decode`'s reading loop: chunk in, lines out, events written before the next chunk is read.
 * Nothing is held but the line being assembled (bounded by the line splitter) and one chunk's
 * output, so memory does not grow with the input, a live pipe (`claude … | hmux decode claude -`)
 * shows events as its lines arrive, and a slow reader slows the reading: the loop awaits stdout's
 * drain before it pulls another chunk. A reader that leaves (`| head -n 5`) ends the loop at the
 * next write.
 */
import type { HarnessEvent } from "../core/events.js";
import { LineSplitter, type LineSplitterOptions } from "../core/line-splitter.js";
import type { RecordedTurn } from "../core/recorded-turn.js";
import type { Output } from "./render/output.js";
import { UsageError } from "./usage-error.js";

export interface DecodeSource {
  /** The name errors and warnings use: a path, or "stdin". */
  readonly name: string;
  readonly chunks: AsyncIterable<Uint8Array>;
}

function serialize(events: readonly HarnessEvent[], into: string): string {
  let out = into;
  for (const event of events) out += `${JSON.stringify(event)}\n`;
  return out;
}

/**
 * Feeds one recorded stream through the turn, writing each chunk's events as one write.
 * Returns false once stdout's reader has gone (the caller stops reading anything more).
 */
export async function pumpStream(
  turn: RecordedTurn,
  stream: "stdout" | "stderr",
  source: DecodeSource,
  output: Output,
  bound: LineSplitterOptions = {},
): Promise<boolean> {
  const splitter = new LineSplitter(bound);
  let lineNumber = 0;
  let warned = false;
  const decode = (items: ReturnType<LineSplitter["push"]>): string => {
    let text = "";
    for (const item of items) {
      lineNumber++;
      if (item.kind === "oversized") {
        const what = `a line of ${item.bytes} bytes (line ${lineNumber}), over hmux's ${item.limit}-byte line bound`;
        text = serialize(turn.discarded(stream, what), text);
        continue;
      }
      if (item.invalidUtf8 && !warned) {
        warned = true;
        output.err(`hmux decode: ${source.name} holds invalid UTF-8; the bad bytes were replaced with U+FFFD\n`);
      }
      text = serialize(stream === "stdout" ? turn.stdout(item.text) : turn.stderr(item.text), text);
    }
    return text;
  };
  const write = async (text: string): Promise<boolean> => {
    if (text !== "" && !output.out(text)) return false;
    if (output.needsDrain) await output.drain();
    return !output.broken;
  };
  const chunks = source.chunks[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const next = await readNext(chunks, source.name);
      if (next.done) break;
      if (!(await write(decode(splitter.push(next.value))))) return false;
    }
    finished = true;
  } finally {
    // The reader went (or decoding threw): close the source, so a file is not read to its end.
    if (!finished) await chunks.return?.();
  }
  return write(decode(splitter.end()));
}

/** A read failure is the input's fault (exit 2); anything the decoding throws is not. */
async function readNext(chunks: AsyncIterator<Uint8Array>, name: string): Promise<IteratorResult<Uint8Array>> {
  try {
    return await chunks.next();
  } catch (err) {
    throw new UsageError(
      `cannot read ${name}: ${(err as Error).message}`,
      "pass a recorded stream file, or - for stdin",
    );
  }
}

/** The turn's conclusion (ending in `done`), written; the `done` it ended with. */
export async function finishTurn(
  turn: RecordedTurn,
  exitCode: number | null,
  output: Output,
): Promise<HarnessEvent | undefined> {
  const events = turn.end(exitCode);
  output.out(serialize(events, ""));
  if (output.needsDrain) await output.drain();
  return events.at(-1);
}

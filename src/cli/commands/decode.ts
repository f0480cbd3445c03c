/**
 * `hmux decode <harness> [file|-] [--exit-code N] [--stderr FILE]`: a recorded one-shot turn's
 * stdout → HarnessEvent NDJSON ending with the `done` that stream implies, so a recorded
 * turn's end can be checked without re-running it. Exits as `hmux run` would have for that turn:
 * 0 when the `done` is clean or awaiting-input, 1 for any other end, 2 for bad input.
 * It streams (src/cli/decode-stream.ts): events are written as their lines are read, so it also
 * follows a live pipe, and memory stays flat whatever the recording's size.
 */
import { type FileHandle, open } from "node:fs/promises";
import { hmuxExitCode } from "../../core/conclude.js";
import { RecordedTurn } from "../../core/recorded-turn.js";
import type { CommandRuntime } from "../command-line.js";
import { type DecodeSource, finishTurn, pumpStream } from "../decode-stream.js";
import { lineBoundFromEnv } from "../line-bound.js";
import { UsageError } from "../usage-error.js";

// 64 KiB reads (a pipe's size too): larger ones measured slower and bigger (npm run bench -- decode).
const CHUNK_BYTES = 64 * 1024;

/**
 * A file's bytes, one read each time the loop asks for more, so the reading waits on the writing. Read
 * by hand rather than through fs.createReadStream: Node's read streams are a module of their own whose
 * loading was a tenth of a small decode's start-up over `node -e 0` (npm run bench -- startup).
 */
async function* fileChunks(handle: FileHandle): AsyncGenerator<Uint8Array> {
  try {
    for (;;) {
      // A fresh buffer each time: the line splitter may keep a view of the last one's unfinished line.
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield chunk.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/** Opens a recording to stream it; a missing or unreadable path is refused before anything is written. */
async function openSource(path: string, stdin: NodeJS.ReadableStream): Promise<DecodeSource> {
  if (path === "-") return { name: "stdin", chunks: stdin as AsyncIterable<Uint8Array> };
  try {
    return { name: path, chunks: fileChunks(await open(path, "r")) };
  } catch (err) {
    throw new UsageError(
      `cannot read ${path}: ${(err as Error).message}`,
      "pass a recorded stream file, or - for stdin",
    );
  }
}

/** Decoding needs the named harness's decoder and nothing that starts a process: no app context is built. */
export async function decodeAction(
  run: CommandRuntime,
  harnessArg: string,
  file: string,
  flags: { exitCode?: number; stderr?: string; escalateQuestions?: boolean },
): Promise<void> {
  const context = await run.harnesses();
  const harness = await context.decoding(harnessArg);
  const bound = lineBoundFromEnv(context.env);
  const { output } = context;
  const stdout = await openSource(file, context.input);
  const stderr = flags.stderr === undefined ? undefined : await openSource(flags.stderr, context.input);
  const turn = new RecordedTurn(harness.createDecoder(), {
    escalateQuestions: flags.escalateQuestions !== false,
    matchers: harness.matchers,
  });
  // The reader left (`| head`): nothing more to say, and no failure of the turn's.
  if (!(await pumpStream(turn, "stdout", stdout, output, bound))) return;
  if (stderr && !(await pumpStream(turn, "stderr", stderr, output, bound))) return;
  const done = await finishTurn(turn, flags.exitCode ?? null, output);
  process.exitCode = done?.kind === "done" ? hmuxExitCode(done) : 1;
}

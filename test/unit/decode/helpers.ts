import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { type DecodeRecordedOptions, decodeRecorded } from "../../../src/core/decode-recorded.js";
import type { DecoderContext, StreamDecoder } from "../../../src/core/decoder.js";
import type { EventOf, HarnessEvent, HarnessEventKind } from "../../../src/core/events.js";
import type { HarnessName } from "../../../src/core/harness-names.js";

/** In-repo copy of the reference project's recorded streams (see hcn-fixtures/ORIGIN.md). */
export const HCN_FIXTURES = join(import.meta.dirname, "hcn-fixtures");
/** The shared original, next to the repository, when present. */
export const SHARED_HCN_FIXTURES = join(import.meta.dirname, "..", "..", "..", "..", "shared", "fixtures", "hcn");
export const DOC_FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "doc-derived");

export function decoderFor(harness: HarnessName, context: DecoderContext = {}): StreamDecoder {
  return builtinRegistry.get(harness).createDecoder(context);
}

/** Decodes a recorded stdout file (and its .stderr sibling when present) to the full event list. */
export function decodeFile(
  harness: HarnessName,
  path: string,
  exitCode: number | null,
  opts: DecodeRecordedOptions = {},
): HarnessEvent[] {
  const stderrPath = path.replace(/\.ndjson$/, ".stderr");
  const stderr = opts.stderr ?? (existsSync(stderrPath) ? readFileSync(stderrPath, "utf8") : undefined);
  return decodeRecorded(decoderFor(harness), readFileSync(path, "utf8"), exitCode, {
    ...opts,
    ...(stderr !== undefined ? { stderr } : {}),
  });
}

/** Decodes lines given inline (synthetic records modelled on documented texts). */
export function decodeLines(
  harness: HarnessName,
  lines: readonly (string | object)[],
  exitCode: number | null = 0,
  opts: DecodeRecordedOptions & { context?: DecoderContext } = {},
): HarnessEvent[] {
  const text = lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n");
  return decodeRecorded(decoderFor(harness, opts.context), text, exitCode, opts);
}

export function ofKind<K extends HarnessEventKind>(events: readonly HarnessEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

export function done(events: readonly HarnessEvent[]): EventOf<"done"> {
  const all = ofKind(events, "done");
  if (all.length !== 1) throw new Error(`expected exactly one done, got ${all.length}`);
  if (events[events.length - 1]?.kind !== "done") throw new Error("done is not the last event");
  return all[0]!;
}

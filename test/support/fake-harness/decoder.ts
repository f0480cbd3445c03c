/** claude's stream-json decoder, with mimic's name on the identity it announces. */
import { createDecoder as createClaudeDecoder } from "../../../src/adapters/claude/decode.js";
import type { DecoderContext, StreamDecoder } from "../../../src/core/decoder.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import { descriptor } from "./descriptor.js";

const ownName = (events: HarnessEvent[]): HarnessEvent[] =>
  events.map((e) => (e.kind === "identity" ? { ...e, harness: descriptor.name } : e));

export function createMimicDecoder(context: DecoderContext = {}): StreamDecoder {
  const inner = createClaudeDecoder(context);
  return {
    record: (record) => ownName(inner.record(record)),
    text: (line, stream) => ownName(inner.text(line, stream)),
    end: () => ownName(inner.end()),
    incompleteTurn: () => inner.incompleteTurn?.(),
  };
}

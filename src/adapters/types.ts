import type { TurnRequest } from "../core/argv/types.js";
import type { DecoderContext, StreamDecoder } from "../core/decoder.js";
import type { HarnessName } from "../core/harness-names.js";

export type { Invocation, PlannedFile } from "../core/exec/invocation.js";

import type { Invocation } from "../core/exec/invocation.js";

export interface HarnessAdapterCore {
  readonly name: HarnessName;
  createDecoder(context?: DecoderContext): StreamDecoder;
}

/**
 * One harness, composed: its frozen facts, its planner (options → Invocation, refusing what it
 * cannot express) and its stream decoder. Built by src/adapters/registry.ts.
 */
export interface HarnessAdapter extends HarnessAdapterCore {
  readonly descriptor: import("../core/descriptor.js").HarnessDescriptor;
  /** Failure wording for classifying an unexplained non-zero exit (shared + harness extras). */
  readonly matchers: import("../core/classify.js").MatcherSet;
  /** Pure: resolved options and run inputs → argv/env/files; throws RefusalError. */
  planTurn(input: TurnRequest): Invocation;
}

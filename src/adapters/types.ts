import type { StreamDecoder, DecoderContext } from "../core/decoder.js";
import type { HarnessName } from "../core/harness-names.js";

/** A file the adapter needs written before spawn (isolated config, models.json, hooks). */
export interface PlannedFile { readonly path: string; readonly content: string; readonly mode?: number }

/**
 * Everything needed to start one harness process, computed purely from resolved options.
 * argv[0] is the descriptor's binary name; the execution layer resolves it to a path.
 */
export interface Invocation {
  readonly argv: readonly string[];
  /** Environment changes over the base env; null deletes a key. */
  readonly env: Readonly<Record<string, string | null>>;
  readonly files: readonly PlannedFile[];
  /** "close": EOF at once (codex exec and pi -p hang otherwise); "pipe": a protocol needs it. */
  readonly stdin: "close" | "pipe";
  /** Data written to stdin before it is closed (claude's large-prompt transport). */
  readonly stdinData?: string;
  /** JSON protocols belong on pipes; the pty is for native terminal panes. */
  readonly transport: "pipe" | "pty";
  /** Directories to create before spawn (CODEX_HOME must exist); parents of `files` are created anyway. */
  readonly dirs?: readonly string[];
}

export interface HarnessAdapterCore {
  readonly name: HarnessName;
  createDecoder(context?: DecoderContext): StreamDecoder;
}

/**
 * One harness, composed: its frozen facts, its planner (options → Invocation, refusing what it
 * cannot express) and its stream decoder. Built by src/adapters/registry.ts.
 */
export interface HarnessAdapter<PlanInput = unknown> extends HarnessAdapterCore {
  readonly descriptor: import("../core/descriptor.js").HarnessDescriptor;
  /** Failure wording for classifying an unexplained non-zero exit (shared + harness extras). */
  readonly matchers: import("../core/classify.js").MatcherSet;
  /** Pure: resolved options and run inputs → argv/env/files; throws RefusalError. */
  planTurn(input: PlanInput): Invocation;
}

/**
 * The contract between an adapter's planner and the execution layer: what to start and how.
 * The core owns it because the core consumes it; adapters produce it.
 */
/** A file the adapter needs written before spawn (isolated config, models.json, hooks). */
export interface PlannedFile {
  readonly path: string;
  readonly content: string;
  readonly mode?: number;
}

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

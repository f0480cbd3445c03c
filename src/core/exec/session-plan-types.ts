import type { HarnessOptions, TurnOptions } from "../options/types.js";
import type { SpawnRequest } from "./ports.js";

/**
 * What a caller asks of a session before the adapter turns it into a spawn and a bridge.
 * Pure data; each adapter's session planner reads it (src/adapters/<h>/session-plan.ts).
 */
export interface SessionRequest {
  /** Caller-side id; claude uses it as its own session id on a fresh start. */
  readonly sessionId: string;
  readonly cwd: string;
  /** The base environment the child gets (nothing is inherited implicitly). */
  readonly env: Readonly<Record<string, string>>;
  /** A directory the adapter may use for isolated homes and config (created by the caller). */
  readonly stateDir: string;
  /** Isolate HOME and the harness's config dir under stateDir. */
  readonly isolate: boolean;
  /** Base URL of an OpenAI/Anthropic-compatible http(s) endpoint (a gateway, or the scripted model). */
  readonly endpoint?: string;
  readonly model?: string;
  readonly effort?: string;
  /** The access preset, for a harness whose session renders it (through its own settings or its tools). */
  readonly access?: TurnOptions["access"];
  /** The harness's own settings (its section of the launch's harnessOptions), for its planner and bridge. */
  readonly harnessOptions?: HarnessOptions;
  /** The per-turn inactivity budget; a harness that also times out a silent stream uses the same. */
  readonly stallSeconds?: number;
  /** The harness's own session/thread id to continue. */
  readonly resume?: string;
  /** Path of the harness binary (argv[0]); defaults to its plain name on PATH. */
  readonly binary?: string;
  /**
   * How long hmux gives a decider before it denies. A harness whose own approval timeout
   * hmux sets (pi's gate) is given more than this, so hmux's deadline stays the one that fires.
   */
  readonly decisionBudgetMs?: number;
}

/** Files to write before spawning (config, extensions); the caller writes them. */
export interface SessionFile {
  readonly path: string;
  readonly content: string;
}

/** What a session's spawn needs beyond the launch's settings (those come from its turn request). */
export interface SessionSpawnInput {
  readonly sessionId: string;
  readonly cwd: string;
  /** The base environment the child gets (nothing is inherited implicitly). */
  readonly env: Readonly<Record<string, string>>;
  /** The harness's own session/thread id to continue. */
  readonly resume?: string;
  /** Path of the harness binary (argv[0]); defaults to its plain name on PATH. */
  readonly binary?: string;
  /** How long hmux gives a decider before it denies (SessionRequest.decisionBudgetMs). */
  readonly decisionBudgetMs?: number;
}

/** A session's spawn: the process, the files to write first and the dirs to make first (0700). */
export interface SessionSpawnPlan {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
  readonly dirs: readonly string[];
}

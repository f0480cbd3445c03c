import type { HarnessDescriptor } from "../descriptor.js";
import type { Invocation } from "../exec/invocation.js";
import type { RunInputs, TurnOptions } from "../options/types.js";

/** Facts about the machine hmux runs on that change the argv (read by the CLI, passed in). */
export interface HostFacts {
  /** Running as root: claude refuses its bypass modes unless IS_SANDBOX=1. */
  readonly isRoot?: boolean;
  /** The environment the child would inherit, to keep a real key instead of a dummy. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Everything planTurn needs: the EFFECTIVE options after resolution, and the run's inputs. */
export interface TurnRequest {
  readonly options: TurnOptions;
  readonly inputs: RunInputs;
  /** The composed prompt (question preamble + the user's prompt) exactly as the harness gets it. */
  readonly prompt: string;
  /**
   * An isolated per-session directory the execution layer created. When present, HOME and
   * every harness config dir point below it (and endpoint config files are written there).
   */
  readonly stateDir?: string;
  readonly host?: HostFacts;
}

/** An Invocation plus the directories to create before spawn (CODEX_HOME must exist). */
export interface PlannedInvocation extends Invocation {
  readonly dirs: readonly string[];
}

/** What a harness renderer adds between the grammar head and the prompt. */
export interface RenderedOptions {
  readonly flags: readonly string[];
  readonly env: Readonly<Record<string, string | null>>;
  readonly files: Invocation["files"];
  readonly dirs: readonly string[];
}

export interface PlanContext {
  readonly self: HarnessDescriptor;
  readonly all: readonly HarnessDescriptor[];
  readonly request: TurnRequest;
  /** Resuming by id or by most-recent: resume grammar, no launch-only options. */
  readonly resuming: boolean;
}

export type OptionRenderer = (ctx: PlanContext) => RenderedOptions;

/**
 * How the TUI starts a session: it asks the server that will run it. `plan` is the server's
 * dry run of the launch decision (nothing spawns): its refusals, or the settings the session
 * would get and which tier said so. `launch` starts it. Both are asked through the store's
 * effects, never from render code, so a dialog only shows what the server answered.
 */
import type { ResolvedSettingView, SessionPort } from "./session-port.js";

export interface NewSessionRequest {
  readonly harness: string;
  readonly model?: string;
  readonly effort?: string;
  readonly cwd?: string;
  readonly endpoint?: string;
  readonly prompt?: string;
  /** Its own git worktree: true (a generated name), a name, false (none, whatever the config says). */
  readonly worktree?: boolean | string;
  /** Each harness's own settings, by harness then key (`{codex: {sandbox: "read-only"}}`): the server checks them. */
  readonly harnessOptions?: Readonly<Record<string, Readonly<Record<string, string | number | boolean>>>>;
}

/**
 * One setting of a harness's own, as the server's plan names it from the harness module's option
 * spec: a dialog draws a field for each, knowing no harness itself.
 */
export interface HarnessField {
  readonly key: string;
  /** Its command-line spelling (`--codex-sandbox`). */
  readonly flag: string;
  readonly describe: string;
  /** What it accepts, in words. */
  readonly allowed: string;
  /** How the field's text becomes the value sent. */
  readonly kind: "string" | "integer" | "boolean";
  /** The values it takes, when they are a closed set of words. */
  readonly choices?: readonly string[];
}

/** One reason the server would not start a request, with what would work instead. */
export interface PlanRefusal {
  readonly message: string;
  readonly hint?: string;
  /** The refusal's kind (unknown-harness, invalid-option-value, …), when the pipeline named one. */
  readonly issue?: string;
  readonly supported?: readonly string[];
}

/** The server's answer to a plan: what the session would be, or why it would not start. */
export type PlanVerdict =
  | {
      readonly ok: true;
      readonly harness: string;
      readonly cwd: string;
      readonly settings: readonly ResolvedSettingView[];
      /** Lines worth saying before it starts (an untrusted project's settings not taken, a binary fallback). */
      readonly notes: readonly string[];
      /** The harness's own settings, a field each. */
      readonly fields?: readonly HarnessField[];
    }
  | {
      readonly ok: false;
      readonly refusals: readonly PlanRefusal[];
      /** The named harness's own settings when it exists, so a refused dialog still draws them. */
      readonly fields?: readonly HarnessField[];
    };

/** What the dialog's harness row offers: the names ←/→ steps through, and the one shown first. */
export interface HarnessChoices {
  readonly harnesses: readonly string[];
  readonly defaultHarness?: string;
}

export interface SessionLauncher {
  /** The harness the dialog offers first (the UI holds no harness names of its own). */
  readonly defaultHarness?: string;
  /** Where a session opens when the dialog's cwd is left empty (on the server's machine, for a remote one). */
  readonly defaultCwd?: string;
  /** The harnesses the dialog offers (←/→ steps through them), as the registry and config name them. */
  readonly harnesses?: readonly string[];
  /**
   * The server's list for the dialog, asked each time it opens (its registry at the TUI's folder,
   * a config's harness added since included); present, it stands for `harnesses` and `defaultHarness`.
   */
  offer?(): Promise<HarnessChoices>;
  /** The endpoint a session gets when the dialog's endpoint is left empty (the TUI's --endpoint). */
  readonly defaultEndpoint?: string;
  /** The server's dry run for the request; rejects only when the server could not be asked. */
  plan(request: NewSessionRequest): Promise<PlanVerdict>;
  launch(request: NewSessionRequest): Promise<SessionPort>;
}

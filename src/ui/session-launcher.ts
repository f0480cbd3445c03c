/**
 * How the new-session dialog starts a session. `validate` runs the core's planning and
 * refusals without spawning anything; `launch` spawns only after it passed.
 */
import type { SessionPort } from "./session-port.js";

export interface NewSessionRequest {
  readonly harness: string;
  readonly model?: string;
  readonly effort?: string;
  readonly cwd?: string;
  readonly endpoint?: string;
  readonly prompt?: string;
  /** Its own git worktree: true (a generated name), a name, false (none, whatever the config says). */
  readonly worktree?: boolean | string;
}

export type Validation =
  | { readonly ok: true; readonly notes?: readonly string[] }
  | {
      readonly ok: false;
      readonly message: string;
      readonly hint?: string;
      readonly issue?: string;
      readonly supported?: readonly string[];
    };

export interface SessionLauncher {
  /** The harness the dialog offers first (the UI holds no harness names of its own). */
  readonly defaultHarness?: string;
  /** Where a session opens when the dialog's cwd is left empty (on the server's machine, for a remote one). */
  readonly defaultCwd?: string;
  /** The harnesses the dialog offers (←/→ steps through them), as the registry and config name them. */
  readonly harnesses?: readonly string[];
  /** The endpoint a session gets when the dialog's endpoint is left empty (the TUI's --endpoint). */
  readonly defaultEndpoint?: string;
  validate(request: NewSessionRequest): Validation;
  launch(request: NewSessionRequest): Promise<SessionPort>;
}

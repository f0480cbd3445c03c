/**
 * The environment a harness is started with, for every entry point (`hmux run`, `hmux session`,
 * TUI panes, native panes): the user's own environment, as if they had started the harness
 * themselves (an agent's shell commands need it), less two things.
 *
 * - hmux's own variables (HMUX_*): hook and model-server tokens, binary overrides, tuning. An
 *   hmux started inside another hmux's pane inherits that pane's hook token, and no harness has
 *   any business holding it. What a harness needs of hmux's (a gate timeout, a pane's hook
 *   socket) its plan sets explicitly, after this.
 * - with a custom endpoint, the harness's own vendor credentials (its adapter's credentialEnv):
 *   the harness would send them to whatever server --endpoint names. The key for the endpoint
 *   is the one the user names for it, HMUX_ENDPOINT_API_KEY, kept in that case only.
 */

import { ENDPOINT_KEY_ENV } from "../argv/environment.js";

export { ENDPOINT_KEY_ENV } from "../argv/environment.js";

const HMUX_PREFIX = "HMUX_";

export interface HarnessEnvInput {
  /** hmux's own environment. */
  readonly host: Readonly<Record<string, string | undefined>>;
  /** The harness's vendor credential variables (its adapter's declaration). */
  readonly credentialEnv: readonly string[];
  /** The custom endpoint, when the launch has one. */
  readonly endpoint?: string | undefined;
}

export interface HarnessEnv {
  readonly env: Readonly<Record<string, string>>;
  /** Vendor credentials that were set and are withheld because of the endpoint, sorted. */
  readonly withheld: readonly string[];
}

/** Whether a variable is hmux's own, never passed on from hmux's environment. */
export function isHmuxInternal(name: string): boolean {
  return name.startsWith(HMUX_PREFIX);
}

export function harnessEnvironment(input: HarnessEnvInput): HarnessEnv {
  const endpoint = input.endpoint !== undefined;
  const credentials = new Set(endpoint ? input.credentialEnv : []);
  const env: Record<string, string> = {};
  const withheld: string[] = [];
  for (const [name, value] of Object.entries(input.host)) {
    if (value === undefined) continue;
    if (credentials.has(name)) {
      withheld.push(name);
      continue;
    }
    if (isHmuxInternal(name) && !(endpoint && name === ENDPOINT_KEY_ENV)) continue;
    env[name] = value;
  }
  return { env, withheld: withheld.sort() };
}

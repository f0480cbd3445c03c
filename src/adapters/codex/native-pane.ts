/**
 * codex's interactive UI in a native pane. Hooks go inline as `-c hooks.*` overrides with
 * `--dangerously-bypass-hook-trust` (hmux wrote those hooks itself), so nothing is written
 * into a user's own config; with an endpoint the pane asks before running (on-request).
 */
import { configOverride } from "../../core/argv/toml.js";
import type { NativePane } from "../adapter.js";
import { codexEndpointWiring } from "./endpoint.js";

/** The lifecycle events codex's hooks know, of those hmux's reporter understands. */
const CODEX_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "Stop",
];

/** codex `-c hooks.<Event>=[…]` overrides (TOML inline tables). */
export function codexHookFlags(command: (event: string) => string, events: readonly string[]): string[] {
  return CODEX_HOOK_EVENTS.filter((event) => events.includes(event)).flatMap((event) => [
    "-c",
    `hooks.${event}=[{matcher="*",hooks=[{type="command",command=${JSON.stringify(command(event))},timeout=10}]}]`,
  ]);
}

export const nativePane: NativePane = {
  hooks: true,
  interruptKey: "\u001b",
  plan(input) {
    const flags: string[] = [];
    const env: Record<string, string> = {};
    if (input.hookCommand)
      flags.push("--dangerously-bypass-hook-trust", ...codexHookFlags(input.hookCommand, input.hookEvents));
    if (input.endpoint) {
      const wiring = codexEndpointWiring({ url: input.endpoint, keySources: [input.hostEnv] });
      flags.push(...wiring.overrides, ...configOverride("approval_policy", "on-request"));
      Object.assign(env, wiring.env);
    }
    if (input.model) flags.push(...configOverride("model", input.model));
    return { flags, env, files: [] };
  },
};

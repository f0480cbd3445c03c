/**
 * claude's interactive UI in a native pane. Hooks go inline through `--settings` so nothing
 * is written into a user's own config; with an endpoint the isolated config dir gets the
 * first-run dialogs pre-answered, or the pane would stop at onboarding.
 */

import { endpointKeyOf } from "../../core/argv/environment.js";
import type { PlannedFile } from "../../core/exec/invocation.js";
import type { NativePane } from "../adapter.js";
import { claudeEndpointEnv } from "./endpoint.js";
import { pinned } from "./pinned.js";

/** claude `--settings` JSON: every lifecycle event reports; the hook never decides. */
export function claudeHookSettings(command: (event: string) => string, events: readonly string[]): string {
  const hooks: Record<string, unknown> = {};
  for (const event of events)
    hooks[event] = [{ matcher: "*", hooks: [{ type: "command", command: command(event), timeout: 10 }] }];
  return JSON.stringify({ hooks });
}

/** claude's first-run dialogs, pre-answered in an isolated config dir (probed on 2.1.197 and 2.1.332). */
export function claudeOnboarding(cwd: string, apiKey: string): string {
  return `${JSON.stringify(
    {
      hasCompletedOnboarding: true,
      lastOnboardingVersion: pinned.version,
      projects: { [cwd]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
      // claude asks once whether to use an ANTHROPIC_API_KEY; it remembers the key's last 20 chars.
      customApiKeyResponses: { approved: [apiKey.slice(-20)], rejected: [] },
    },
    null,
    2,
  )}\n`;
}

export const nativePane: NativePane = {
  hooks: true,
  interruptKey: "\u001b",
  plan(input) {
    const flags: string[] = [];
    const env: Record<string, string> = {};
    const files: PlannedFile[] = [];
    if (input.hookCommand) flags.push("--settings", claudeHookSettings(input.hookCommand, input.hookEvents));
    if (input.model) flags.push("--model", input.model);
    if (input.endpoint && input.home) {
      // 2.1.332 made auto mode (a classifier runs calls unasked) the default: ask, so its dialog can appear.
      flags.push("--permission-mode", "default");
      const endpointEnv = claudeEndpointEnv(input.endpoint, endpointKeyOf(input.hostEnv));
      Object.assign(env, endpointEnv);
      files.push({
        path: `${input.home}/.claude/.claude.json`,
        content: claudeOnboarding(input.cwd, endpointEnv.ANTHROPIC_API_KEY ?? "dummy"),
        mode: 0o600,
      });
    }
    return { flags, env, files };
  },
};

/**
 * Shared by `hmux`, `hmux tui` and `hmux demo`: reads the config's `ui` section (project
 * over user), builds the real launcher, opens the TUI and starts any requested panes.
 */

import { resolveConfigSettings } from "../core/config/settings.js";
import { type UiConfig, uiConfigFrom } from "../ui/config/ui-config.js";
import { type RunTuiOptions, runTui } from "../ui/run-tui.js";
import type { NewSessionRequest } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import { loadConfigFiles } from "./config-files.js";
import { withLazyNativeSessions } from "./native-launcher.js";
import { PaneLauncher, type PaneLauncherOptions } from "./pane-launcher.js";

export interface OpenTuiOptions {
  readonly cwd: string;
  readonly theme?: string;
  /** `--mouse`: wheel scrolling on, whatever the config says. */
  readonly mouse?: boolean;
  /** Panes to open at once; each is validated like the dialog's input. */
  readonly sessions?: readonly NewSessionRequest[];
  readonly launcher?: Partial<PaneLauncherOptions>;
  readonly env?: NodeJS.ProcessEnv;
  readonly extra?: Partial<RunTuiOptions>;
}

export function loadUiConfig(
  cwd: string,
  env: NodeJS.ProcessEnv,
  theme?: string,
  mouse?: boolean,
): { ui: UiConfig; files: ReturnType<typeof loadConfigFiles> } {
  const files = loadConfigFiles(cwd, env);
  // Project over user per key, through the trust rules: an untrusted repo cannot rebind the approve key.
  const resolved = resolveConfigSettings({
    user: files.user,
    project: files.project,
    projectTrust: files.projectTrust,
  }).ui;
  const ui = uiConfigFrom(resolved, { ...(theme ? { theme } : {}), ...(mouse ? { mouse } : {}) });
  return { ui, files };
}

/** Refuses before the TUI opens when a requested pane would be refused. */
export async function openTui(options: OpenTuiOptions): Promise<void> {
  const env = options.env ?? process.env;
  const { ui } = loadUiConfig(options.cwd, env, options.theme, options.mouse);
  const real = new PaneLauncher({ env, defaultCwd: options.cwd, ...options.launcher });
  // "shell" and "native <harness>" open native panes (src/ui/native); the rest is the real launcher.
  const native = withLazyNativeSessions(real);
  const launcher = native.launcher;
  try {
    const ports: SessionPort[] = [];
    for (const request of options.sessions ?? []) {
      const verdict = launcher.validate(request);
      if (!verdict.ok) {
        await Promise.allSettled(ports.map((p) => p.close()));
        throw new Error(`${request.harness}: ${verdict.message}${verdict.hint ? `\n  hint: ${verdict.hint}` : ""}`);
      }
      ports.push(await launcher.launch(request));
    }
    await runTui({ ports, launcher, config: ui, env, ...options.extra });
  } finally {
    await native.close();
  }
}

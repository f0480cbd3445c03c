/**
 * Shared by `hmux`, `hmux tui`, `hmux native` and `hmux demo`: reads the config's `ui` section
 * (project over user), builds the launcher from the composition root's context, opens the TUI
 * and starts any requested panes.
 */

import type { LoadedConfigs } from "../core/config/load.js";
import { resolveConfigSettings } from "../core/config/settings.js";
import { type UiConfig, uiConfigFrom } from "../ui/config/ui-config.js";
import { type RunTuiOptions, runTui } from "../ui/run-tui.js";
import type { NewSessionRequest } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import { createRacePort } from "./race-port.js";
import { createTuiLauncher, type TuiApp, type TuiLauncherSettings } from "./tui-launcher.js";

export interface OpenTuiOptions {
  /** The composition root's context: the registry, the ports, the environment. */
  readonly app: TuiApp;
  readonly cwd: string;
  readonly theme?: string;
  /** `--mouse`: wheel scrolling on, whatever the config says. */
  readonly mouse?: boolean;
  /** Panes to open at once; each is validated like the dialog's input. */
  readonly sessions?: readonly NewSessionRequest[];
  readonly launcher?: TuiLauncherSettings;
  readonly extra?: Partial<RunTuiOptions>;
}

/** The `ui` section of the config tiers, with the command line's theme and mouse over it. */
export function uiConfigOf(files: LoadedConfigs, theme?: string, mouse?: boolean): UiConfig {
  // Project over user per key, through the trust rules: an untrusted repo cannot rebind the approve key.
  const resolved = resolveConfigSettings({
    user: files.user,
    project: files.project,
    projectTrust: files.projectTrust,
  }).ui;
  return uiConfigFrom(resolved, { ...(theme ? { theme } : {}), ...(mouse ? { mouse } : {}) });
}

/** Refuses before the TUI opens when a requested pane would be refused. */
export async function openTui(options: OpenTuiOptions): Promise<void> {
  const { app } = options;
  const ui = uiConfigOf(app.launch.configFiles(options.cwd), options.theme, options.mouse);
  const tui = createTuiLauncher(app, options.cwd, options.launcher);
  const { launcher } = tui;
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
    // Races need git worktrees: without the workspace ports the race dialog says it cannot score.
    const race = app.workspace ? createRacePort(app.workspace) : undefined;
    await runTui({ ports, launcher, config: ui, env: app.env, ...(race ? { race } : {}), ...options.extra });
  } finally {
    await tui.close();
  }
}

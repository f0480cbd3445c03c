/**
 * The TUI's session launcher, built from the composition root's context: harness panes go
 * through the launch pipeline with the context's registry and ports (so a harness registered
 * there opens in a pane like a built-in one), and "shell" / "native <harness>" open native panes.
 */
import type { SessionLauncher } from "../ui/session-launcher.js";
import type { AppContext } from "./context.js";
import { withLazyNativeSessions } from "./native-launcher.js";
import { PaneLauncher, type PaneLauncherOptions } from "./pane-launcher.js";

/** The parts of the context a TUI uses. */
export type TuiApp = Pick<AppContext, "env" | "registry" | "launch" | "session"> &
  Partial<Pick<AppContext, "workspace">>;

/** What a command chooses for its panes; where harnesses and ports come from is the context's. */
export type TuiLauncherSettings = Omit<
  PaneLauncherOptions,
  "env" | "defaultCwd" | "registry" | "ports" | "session" | "workspace"
>;

export interface TuiLauncher {
  readonly launcher: SessionLauncher;
  /** Stops the native panes' hook server, if one was started. */
  close(): Promise<void>;
}

export function createTuiLauncher(app: TuiApp, cwd: string, settings: TuiLauncherSettings = {}): TuiLauncher {
  const panes = new PaneLauncher({
    ...settings,
    env: app.env,
    defaultCwd: cwd,
    registry: app.registry,
    ports: app.launch,
    session: app.session,
    ...(app.workspace ? { workspace: app.workspace } : {}),
  });
  return withLazyNativeSessions(panes, {
    registry: app.registry,
    launch: app.launch,
    hostEnv: app.env,
    clock: app.session.clock,
  });
}

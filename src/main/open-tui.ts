/**
 * Shared by `hmux`, `hmux tui`, `hmux native` and `hmux demo`: reads the config's `ui` section
 * (project over user), builds the launcher from the composition root's context, opens the TUI
 * and starts any requested panes.
 */

import type { LoadedConfigs } from "../core/config/load.js";
import { resolveConfigSettings } from "../core/config/settings.js";
import type { SessionSummary } from "../protocol/index.js";
import type { ServerClient } from "../server/client.js";
import { ATTACH_REPLAY, startBeforeMount } from "../tui-client/attach-ports.js";
import { attachServerNative, createServerNative } from "../tui-client/server-native-port.js";
import { ServerPanes } from "../tui-client/server-panes.js";
import { serverRacePort } from "../tui-client/server-race-port.js";
import { type UiConfig, UiConfigError, uiConfigFrom } from "../ui/config/ui-config.js";
import { type RunTuiOptions, runTui } from "../ui/run-tui.js";
import type { NewSessionRequest } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import { readConfigText } from "./config-file-reader.js";
import { withLazyNativeSessions } from "./native-launcher.js";
import { PaneLauncher, type PaneLauncherOptions } from "./pane-launcher.js";
import { localRacePort } from "./race-port.js";
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
  /**
   * The hmux server this TUI is a client of: harness panes are created there and outlive the
   * TUI, native panes and shells too. Closed when the TUI leaves.
   */
  readonly server?: ServerClient;
  /** Sessions already on the server to open as panes (`hmux attach`). */
  readonly attach?: readonly SessionSummary[];
  /**
   * Sessions already on the server that plain `hmux` found there: on the rail without a pane, the
   * first screen says so, and the reopen key opens each.
   */
  readonly held?: readonly SessionSummary[];
  /**
   * `--host`: the server is on that machine. Its panes are labelled with it, and a new pane is not
   * checked against this machine's directories and binaries (the server there refuses what it
   * cannot run). A lost connection to any server ends the TUI (`TuiExit.lost`).
   */
  readonly host?: string;
}

/** How the TUI ended: `lost` when the connection to its server closed under it (said by the caller). */
export interface TuiExit {
  readonly lost?: string;
}

/** The `ui` section of the config tiers, with the command line's theme and mouse over it. */
export function uiConfigOf(files: LoadedConfigs, theme?: string, mouse?: boolean): UiConfig {
  // Project over user per key, through the trust rules: an untrusted repo cannot rebind the approve key.
  const resolved = resolveConfigSettings({
    user: files.user,
    project: files.project,
    projectTrust: files.projectTrust,
  }).ui;
  try {
    return uiConfigFrom(resolved, { ...(theme ? { theme } : {}), ...(mouse ? { mouse } : {}) });
  } catch (err) {
    if (!(err instanceof UiConfigError)) throw err;
    // The keys are checked after the tiers merge: name every file that binds keys.
    const sources = [files.user?.ui?.keys ? files.userPath : null, files.project?.ui?.keys ? files.projectPath : null];
    const named = sources.filter((p): p is string => p !== null);
    throw named.length === 0 ? err : new UiConfigError(`${named.join(" and ")}: ${err.message}`);
  }
}

/** Refuses before the TUI opens when a requested pane would be refused. */
export async function openTui(options: OpenTuiOptions): Promise<TuiExit> {
  const { app } = options;
  const ui = uiConfigOf(app.launch.configFiles(options.cwd), options.theme, options.mouse);
  const server = options.server;
  const panes = server ? serverPanes(app, options, server) : null;
  const offer = panes ? new PaneLauncher(paneOptions(app, options)) : null;
  const tui = panes
    ? withLazyNativeSessions(panes.launcher(offer?.defaultHarness, offer?.harnesses), {
        registry: app.registry,
        launch: app.launch,
        hostEnv: app.env,
        clock: app.session.clock,
        remote: (request) => panes.createNative(request),
      })
    : createTuiLauncher(app, options.cwd, options.launcher);
  const { launcher } = tui;
  // A remote server's connection can drop (network, sleep): the sessions run on there, so this is a detach.
  // This machine's server can be stopped under the TUI (hmux kill-server): its panes are then stale.
  // Either way the TUI leaves and its caller says why.
  const dropped = new AbortController();
  let lost: string | undefined;
  const stopWatching = server
    ? server.onClose((reason) => {
        lost = reason;
        dropped.abort();
      })
    : () => {};
  try {
    // Event-stream panes attach now (their replays travel while the rest loads); a native pane
    // hands its early events over only once subscribed, so it is started by the store.
    const streams: SessionPort[] = [];
    const portOf = (row: SessionSummary): Promise<SessionPort> | SessionPort => {
      if (row.native && server) return attachServerNative(server, row.id);
      const port = panes!.portFor(row);
      streams.push(port);
      return port;
    };
    const ports: SessionPort[] = await Promise.all((options.attach ?? []).map(portOf));
    const paneless: SessionPort[] = await Promise.all((options.held ?? []).map(portOf));
    await startBeforeMount(streams);
    for (const request of options.sessions ?? []) {
      const verdict = launcher.validate(request);
      if (!verdict.ok) {
        // Sessions this command already created on the server are not left behind by a refusal.
        await Promise.allSettled(
          ports.map((p) => (options.attach?.length ? p.close() : p.halt().then(() => p.close()))),
        );
        throw new Error(`${request.harness}: ${verdict.message}${verdict.hint ? `\n  hint: ${verdict.hint}` : ""}`);
      }
      ports.push(await launcher.launch(request));
    }
    // A race runs where its sessions do: on the server (this machine's or another's), or here.
    const race = panes
      ? serverRacePort(server!, panes)
      : app.workspace
        ? localRacePort({ workspace: app.workspace, launcher, cwd: options.cwd })
        : undefined;
    const extra = options.extra;
    await runTui({
      ports,
      paneless,
      launcher,
      config: ui,
      env: app.env,
      readThemeFile: (path) => readConfigText(path),
      ...(race ? { race } : {}),
      ...extra,
      detachOn: dropped.signal,
      onStore: (store) => {
        panes?.follow(store);
        extra?.onStore?.(store);
      },
    });
    return lost !== undefined ? { lost } : {};
  } finally {
    stopWatching();
    await tui.close();
    server?.close();
  }
}

function paneOptions(app: TuiApp, options: OpenTuiOptions): PaneLauncherOptions {
  return {
    ...options.launcher,
    env: app.env,
    defaultCwd: options.cwd,
    registry: app.registry,
    ports: app.launch,
    session: app.session,
  };
}

/** Panes on the server: checked here through the launch pipeline, created there. */
function serverPanes(app: TuiApp, options: OpenTuiOptions, server: ServerClient): ServerPanes {
  const check = new PaneLauncher(paneOptions(app, options));
  const s = options.launcher ?? {};
  return new ServerPanes({
    link: server,
    registry: app.registry,
    cwd: options.cwd,
    // This machine's cwd and binaries say nothing about another host's: its server is the check.
    validate: options.host !== undefined ? () => ({ ok: true }) : (request) => check.validate(request),
    ...(options.host !== undefined ? { host: options.host } : {}),
    replay: ATTACH_REPLAY,
    native: (row) => attachServerNative(server, row.id),
    createNative: async (request) => (await createServerNative(server, request)).port,
    ...(server.host === null && app.workspace ? { workspace: app.workspace } : {}),
    defaults: {
      ...(s.isolate !== undefined ? { isolate: s.isolate } : {}),
      ...(s.defaultEndpoint !== undefined ? { defaultEndpoint: s.defaultEndpoint } : {}),
      ...(s.defaultModel !== undefined ? { defaultModel: s.defaultModel } : {}),
      ...(s.escalateQuestions !== undefined ? { escalateQuestions: s.escalateQuestions } : {}),
      ...(s.decisionBudgetMs !== undefined ? { decisionBudgetMs: s.decisionBudgetMs } : {}),
    },
  });
}

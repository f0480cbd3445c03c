/**
 * Shared by `hmux`, `hmux tui`, `hmux attach`, `hmux native` and `hmux demo`: reads the config's
 * `ui` section (project over user), opens the TUI as a client of its hmux server (this user's, a
 * remote one, or local mode's server in this process) and starts any requested panes. The server
 * plans and opens every pane; this process only renders.
 */

import { hostname } from "node:os";
import type { LoadedConfigs } from "../core/config/load.js";
import { resolveConfigSettings } from "../core/config/settings.js";
import { ERROR_CODE_TABLE, type ErrorCode } from "../core/error-codes.js";
import { HmuxError } from "../core/hmux-error.js";
import { nativeKinds } from "../native/native-plan.js";
import type { SessionSummary } from "../protocol/index.js";
import type { ServerClient } from "../server/client.js";
import { ATTACH_REPLAY, startBeforeMount } from "../tui-client/attach-ports.js";
import { attachServerNative, createServerNative } from "../tui-client/server-native-port.js";
import type { ServerPaneDefaults } from "../tui-client/server-panes.js";
import { ServerPanes } from "../tui-client/server-panes.js";
import { serverRacePort } from "../tui-client/server-race-port.js";
import { type UiConfig, UiConfigError, uiConfigFrom } from "../ui/config/ui-config.js";
import { type RunTuiOptions, runTui } from "../ui/run-tui.js";
import type { NewSessionRequest, PlanRefusal, SessionLauncher } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import { readConfigText } from "./config-file-reader.js";
import type { AppContext } from "./context.js";
import { systemClock } from "./system-clock.js";
import { systemScheduler } from "./system-scheduler.js";

/** The parts of the context a TUI uses. */
export type TuiApp = Pick<AppContext, "env" | "registry" | "launch"> & Partial<Pick<AppContext, "workspace">>;

export interface OpenTuiOptions {
  /** The composition root's context: the registry, the ports, the environment. */
  readonly app: TuiApp;
  readonly cwd: string;
  readonly theme?: string;
  /** `--mouse`: wheel scrolling on, whatever the config says. */
  readonly mouse?: boolean;
  /** Panes to open at once; each is validated like the dialog's input. */
  readonly sessions?: readonly NewSessionRequest[];
  /** What every pane of this TUI starts with unless the dialog says otherwise (the command's flags). */
  readonly launcher?: ServerPaneDefaults;
  readonly extra?: Partial<RunTuiOptions>;
  /**
   * The hmux server this TUI is a client of: every pane is planned and created there, harness
   * panes, native panes and shells alike. Closed when the TUI leaves.
   */
  readonly server: ServerClient;
  /** The server runs in this process (local mode): its sessions end with the TUI. */
  readonly inProcess?: boolean;
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

/** Refuses before the TUI opens when the server refuses a requested pane. */
export async function openTui(options: OpenTuiOptions): Promise<TuiExit> {
  const { app, server } = options;
  const ui = uiConfigOf(app.launch.configFiles(options.cwd), options.theme, options.mouse);
  const { panes, launcher } = tuiPanes(app, options);
  // A remote server's connection can drop (network, sleep): the sessions run on there, so this is a detach.
  // This machine's server can be stopped under the TUI (hmux kill-server): its panes are then stale.
  // Either way the TUI leaves and its caller says why.
  const dropped = new AbortController();
  let lost: string | undefined;
  const stopWatching = server.onClose((reason) => {
    lost = reason;
    dropped.abort();
  });
  try {
    // Event-stream panes attach now (their replays travel while the rest loads); a native pane
    // hands its early events over only once subscribed, so it is started by the store.
    const streams: SessionPort[] = [];
    const portOf = (row: SessionSummary): Promise<SessionPort> | SessionPort => {
      if (row.native) return attachServerNative(server, row.id);
      const port = panes.portFor(row);
      streams.push(port);
      return port;
    };
    const ports: SessionPort[] = await Promise.all((options.attach ?? []).map(portOf));
    const paneless: SessionPort[] = await Promise.all((options.held ?? []).map(portOf));
    await startBeforeMount(streams, systemClock);
    for (const request of options.sessions ?? []) {
      const verdict = await launcher.plan(request);
      if (!verdict.ok) {
        // Sessions this command already created on the server are not left behind by a refusal.
        await Promise.allSettled(
          ports.map((p) => (options.attach?.length ? p.close() : p.halt().then(() => p.close()))),
        );
        throw new HmuxError(
          codeOfRefusal(verdict.refusals[0]?.issue),
          `${request.harness}: ${verdict.refusals.map(refusalText).join("\n  ")}`,
        );
      }
      ports.push(await launcher.launch(request));
    }
    // A race runs where its sessions do: on this TUI's server (another machine's, this user's, or local mode's in this process).
    const race = serverRacePort(server, panes);
    const extra = options.extra;
    await runTui({
      ports,
      paneless,
      launcher,
      config: ui,
      env: app.env,
      scheduler: systemScheduler,
      readThemeFile: (path) => readConfigText(path),
      ...(race ? { race } : {}),
      ...extra,
      detachOn: dropped.signal,
      onStore: (store) => {
        panes.follow(store);
        extra?.onStore?.(store);
      },
    });
    return lost !== undefined ? { lost } : {};
  } finally {
    stopWatching();
    server.close();
  }
}

/** A plan refusal's code: its own issue when the table knows it, else the launch's refusal. */
function codeOfRefusal(issue: string | undefined): ErrorCode {
  return issue !== undefined && ERROR_CODE_TABLE.has(issue as ErrorCode) ? (issue as ErrorCode) : "launch-refused";
}

/** A refusal as the command line says it: the reason, then its hint. */
function refusalText(refusal: PlanRefusal): string {
  return `${refusal.message}${refusal.hint ? `\n  hint: ${refusal.hint}` : ""}`;
}

/** Where a native pane starts before it is fitted to its tile: about the terminal's size. */
function nativeSize(): { cols: number; rows: number } {
  return {
    cols: Math.max(20, (process.stdout.columns || 160) - 2),
    rows: Math.max(5, (process.stdout.rows || 48) - 5),
  };
}

/** A TUI's panes on its server, and the dialog's launcher over them: planned there, created there. */
export function tuiPanes(
  app: TuiApp,
  options: Pick<OpenTuiOptions, "cwd" | "server" | "host" | "inProcess" | "launcher">,
): { readonly panes: ServerPanes; readonly launcher: SessionLauncher } {
  const { server } = options;
  const panes = new ServerPanes({
    link: server,
    now: () => systemClock.now(),
    cwd: options.cwd,
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.inProcess ? { inProcess: true } : {}),
    client: `hmux tui on ${hostname()} (pid ${process.pid})`,
    replay: ATTACH_REPLAY,
    native: (row) => attachServerNative(server, row.id),
    createNative: async (request) => (await createServerNative(server, request)).port,
    nativeKinds: nativeKinds(app.registry),
    nativeSize,
    ...(server.host === null && app.workspace ? { workspace: app.workspace } : {}),
    ...(options.launcher ? { defaults: options.launcher } : {}),
  });
  // The dialog's list is the server's (its registry at this TUI's folder there), asked as it opens.
  return { panes, launcher: panes.launcher() };
}

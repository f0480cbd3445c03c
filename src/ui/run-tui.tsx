/**
 * Mounts the TUI on the real terminal: alternate screen, Ink's exit-on-Ctrl-C off (the keys
 * belong to hmux), console not patched. Resolves when the user quits; every port is closed on
 * the way out (a local session ends, a server session is only detached from), after halting
 * them all when the user chose "halt all".
 */

import type { Renderer } from "../core/config/ui-schema.js";
import { App } from "./App.js";
import { DEFAULT_UI_CONFIG, type UiConfig } from "./config/ui-config.js";
import { MOUSE_REPORTING_OFF } from "./keys/mouse.js";
import { Notifier } from "./notify/notifier.js";
import type { RacePort } from "./race-port.js";
import { terminalRenderer } from "./render/renderer.js";
import { renderTui } from "./render-tui.js";
import type { SessionLauncher } from "./session-launcher.js";
import type { SessionPort } from "./session-port.js";
import { AppStore, type Scheduler } from "./store/app-store.js";
import type { UiState } from "./store/ui-state.js";
import { loadTheme } from "./theme/theme.js";

export interface RunTuiOptions {
  readonly ports?: readonly SessionPort[];
  /** Sessions the server already held (plain `hmux`): on the rail without a pane, the reopen key opens each. */
  readonly paneless?: readonly SessionPort[];
  readonly launcher?: SessionLauncher;
  /** Scores and ends the races the race dialog starts. */
  readonly race?: RacePort;
  readonly config?: UiConfig;
  readonly stdout?: NodeJS.WriteStream;
  readonly stdin?: NodeJS.ReadStream;
  /** The environment the TUI reads its colours and notifications from (the entry point's, never process.env). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Time and timers: the store's cadence, the key-burst hold, the resize settle. */
  readonly scheduler: Scheduler;
  /** Called with the store once mounted (the bench and the demo feed it). */
  readonly onStore?: (store: AppStore) => void;
  /** Reads a theme file the config names (the config files' bounded reader); node:fs when absent. */
  readonly readThemeFile?: (path: string) => string;
  /** Ink's per-frame callback (the bench counts frames with it). */
  readonly onRender?: (metrics: { renderTime: number }) => void;
  /** Called for each update put on the terminal, Ink frame or not (src/ui/render/renderer.ts; the tui bench counts them). */
  readonly onScreenUpdate?: () => void;
  /** How frames reach the terminal; the config's choice when absent (src/ui/render/renderer.ts). */
  readonly renderer?: Renderer;
  /** Aborted: the TUI leaves as on a closed terminal, a detach (a lost connection to the hmux server). */
  readonly detachOn?: AbortSignal;
}

const ENTER_ALT = "\u001b[?1049h\u001b[H";
const LEAVE_ALT = "\u001b[?1049l";
/** Bracketed paste: the terminal marks a paste, so its text is never taken for typed keys (keys/key-bursts.ts). */
export const PASTE_MODE_ON = "\u001b[?2004h";
export const PASTE_MODE_OFF = "\u001b[?2004l";

export async function runTui(options: RunTuiOptions): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  const { env } = options;
  const config = options.config ?? DEFAULT_UI_CONFIG;
  const theme = loadTheme(config.theme, env, options.readThemeFile);
  const { scheduler } = options;
  const notifier = new Notifier(config.notify, { write: (s) => stdout.write(s), now: () => scheduler.now(), env });
  const store = new AppStore({
    commitMs: config.commitMs,
    notifier,
    ...(options.launcher ? { launcher: options.launcher } : {}),
    ...(options.race ? { race: options.race } : {}),
    scheduler,
    columns: stdout.columns || 160,
    rows: stdout.rows || 48,
  });
  for (const port of options.ports ?? []) store.addSession(port);
  for (const port of options.paneless ?? []) store.addSession(port, { pane: false });
  // What the ports already hold (an attach's replay, fetched before the TUI mounted) is on the first frame.
  // A configured key that took a default binding's key says so once, where the keys are named.
  if (config.keyNotices.length > 0)
    store.dispatch({ kind: "flash", text: config.keyNotices.join(" · "), tone: "info" });
  store.commit();
  options.onStore?.(store);
  store.start();
  const alt = stdout.isTTY === true;
  if (alt) stdout.write(ENTER_ALT + PASTE_MODE_ON);
  // The App turns reporting off when it unmounts; this also covers a crash or process.exit
  // on the way, so a shell is never left receiving mouse reports or paste markers as typed text.
  const modesOff = (): void => {
    if (config.mouse) stdout.write(MOUSE_REPORTING_OFF);
    if (alt) stdout.write(PASTE_MODE_OFF);
  };
  process.on("exit", modesOff);
  const renderer = terminalRenderer<UiState>(
    options.renderer ?? config.renderer,
    stdout,
    scheduler,
    options.onRender,
    options.onScreenUpdate,
  );
  const bodies = renderer.bodies;
  // A state that changes only transcripts is drawn by the body layer alone: no React render, no Ink frame.
  if (bodies) store.drawBodiesOnly = (frame) => bodies.repaintFrom(frame);
  const instance = renderTui(
    <App
      store={store}
      theme={theme}
      keymap={config.keymap}
      launcher={options.launcher}
      mouse={config.mouse}
      focusReports
      bodies={bodies}
    />,
    { ...renderer.options, stdin, scheduler, exitOnCtrlC: false, patchConsole: false },
  );
  // Harnesses run in their own process groups, so a TUI told to stop (SIGTERM) would orphan
  // its local sessions: it halts every session (pending calls are denied first), then leaves as
  // on quit. A closed terminal (SIGHUP) is a detach: sessions on the hmux server keep running,
  // local ones end with this process.
  const onTerm = (): void => {
    void Promise.allSettled([...store.ports.values()].map((p) => p.halt())).finally(() => instance.unmount());
  };
  const onHangup = (): void => instance.unmount();
  process.once("SIGTERM", onTerm);
  process.once("SIGHUP", onHangup);
  if (options.detachOn?.aborted) onHangup();
  else options.detachOn?.addEventListener("abort", onHangup, { once: true });
  try {
    await instance.waitUntilExit();
    if (store.state.quitHalts) await Promise.allSettled([...store.ports.values()].map((p) => p.halt()));
  } finally {
    process.removeListener("SIGTERM", onTerm);
    process.removeListener("SIGHUP", onHangup);
    options.detachOn?.removeEventListener("abort", onHangup);
    store.stop();
    try {
      instance.unmount();
    } finally {
      renderer.dispose();
      modesOff();
      process.removeListener("exit", modesOff);
      if (alt) stdout.write(LEAVE_ALT);
    }
    await Promise.allSettled([...store.ports.values()].map((p) => p.close()));
  }
}

/** Mounts the App as the TUI mounts it (renderTui, over a fake terminal) with a manual clock, and types keys into it. */

import { App } from "../../../src/ui/App.js";
import { DEFAULT_KEYMAP, type Keymap } from "../../../src/ui/keys/keymap.js";
import type { RacePort } from "../../../src/ui/race-port.js";
import type { SessionLauncher } from "../../../src/ui/session-launcher.js";
import type { SessionPort } from "../../../src/ui/session-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FALLBACK_THEME, type Theme } from "../../../src/ui/theme/theme.js";
import { renderTuiForTest } from "../../helpers/render-tui.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

export const KEYS = {
  altLeft: "\u001b[1;3D",
  altRight: "\u001b[1;3C",
  altUp: "\u001b[1;3A",
  altDown: "\u001b[1;3B",
  alt: (c: string) => `\u001b${c}`,
  escape: "\u001b",
  enter: "\r",
  pageUp: "\u001b[5~",
  pageDown: "\u001b[6~",
  ctrl: (c: string) => String.fromCharCode(c.charCodeAt(0) - 96),
  backspace: "\u007f",
  tab: "\t",
};

export const tick = (ms = 30): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Mounted {
  store: AppStore;
  clock: ManualScheduler;
  ports: FakePort[];
  frame(): string;
  type(...chunks: string[]): Promise<void>;
  flush(): Promise<void>;
  unmount(): void;
}

export async function mount(
  opts: {
    ports?: FakePort[];
    /** Ports over real sessions (a HandleSessionPort on the session runtime), added after `ports`. */
    sessions?: SessionPort[];
    /** Sessions the server held when the TUI started: on the rail, without a pane. */
    paneless?: FakePort[];
    columns?: number;
    rows?: number;
    theme?: Theme;
    keymap?: Keymap;
    launcher?: SessionLauncher;
    race?: RacePort;
    mouse?: boolean;
    /** Focus reporting on, as the TUI has it (its reports are taken out of the keys). */
    focusReports?: boolean;
    terminalWrite?: (data: string) => void;
  } = {},
): Promise<Mounted> {
  const clock = new ManualScheduler();
  const store = new AppStore({
    scheduler: clock,
    columns: opts.columns ?? 100,
    rows: opts.rows ?? 30,
    ...(opts.launcher ? { launcher: opts.launcher } : {}),
    ...(opts.race ? { race: opts.race } : {}),
  });
  const ports = opts.ports ?? [new FakePort()];
  for (const p of ports) store.addSession(p);
  for (const p of opts.sessions ?? []) store.addSession(p);
  for (const p of opts.paneless ?? []) store.addSession(p, { pane: false });
  const r = renderTuiForTest(
    <App
      store={store}
      theme={opts.theme ?? FALLBACK_THEME}
      keymap={opts.keymap ?? DEFAULT_KEYMAP}
      launcher={opts.launcher}
      mouse={opts.mouse}
      focusReports={opts.focusReports}
      terminalWrite={opts.terminalWrite}
    />,
    { scheduler: clock },
  );
  await tick(50);
  return {
    store,
    clock,
    ports,
    frame: () => r.lastFrame() ?? "",
    async type(...chunks: string[]) {
      for (const c of chunks) {
        r.stdin.write(c);
        // Each key may re-render (a new input mounts); let React settle before the next.
        await tick(25);
      }
      await tick(25);
    },
    async flush() {
      store.commit();
      await tick(20);
    },
    unmount: () => r.unmount(),
  };
}

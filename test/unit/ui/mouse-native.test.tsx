import { afterEach, describe, expect, it } from "vitest";
import { NativeTerminal } from "../../../src/native/native-terminal.js";
import { App } from "../../../src/ui/App.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from "../../../src/ui/keys/mouse.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FALLBACK_THEME } from "../../../src/ui/theme/theme.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { renderTuiForTest } from "../../helpers/render-tui.js";
import { type FakePty, fakeFactory } from "../native/fake-pty.js";
import { localPane } from "../native/native-fixture.js";

/** The panes' terminals tick by this clock; a test moves it by hand. */
let clock = new FakeClock();
/** Moves the terminals' clock on by `ms`, then lets xterm parse and React render (no real time waited). */
async function tick(ms = 40): Promise<void> {
  await turns();
  clock.advance(ms);
  await turns();
}
/** A few turns of the event loop: xterm parses a write on a 0 ms timer of its own. */
async function turns(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setTimeout(r, 0));
}
let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

async function mountShell(writes: string[]) {
  clock = new FakeClock();
  const fake = fakeFactory();
  const terminal = new NativeTerminal({
    argv: ["x"],
    cwd: "/",
    env: {},
    cols: 40,
    rows: 8,
    spawn: fake.factory,
    clock,
    focusedFps: 100,
  });
  const port = localPane(terminal);
  const store = new AppStore({
    scheduler: { now: () => 0, every: () => () => undefined, after: () => () => undefined },
    columns: 60,
    rows: 14,
  });
  store.addSession(port);
  const r = renderTuiForTest(
    <App
      store={store}
      theme={FALLBACK_THEME}
      keymap={DEFAULT_KEYMAP}
      mouse
      terminalWrite={(d) => void writes.push(d)}
    />,
    { scheduler: store.scheduler },
  );
  cleanup.push(
    () => r.unmount(),
    () => terminal.dispose(),
  );
  await tick(60);
  return { r, store, port, pty: fake.pty() as FakePty };
}

describe("mouse reporting with a native pane", () => {
  it("is off while typing into a focused native pane and on once hmux has the keys", async () => {
    const writes: string[] = [];
    const { r, store } = await mountShell(writes);
    expect(store.state.typingInto).toBe("s1");
    expect(writes).toEqual([]);
    r.stdin.write("\u001d");
    await tick(40);
    expect(store.state.typingInto).toBeNull();
    expect(writes).toEqual([MOUSE_REPORTING_ON]);
    r.stdin.write("\r");
    await tick(40);
    expect(store.state.typingInto).toBe("s1");
    expect(writes).toEqual([MOUSE_REPORTING_ON, MOUSE_REPORTING_OFF]);
  });

  it("a stray report while typing into the pane is not typed into it; keys still are", async () => {
    const writes: string[] = [];
    const { r, pty } = await mountShell(writes);
    r.stdin.write("\u001b[<64;5;5M");
    await tick(30);
    r.stdin.write("l");
    await tick(30);
    expect(pty.written.join("")).toBe("l");
  });
});

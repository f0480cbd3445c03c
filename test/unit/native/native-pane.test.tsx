import { afterEach, describe, expect, it } from "vitest";
import type { HookReport } from "../../../src/native/hooks/report-schema.js";
import { NativeTerminal } from "../../../src/native/native-terminal.js";
import { App } from "../../../src/ui/App.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FALLBACK_THEME } from "../../../src/ui/theme/theme.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { renderTuiForTest } from "../../helpers/render-tui.js";
import { type FakePty, fakeFactory } from "./fake-pty.js";
import { localPane } from "./native-fixture.js";

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

async function mount(kind: "shell" | "claude", hooks: boolean) {
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
  const port = localPane(terminal, kind, hooks);
  const store = new AppStore({
    scheduler: { now: () => 0, every: () => () => undefined, after: () => () => undefined },
    columns: 60,
    rows: 14,
  });
  store.addSession(port);
  const r = renderTuiForTest(<App store={store} theme={FALLBACK_THEME} keymap={DEFAULT_KEYMAP} />, {
    scheduler: store.scheduler,
  });
  cleanup.push(
    () => r.unmount(),
    () => terminal.dispose(),
  );
  await tick(60);
  return { r, store, port, pty: fake.pty() as FakePty };
}

describe("native pane in the TUI", () => {
  it("shows the emulated screen under a header, and the pty gets the pane's size", async () => {
    const { r, pty } = await mount("shell", false);
    pty.emit("\u001b[31mred\u001b[0m and plain\r\n$ ");
    await tick(80);
    const frame = r.lastFrame() ?? "";
    expect(frame).toContain("red and plain");
    expect(frame).toContain("1 shell · typing into the pane");
    // 60×14 terminal: rail and status line 2 rows, border 2, header 1; border 2 columns.
    expect(pty.sizes.at(-1)).toEqual([58, 9]);
  });

  it("a pane without hooks says state unknown, on the rail too", async () => {
    const { r } = await mount("shell", false);
    const frame = r.lastFrame() ?? "";
    expect(frame).toContain("? state unknown");
    expect(frame.split("\n")[0]).toContain("1:shell ?");
  });

  it("typed keys reach the pty; Ctrl-] switches the header to hmux keys", async () => {
    const { r, pty, store } = await mount("shell", false);
    r.stdin.write("l");
    await tick(30);
    r.stdin.write("s");
    await tick(30);
    r.stdin.write("\r");
    await tick(30);
    expect(pty.written.join("")).toContain("ls\r");
    r.stdin.write("\u001d");
    await tick(60);
    store.commit();
    await tick(40);
    expect(r.lastFrame()).toContain("hmux keys · Enter → type");
    expect(pty.written.join("")).not.toContain("\u001d");
  });

  it("a paste reaches the pane as a paste: bracketed only once its program turned bracketed paste on", async () => {
    const { r, pty } = await mount("shell", false);
    r.stdin.write("\u001b[200~echo one\recho two\u001b[201~");
    await tick(40);
    expect(pty.written.join("")).toContain("echo one\recho two");
    expect(pty.written.join("")).not.toContain("\u001b[200~");
    pty.emit("\u001b[?2004h");
    await tick(60);
    r.stdin.write("\u001b[200~a\nb\u001b[201~");
    await tick(40);
    expect(pty.written.join("")).toContain("\u001b[200~a\rb\u001b[201~");
  });

  it("focus leaving the pane resets the modes its UI turned on, on the real terminal, and tells the UI", async () => {
    const { r, pty, store } = await mount("shell", false);
    pty.emit("\u001b[?2004h\u001b[?1004h\u001b[?1h");
    await tick(80);
    store.commit();
    await tick(60);
    const other = new NativeTerminal({
      argv: ["y"],
      cwd: "/",
      env: {},
      cols: 10,
      rows: 3,
      spawn: fakeFactory().factory,
      clock,
    });
    cleanup.push(() => other.dispose());
    store.addSession(localPane(other));
    await tick(80);
    const written = r.frames.join("");
    // Bracketed paste on the real terminal is the TUI's own: leaving a pane keeps it on.
    expect(written).not.toContain("\u001b[?2004l");
    expect(written).toContain("\u001b[?1004l");
    expect(written).toContain("\u001b[?1l");
    expect(pty.written).toContain("\u001b[O");
    // the new pane has the keyboard now; the one that lost focus no longer types
    expect(store.state.typingInto).toBe("s2");
  });

  it("a hook's permission request shows approval on the rail and in the pane header", async () => {
    const { r, port, store } = await mount("claude", true);
    const report = (event: HookReport["event"], extra: Partial<HookReport> = {}) =>
      port.session.report({ v: 1, pane: "p", at: 0, event, ...extra });
    report("UserPromptSubmit");
    report("PermissionRequest", { tool: "Bash", toolInput: { command: "touch x" } });
    store.commit();
    await tick(60);
    const frame = r.lastFrame() ?? "";
    expect(frame.split("\n")[0]).toContain("approval needed in pane 1");
    expect(frame).toContain("! approval");
  });
});

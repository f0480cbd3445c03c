import { afterEach, describe, expect, it } from "vitest";
import { NativeTerminal } from "../../../src/native/native-terminal.js";
import type { LocalNativePort } from "../../../src/ui/native/native-port.js";
import { routeNativeKey } from "../../../src/ui/native/route-native-key.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { inkKey } from "../../helpers/ink-key.js";
import { type FakePty, fakeFactory } from "./fake-pty.js";
import { localPane } from "./native-fixture.js";

const key = inkKey;

let ports: LocalNativePort[] = [];
afterEach(() => {
  for (const p of ports) p.terminal.dispose();
  ports = [];
});

function setup(): { store: AppStore; port: LocalNativePort; pty: FakePty } {
  const fake = fakeFactory();
  const terminal = new NativeTerminal({
    argv: ["sh"],
    cwd: "/",
    env: {},
    cols: 20,
    rows: 5,
    spawn: fake.factory,
    clock: new FakeClock(),
  });
  const port = localPane(terminal);
  ports.push(port);
  const store = new AppStore({
    scheduler: { now: () => 0, every: () => () => undefined, after: () => () => undefined },
  });
  store.addSession(port);
  return { store, port, pty: fake.pty() };
}

describe("keys while a native pane is focused", () => {
  it("while typing, every key is the pane's, translated to terminal bytes", () => {
    const { store, pty } = setup();
    expect(routeNativeKey(store, "l", key({}))).toBe(true);
    expect(routeNativeKey(store, "", key({ return: true }))).toBe(true);
    expect(routeNativeKey(store, "c", key({ ctrl: true }))).toBe(true);
    expect(routeNativeKey(store, "", key({ escape: true, meta: true }))).toBe(true);
    expect(routeNativeKey(store, "", key({ pageUp: true }))).toBe(true);
    expect(pty.written).toEqual(["l", "\r", "\u0003", "\u001b", "\u001b[5~"]);
  });

  it("Ctrl-] hands the keyboard to hmux and is never sent to the pane", () => {
    const { store, pty } = setup();
    expect(routeNativeKey(store, "\u001d", key({}))).toBe(true);
    expect(store.state.typingInto).toBeNull();
    expect(pty.written).toEqual([]);
    // hmux's own bindings now see keys again
    expect(routeNativeKey(store, "z", key({ meta: true }))).toBe(false);
    expect(routeNativeKey(store, "x", key({}))).toBe(false);
    expect(pty.written).toEqual([]);
  });

  it("in hmux mode Enter (or the chord again) goes back to typing", () => {
    const { store } = setup();
    store.dispatch({ kind: "native-keys", to: "hmux" });
    expect(routeNativeKey(store, "", key({ return: true }))).toBe(true);
    expect(store.state.typingInto).toBe("s1");
    store.dispatch({ kind: "native-keys", to: "hmux" });
    expect(routeNativeKey(store, "\u001d", key({}))).toBe(true);
    expect(store.state.typingInto).toBe("s1");
  });

  it("in hmux mode PgUp/PgDn scroll the pane's history instead of reaching it", async () => {
    const { store, port, pty } = setup();
    pty.emit(Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\r\n"));
    await new Promise((r) => setTimeout(r, 20));
    store.dispatch({ kind: "native-keys", to: "hmux" });
    expect(routeNativeKey(store, "", key({ pageUp: true }))).toBe(true);
    expect(port.terminal.snapshot().scrollOffset).toBeGreaterThan(0);
    expect(routeNativeKey(store, "", key({ pageDown: true }))).toBe(true);
    expect(port.terminal.snapshot().scrollOffset).toBe(0);
    expect(pty.written).toEqual([]);
  });

  it("an open overlay gets the keys, not the pane", () => {
    const { store, pty } = setup();
    store.dispatch({ kind: "open-overlay", overlay: { kind: "help" } });
    expect(routeNativeKey(store, "x", key({}))).toBe(false);
    expect(pty.written).toEqual([]);
  });
});

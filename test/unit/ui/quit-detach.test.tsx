/**
 * The quit question when sessions live on the hmux server: detach is the default (Enter, d, or
 * the quit key again), halting them all is `h`, Esc stays; its keys are shown as the keymap
 * binds them. With only local sessions it stays the yes/no that halts them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const running = (p: FakePort) => p.emit({ kind: "state", from: "idle", to: "running" });

async function asked(ports: FakePort[], keymap = DEFAULT_KEYMAP): Promise<Mounted> {
  const mounted = await mount({ ports, keymap, columns: 120 });
  for (const p of ports) running(p);
  await mounted.flush();
  await mounted.type(KEYS.ctrl("q"));
  return mounted;
}

describe("the quit question with sessions on the server", () => {
  it("offers detach (default), halt all and cancel, and says the sessions keep running", async () => {
    m = await asked([new FakePort({ detachable: true })]);
    const f = m.frame();
    expect(f).toContain("1 session is still running on the hmux server.");
    expect(f).toContain("Enter/Ctrl+q detach (they keep running; hmux attach) · h halt all · Esc cancel");
    expect(f).not.toContain("Quit and halt them?");
  });

  it("Enter detaches: the TUI leaves without halting anything", async () => {
    const p = new FakePort({ detachable: true });
    m = await asked([p]);
    await m.type(KEYS.enter);
    expect(m.store.state.quitRequested).toBe(true);
    expect(m.store.state.quitHalts).toBe(false);
    expect(p.intents.filter((i) => i.kind === "halt")).toEqual([]);
  });

  it("the quit key pressed again detaches too", async () => {
    m = await asked([new FakePort({ detachable: true })]);
    await m.type(KEYS.ctrl("q"));
    expect(m.store.state.quitRequested).toBe(true);
    expect(m.store.state.quitHalts).toBe(false);
  });

  it("h quits halting every session; Esc stays and y means nothing here", async () => {
    m = await asked([new FakePort({ detachable: true }), new FakePort({ detachable: true })]);
    await m.type("y");
    expect(m.store.state.quitRequested).toBe(false);
    await m.type(KEYS.escape);
    expect(m.store.state.quitRequested).toBe(false);
    expect(m.store.state.overlay).toBeNull();
    await m.type(KEYS.ctrl("q"), "h");
    expect(m.store.state.quitRequested).toBe(true);
    expect(m.store.state.quitHalts).toBe(true);
  });

  it("a rebound quit key is the one the question names", async () => {
    const keymap = { ...DEFAULT_KEYMAP, "app.quit": ["ctrl+x"] };
    m = await mount({ ports: [new FakePort({ detachable: true })], keymap, columns: 120 });
    const p = [...m.store.ports.values()][0] as FakePort;
    running(p);
    await m.flush();
    await m.type(KEYS.ctrl("x"));
    expect(m.frame()).toContain("Enter/Ctrl+x detach");
  });

  it("with only local sessions it stays the yes/no that halts them", async () => {
    m = await asked([new FakePort()]);
    expect(m.frame()).toContain("Quit and halt them? y quit · n stay");
    await m.type(KEYS.enter);
    expect(m.store.state.quitRequested).toBe(false);
  });
});

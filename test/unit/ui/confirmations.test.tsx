import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const running = (p: FakePort) => p.emit({ kind: "state", from: "idle", to: "running" });
const ALT_SHIFT_X = "\u001bX";

describe("confirmations keep the screen and ask before the irreversible", () => {
  it("Alt+Shift+x asks before halting every session; n halts nothing, y halts all", async () => {
    const ports = [new FakePort({ harness: "claude" }), new FakePort({ harness: "codex" })];
    m = await mount({ ports });
    for (const p of ports) running(p);
    await m.flush();
    await m.type(ALT_SHIFT_X);
    expect(m.frame()).toContain("Halt every session?");
    expect(ports.flatMap((p) => p.intents)).toEqual([]);
    await m.type("n");
    expect(m.frame()).not.toContain("Halt every session?");
    expect(ports.flatMap((p) => p.intents)).toEqual([]);
    await m.type(ALT_SHIFT_X, "y");
    expect(ports.map((p) => p.intents)).toEqual([[{ kind: "halt" }], [{ kind: "halt" }]]);
  });

  it("the quit question leaves the panes on screen", async () => {
    const p = new FakePort({ harness: "codex" });
    m = await mount({ ports: [p] });
    running(p);
    p.emit({ kind: "message", role: "assistant", text: "work in progress" });
    await m.flush();
    await m.type(KEYS.ctrl("q"));
    const f = m.frame();
    expect(f).toContain("Quit and halt them?");
    expect(f).toContain("1 codex");
    expect(f).toContain("work in progress");
    expect(f.split("\n")).toHaveLength(30);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

async function threeIdle(columns: number, rows: number): Promise<Mounted> {
  const ports = [
    new FakePort({ harness: "claude" }),
    new FakePort({ harness: "codex" }),
    new FakePort({ harness: "pi" }),
  ];
  const mounted = await mount({ ports, columns, rows });
  for (const p of ports) p.emit({ kind: "state", from: "starting", to: "idle" });
  await mounted.flush();
  return mounted;
}

const lines = (frame: string) => frame.split("\n");

describe("broadcast in the TUI", () => {
  it("marks show in the pane headers and the typed prompt reaches only the marked panes", async () => {
    m = await threeIdle(160, 40);
    await m.type(KEYS.alt("b"));
    expect(m.frame()).toContain("broadcast · marked: no pane marked yet");
    expect(lines(m.frame())[2]).toMatch(/1 \[ \] claude.*2 \[ \] codex.*3 \[ \] pi/);
    await m.type("1", "3");
    expect(lines(m.frame())[2]).toMatch(/1 \[x\] claude.*2 \[ \] codex.*3 \[x\] pi/);
    expect(m.frame()).toContain("marked: 1 claude, 3 pi");
    await m.type(KEYS.enter);
    expect(m.frame()).toContain("broadcast to 1 claude, 3 pi");
    await m.type("hello all");
    await m.type(KEYS.enter);
    await m.flush();
    const [claude, codex, pi] = m.ports;
    expect(claude?.intents).toEqual([{ kind: "send", text: "hello all", mode: "turn" }]);
    expect(pi?.intents).toEqual([{ kind: "send", text: "hello all", mode: "turn" }]);
    expect(codex?.intents).toEqual([]);
    const frame = m.frame();
    expect(frame).not.toContain("[x]");
    expect(frame).toContain("broadcast sent to 1 claude, 3 pi");
    // No pane's own input line got the keys typed for the broadcast.
    expect(m.store.state.drafts.size).toBe(0);
  });

  it("marks, Enter, the prompt and Enter in one read broadcast it: the prompt field takes the keys after the Enter that opened it", async () => {
    m = await threeIdle(160, 40);
    await m.type(KEYS.alt("b"));
    await m.type("13\rhello all\r");
    await m.flush();
    const [claude, codex, pi] = m.ports;
    expect(claude?.intents).toEqual([{ kind: "send", text: "hello all", mode: "turn" }]);
    expect(pi?.intents).toEqual([{ kind: "send", text: "hello all", mode: "turn" }]);
    expect(codex?.intents).toEqual([]);
  });

  it("at 80×24 the bar fits below the panes and still names the keys", async () => {
    m = await threeIdle(80, 24);
    await m.type(KEYS.alt("b"));
    const ls = lines(m.frame());
    expect(ls).toHaveLength(24);
    expect(ls.some((l) => l.includes("Space marks the focused pane"))).toBe(true);
    expect(ls[2]).toMatch(/1 \[ \]/);
    await m.type(" ", KEYS.enter);
    await m.type("go");
    expect(m.frame()).toContain("broadcast › go");
    await m.type(KEYS.escape);
    expect(m.frame()).toContain("broadcast · marked:");
    await m.type(KEYS.escape);
    expect(m.frame()).not.toContain("broadcast ·");
    expect(m.ports.every((p) => p.intents.length === 0)).toBe(true);
  });

  it("a rebound broadcast key starts it, and the default one then does nothing", async () => {
    const ports = [new FakePort(), new FakePort()];
    m = await mount({ ports, keymap: { ...DEFAULT_KEYMAP, broadcast: ["alt+m"] } });
    await m.type(KEYS.alt("b"));
    expect(m.frame()).not.toContain("broadcast ·");
    await m.type(KEYS.alt("m"));
    expect(m.frame()).toContain("broadcast · marked:");
    expect(m.frame()).toContain("Esc/Alt+m cancels");
  });
});

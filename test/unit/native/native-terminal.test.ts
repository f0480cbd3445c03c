import { afterEach, describe, expect, it } from "vitest";
import { rowText } from "../../../src/native/cells.js";
import { NativeTerminal } from "../../../src/native/native-terminal.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { fakeFactory } from "./fake-pty.js";

let open: NativeTerminal[] = [];
afterEach(() => {
  for (const t of open) t.dispose();
  open = [];
});

function make(extra: Partial<ConstructorParameters<typeof NativeTerminal>[0]> = {}) {
  const fake = fakeFactory();
  const t = new NativeTerminal({
    argv: ["x"],
    cwd: "/",
    env: {},
    cols: 20,
    rows: 3,
    spawn: fake.factory,
    clock: new FakeClock(),
    ...extra,
  });
  open.push(t);
  return { t, pty: fake.pty() };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("native terminal", () => {
  it("output is parsed at once but published only on a tick, and only when it changed", async () => {
    const { t, pty } = make();
    const frames: string[] = [];
    t.onFrame((s) => frames.push(rowText(s.rows[0]!)));
    pty.emit("a");
    pty.emit("b");
    await settle();
    t.tick();
    t.tick();
    expect(frames).toEqual(["ab"]);
  });

  it("a resize reaches both the emulator and the pty", () => {
    const { t, pty } = make();
    t.resize(40, 10);
    t.resize(40, 10);
    expect(pty.sizes).toEqual([[40, 10]]);
    expect([t.cols, t.rows]).toEqual([40, 10]);
  });

  it("terminal queries are answered to the program (cursor position report)", async () => {
    const { pty } = make();
    pty.emit("\u001b[6n");
    await settle();
    expect(pty.written).toContain("\u001b[1;1R");
  });

  it("a flood pauses the pty until the emulator catches up", async () => {
    const { t, pty } = make({ highWater: 1000, lowWater: 100 });
    for (let i = 0; i < 20; i++) pty.emit("y\n".repeat(200));
    expect(pty.paused).toBe(true);
    await expect.poll(() => pty.paused, { timeout: 5000 }).toBe(false);
    expect(pty.pauses).toBeGreaterThanOrEqual(1);
    expect(t.bytesIn).toBe(20 * 400);
  });

  it("leaving focus tells a UI that asked for focus reports, and returns the reset for the real terminal, bracketed paste left on", async () => {
    const { t, pty } = make();
    t.setFocused(true);
    pty.emit("\u001b[?1004h\u001b[?2004h");
    await settle();
    const reset = t.setFocused(false);
    expect(pty.written).toContain("\u001b[O");
    expect(reset).not.toContain("\u001b[?2004l");
    expect(reset).toContain("\u001b[?1004l");
    expect(t.setFocused(false)).toBe("");
  });

  it("scrolling back shows history; typing returns to the live screen", async () => {
    const { t, pty } = make();
    pty.emit("1\r\n2\r\n3\r\n4\r\n5");
    await settle();
    t.scroll(-1);
    expect(t.snapshot().scrollOffset).toBeGreaterThan(0);
    expect(rowText(t.snapshot().rows[0]!)).toBe("1");
    t.write("x");
    t.tick();
    expect(t.snapshot().scrollOffset).toBe(0);
    expect(pty.written).toContain("x");
  });

  it("close hangs up the process group and stops writes", async () => {
    const { t, pty } = make();
    await t.close(50);
    expect(pty.signals[0]).toBe("SIGHUP");
    t.write("late");
    expect(pty.written).not.toContain("late");
  });
});

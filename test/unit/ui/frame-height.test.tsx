import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const ROWS = 30;

describe("the root is never taller than the terminal", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])("%i panes fill exactly the terminal's rows", async (n) => {
    const ports = Array.from({ length: n }, () => new FakePort());
    m = await mount({ ports, rows: ROWS });
    for (const p of ports)
      for (let i = 0; i < 60; i++) p.emit({ kind: "message", role: "assistant", text: `line ${i} `.repeat(12) });
    await m.flush();
    expect(m.frame().split("\n")).toHaveLength(ROWS);
  });

  it("overlays and widgets keep the height: help, inspector, approval, question", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p, new FakePort()], rows: ROWS });
    p.emit({
      kind: "approval-request",
      call: { callId: "c", tool: "Bash", input: { command: "x\n".repeat(50) }, openedAt: 0, deadlineAt: null },
    });
    p.emit({ kind: "question", question: "q?", options: ["a", "b", "c", "d", "e", "f", "g", "h"] });
    await m.flush();
    expect(m.frame().split("\n")).toHaveLength(ROWS);
    for (const key of ["?", KEYS.alt("i")]) {
      await m.type(key);
      expect(m.frame().split("\n")).toHaveLength(ROWS);
      await m.type(KEYS.escape);
    }
    await m.type(KEYS.alt("1"), "f");
    expect(m.frame().split("\n")).toHaveLength(ROWS);
  });
});

describe("small terminals", () => {
  it("80×24 with three panes still shows every pane's approval keys", async () => {
    const ports = [new FakePort(), new FakePort(), new FakePort()];
    m = await mount({ ports, columns: 80, rows: 24 });
    ports.forEach((p, i) => {
      p.emit({
        kind: "approval-request",
        call: { callId: `c${i}`, tool: "Bash", input: { command: "ls" }, openedAt: 0, deadlineAt: null },
      });
    });
    for (let i = 0; i < 3; i++) {
      await m.type(KEYS.alt(String(i + 1)));
    }
    const f = m.frame();
    expect(f.split("\n")).toHaveLength(24);
    expect(f.match(/a allow/g)?.length).toBe(3);
  });
});

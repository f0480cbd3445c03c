import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const three = () => [
  new FakePort({ harness: "claude", model: "claude-opus-4-8[1m]", effort: "medium" }),
  new FakePort({ harness: "codex", model: "hmux-model", effort: "medium" }),
  new FakePort({ harness: "pi", model: "hmux-model", effort: "medium" }),
];
const approval = (p: FakePort, callId: string) => {
  p.emit({
    kind: "approval-request",
    call: { callId, tool: "Bash", input: { command: "touch hmux-demo.txt" }, openedAt: 0, deadlineAt: null },
  });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};

describe("at 80×24 with three panes", () => {
  it("the footer still ends with where help is", async () => {
    m = await mount({ ports: three(), columns: 80, rows: 24 });
    const footer = m.frame().split("\n").at(-1)!;
    expect(footer.trimEnd().endsWith("? help")).toBe(true);
    expect(footer).toContain("quit");
  });

  it("every pane header keeps its number, a gap, and its state", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    for (const [i, p] of ports.entries()) approval(p, `c${i}`);
    await m.flush();
    const header = m.frame().split("\n")[2]!;
    for (const [n, harness] of [
      [1, "claude"],
      [2, "codex"],
      [3, "pi"],
    ] as const)
      expect(header).toMatch(new RegExp(`${n} ${harness}`));
    expect(header.match(/! approval|!(?= ?[│┃])/g)?.length).toBe(3);
  });

  it("the rail keeps every session's number, name and state apart while an alert needs the room", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    for (const [i, p] of ports.entries()) approval(p, `c${i}`);
    await m.flush();
    const rail = m.frame().split("\n")[0]!;
    expect(rail).toMatch(/^hmux ⚠3 1:claude ! {2}2:codex ! {2}3:pi ! {2}⚠ approval needed/);
  });

  it("the quit question covers no pane text: the panes tile above it and keep their keys in view", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    for (const [i, p] of ports.entries()) approval(p, `c${i}`);
    await m.flush();
    await m.type(KEYS.ctrl("q"));
    const rows = m.frame().split("\n");
    expect(rows).toHaveLength(24);
    expect(rows.find((r) => r.includes("still running"))).toMatch(/^│ 3 sessions are still running\. +│$/);
    expect(rows.find((r) => r.includes("Quit and halt"))).toMatch(/^│ Quit and halt them\? y quit · n stay +│$/);
    const keysRows = rows.filter((r) => r.includes("a allow"));
    expect(keysRows).toHaveLength(1);
    expect(keysRows[0]!.match(/a allow/g)).toHaveLength(3);
  });

  it("the deny-reason field keeps room for a sentence", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    approval(ports[2]!, "c1");
    await m.flush();
    await m.type("d", "use make clean");
    expect(m.frame()).toContain("use make clean");
    expect(m.frame().split("\n")).toHaveLength(24);
  });

  it("an approval lists every key it offers, abstain included", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    approval(ports[0]!, "c1");
    await m.flush();
    const keysLine = m
      .frame()
      .split("\n")
      .find((l) => l.includes("a allow"))!;
    for (const k of ["a", "d", "e", "s", "f"]) expect(keysLine).toMatch(new RegExp(`(^|[ ·│┃])${k}( |$| ·)`));
  });

  it("steer and inject say when the harness will see the text", async () => {
    const steer = new FakePort({ harness: "codex", support: { steer: true } });
    const inject = new FakePort({ harness: "pi", support: { inject: true } });
    m = await mount({ ports: [steer, inject], columns: 160, rows: 48 });
    for (const p of [steer, inject]) p.emit({ kind: "state", from: "idle", to: "running" });
    await m.flush();
    expect(m.frame()).toContain("inject › queued until this turn ends");
    await m.type("\u001b1");
    expect(m.frame()).toContain("steer › joins the running turn now");
  });
});

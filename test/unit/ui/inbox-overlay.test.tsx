/**
 * The inbox overlay (Alt+Shift+a): every waiting approval and question across the panes, the
 * longest waiting first; the approval keys act on the chosen row where it is, deny goes to its
 * pane with the reason field open, Enter goes to the pane; the rail counts what waits.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const call = (callId: string, command: string, openedAt: number) => ({
  kind: "approval-request" as const,
  call: {
    callId,
    tool: "Bash",
    input: { command },
    openedAt,
    deadlineAt: openedAt + 600_000,
    always: { allows: `Bash \`${command.split(" ")[0]} <args>\` inside the workspace` },
  },
});

async function threeWaiting(columns: number, rows: number) {
  const ports = [
    new FakePort({ harness: "claude" }),
    new FakePort({ harness: "codex" }),
    new FakePort({ harness: "pi" }),
  ];
  m = await mount({ ports, columns, rows });
  // Asked pi first, then claude, then codex.
  ports[2]!.emit(call("p1", "touch pi.txt", 1_000));
  ports[0]!.emit(call("c1", "touch claude.txt", 2_000));
  ports[1]!.emit(call("x1", "mkdir codex", 3_000));
  await m.flush();
  return ports;
}

describe("the inbox overlay", () => {
  for (const [columns, rows] of [
    [50, 20],
    [80, 24],
  ] as const)
    it(`at ${columns}×${rows} lists every pane's waiting call oldest first, with the rail's count and every key`, async () => {
      await threeWaiting(columns, rows);
      expect(m!.frame().split("\n")[0]).toContain("⚠3");
      await m!.type(KEYS.alt("A"));
      const frame = m!.frame();
      const order = ["touch pi.txt", "touch claude.txt", "mkdir codex"].map((t) => frame.indexOf(t));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(frame).toContain("inbox · 3 waiting");
      expect(frame).toContain("3:pi · Bash · waited");
      // What A would allow for the chosen call, and every key, read whole.
      expect(frame.replace(/[│\s]+/g, " ")).toContain("A allow always: Bash `touch <args>` inside the workspace");
      for (const key of ["a allow", "d deny", "A always", "Enter goes to its pane", "Esc closes"])
        expect(frame.replace(/[│\s]+/g, " ")).toContain(key);
    });

  it("at 80×24 offers only the decisions the chosen row's harness takes: no abstain or edit where its channel refuses them", async () => {
    const ports = [
      // As claude's session channel: nobody further checks a call, so abstain would only deny.
      new FakePort({ harness: "claude", support: { abstain: false, replace: false } }),
      new FakePort({ harness: "codex", support: { abstain: true, replace: true } }),
    ];
    m = await mount({ ports, columns: 80, rows: 24 });
    ports[0]!.emit(call("c1", "touch claude.txt", 1_000));
    ports[1]!.emit(call("x1", "mkdir codex", 2_000));
    await m.flush();
    await m.type(KEYS.alt("A"));
    const claudeKeys = m.frame().replace(/[│\s]+/g, " ");
    expect(claudeKeys).toContain("a allow");
    expect(claudeKeys).not.toContain("abstain");
    expect(claudeKeys).not.toContain("e edit");
    await m.type("\u001b[B");
    const codexKeys = m.frame().replace(/[│\s]+/g, " ");
    expect(codexKeys).toContain("s abstain");
    expect(codexKeys).toContain("e edit");
  });

  it("names each row's harness when the session's own name does not say it (hmux new pi --name worker)", async () => {
    const ports = [
      new FakePort({ harness: "pi", label: "worker" }),
      new FakePort({ harness: "codex", label: "codex-2" }),
    ];
    m = await mount({ ports, columns: 80, rows: 24 });
    ports[0]!.emit(call("w1", "touch worker.txt", 1_000));
    ports[1]!.emit(call("x1", "touch codex.txt", 2_000));
    await m.flush();
    await m.type(KEYS.alt("A"));
    const frame = m.frame();
    expect(frame).toContain("1:worker · pi · Bash · waited");
    // The server's default name already says it: not twice.
    expect(frame).toContain("2:codex-2 · Bash · waited");
  });

  it("decides the chosen row where it is: a allows pi's call, ↓ then A allows claude's with scope session", async () => {
    const ports = await threeWaiting(80, 24);
    await m!.type(KEYS.alt("A"), "a");
    expect(ports[2]!.intents).toEqual([{ kind: "decide", callId: "p1", decision: { decision: "allow" } }]);
    // The decided call leaves the list as its session says so.
    ports[2]!.emit({ kind: "approval-cleared", callId: "p1", reason: "decided" });
    await m!.flush();
    expect(m!.frame()).toContain("inbox · 2 waiting");
    await m!.type("A");
    expect(ports[0]!.intents).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "allow" }, scope: "session" },
    ]);
    expect(ports[1]!.intents).toEqual([]);
  });

  it("d goes to the call's pane with the reason field open, and Enter there denies that call", async () => {
    const ports = await threeWaiting(80, 24);
    await m!.type(KEYS.alt("A"), "\u001b[B", "\u001b[B", "d");
    expect(m!.store.state.overlay).toBeNull();
    expect(m!.store.state.panes[m!.store.state.focus]).toBe(m!.store.state.compose?.sessionKey);
    await m!.type("not now", KEYS.enter);
    expect(ports[1]!.intents).toEqual([
      { kind: "decide", callId: "x1", decision: { decision: "deny", reason: "not now" } },
    ]);
  });

  it("Enter goes to the chosen row's pane", async () => {
    await threeWaiting(80, 24);
    await m!.type(KEYS.alt("A"), "\u001b[B", KEYS.enter);
    expect(m!.store.state.overlay).toBeNull();
    expect(m!.store.state.focus).toBe(0);
  });
});

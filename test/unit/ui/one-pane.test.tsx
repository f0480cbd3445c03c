/**
 * A phone's ssh client (50×20): one pane at a time, the rail numbering every pane, Alt+←/→ (and
 * Alt+1…9) switching which one shows; the focused pane's approval keys read with their labels.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

describe("one pane at a time below 60 columns", () => {
  it("at 50×20 shows only the focused pane, switches with Alt+→ and Alt+3, and labels every approval key", async () => {
    const ports = [
      new FakePort({ harness: "claude" }),
      new FakePort({ harness: "codex" }),
      new FakePort({ harness: "pi" }),
    ];
    m = await mount({ ports, columns: 50, rows: 20 });
    ports[0]!.emit({
      kind: "approval-request",
      call: { callId: "c1", tool: "Bash", input: { command: "touch a" }, openedAt: 0, deadlineAt: null },
    });
    await m.flush();
    await m.type(KEYS.alt("1"));
    const first = m.frame();
    expect(first).toContain("1 claude");
    expect(first).not.toContain("2 codex ·");
    expect(first.split("\n")[0]).toMatch(/1:claude .*2:codex .*3:pi/);
    const flat = first.replace(/[┃│\s]+/g, " ");
    for (const k of ["a allow", "d deny", "e edit", "s abstain", "f full view"]) expect(flat).toContain(k);
    await m.type(KEYS.altRight);
    expect(m.frame()).toContain("2 codex");
    expect(m.frame()).not.toContain("1 claude ·");
    await m.type(KEYS.alt("3"));
    expect(m.frame()).toContain("3 pi");
    await m.type(KEYS.altRight);
    expect(m.frame()).toContain("1 claude");
  });

  it("at 50×20 the rail, the pane switcher, shows every pane's number and state when their names do not fit", async () => {
    const ports = ["claude-1", "pi-1", "claude-2", "pi-2", "codex-3"].map(
      (label) => new FakePort({ harness: label.replace(/-\d+$/, ""), label }),
    );
    m = await mount({ ports, columns: 50, rows: 20 });
    const asking = (callId: string) => ({
      kind: "approval-request" as const,
      call: { callId, tool: "Bash", input: { command: "touch a" }, openedAt: 0, deadlineAt: null },
    });
    for (const p of [ports[3]!, ports[4]!]) {
      p.emit(asking(`call-${p.info.label}`));
      p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
    }
    await m.flush();
    await m.type(KEYS.alt("1"));
    const rail = m.frame().split("\n")[0]!;
    expect([...rail].length).toBeLessThanOrEqual(50);
    // The focused pane keeps its name; each other one keeps at least its number and its state.
    expect(rail).toContain("1:claude-1 ");
    for (const n of ["2", "3"]) expect(rail).toMatch(new RegExp(`\\b${n}(:\\S+ )?[^\\s!:]`));
    for (const n of ["4", "5"]) expect(rail).toMatch(new RegExp(`\\b${n}(:\\S+ )?!`));
  });
});

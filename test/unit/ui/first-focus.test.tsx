/** Focus starts on the pane that needs you: until the person's first key, it follows the first request. */
import { afterEach, describe, expect, it } from "vitest";
import { focusedView } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const three = () => [
  new FakePort({ harness: "claude" }),
  new FakePort({ harness: "codex" }),
  new FakePort({ harness: "pi" }),
];
const ask = (p: FakePort, callId: string, openedAt = 1000) => {
  p.emit({
    kind: "approval-request",
    call: { callId, tool: "Bash", input: { command: "ls" }, openedAt, deadlineAt: null },
  });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};
const focused = () => focusedView(m!.store.state)?.info.harness;

describe("where focus starts", () => {
  it("the first request moves focus to its pane while the person has pressed nothing, and the rail and focus agree", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    for (const p of ports) p.emit({ kind: "state", from: "starting", to: "running" });
    ask(ports[0]!, "c1");
    ask(ports[1]!, "x1");
    await m.flush();
    expect(m.frame().split("\n")[0]).toContain("approval needed in pane 1 (+1)");
    expect(focused()).toBe("claude");
    // The focused pane is drawn with the heavy border: its top-left corner is on the first pane row.
    expect(m.frame().split("\n")[1]).toMatch(/^┏/);
  });

  it("a request opened earlier but arriving later takes focus with the rail: both name the same pane", async () => {
    const ports = three();
    m = await mount({ ports, columns: 160, rows: 48 });
    ask(ports[0]!, "c1", 5000);
    await m.flush();
    expect(focused()).toBe("claude");
    ask(ports[1]!, "x1", 1000);
    await m.flush();
    expect(m.frame().split("\n")[0]).toContain("approval needed in pane 2 (+1)");
    expect(focused()).toBe("codex");
  });

  it("a session opening after the first request does not take focus from it", async () => {
    const ports = three();
    m = await mount({ ports: ports.slice(0, 2), columns: 80, rows: 24 });
    ask(ports[0]!, "c1");
    await m.flush();
    m.store.addSession(ports[2]!);
    await m.flush();
    expect(focused()).toBe("claude");
  });

  it("once the person has typed into a pane, a request elsewhere leaves focus where they are", async () => {
    const ports = three();
    m = await mount({ ports, columns: 80, rows: 24 });
    for (const p of ports) p.emit({ kind: "state", from: "starting", to: "idle" });
    await m.flush();
    await m.type("hel");
    ask(ports[0]!, "c1");
    await m.flush();
    expect(focused()).toBe("pi");
  });
});

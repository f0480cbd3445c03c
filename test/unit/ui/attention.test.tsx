import { afterEach, describe, expect, it } from "vitest";
import { buildKeymap } from "../../../src/ui/config/ui-config.js";
import { focusedView } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const three = () => [
  new FakePort({ harness: "claude" }),
  new FakePort({ harness: "codex" }),
  new FakePort({ harness: "pi" }),
];
const ask = (p: FakePort, callId: string, openedAt: number) => {
  p.emit({
    kind: "approval-request",
    call: { callId, tool: "Bash", input: { command: "ls" }, openedAt, deadlineAt: null },
  });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};
const rail = () => m!.frame().split("\n")[0]!;
const focused = () => focusedView(m!.store.state)?.info.harness;

describe("approvals across panes", () => {
  it("the rail names the request that has waited longest, not the lowest pane", async () => {
    const ports = three();
    m = await mount({ ports });
    ask(ports[2]!, "p1", 1000);
    ask(ports[0]!, "c1", 5000);
    await m.flush();
    expect(rail()).toContain("approval needed in pane 3 (+1) · Alt+a goes there");
  });

  it("the jump key is rebound by its config action name, and the rail names the key as bound", async () => {
    const ports = three();
    m = await mount({ ports, keymap: buildKeymap({ "jump-attention": "alt+j" }) });
    ask(ports[1]!, "x1", 1000);
    await m.flush();
    expect(rail()).toContain("approval needed in pane 2 · Alt+j goes there");
    await m.type(KEYS.alt("3"), KEYS.alt("a"));
    expect(focused()).toBe("pi");
    await m.type(KEYS.alt("j"));
    expect(focused()).toBe("codex");
  });

  it("Alt+a jumps to the longest-waiting approval, then to the next once it is decided", async () => {
    const ports = three();
    m = await mount({ ports });
    ask(ports[1]!, "x1", 1000);
    ask(ports[0]!, "c1", 2000);
    await m.type(KEYS.alt("3"), KEYS.alt("a"));
    expect(focused()).toBe("codex");
    await m.type("a");
    expect(ports[1]!.intents).toEqual([{ kind: "decide", callId: "x1", decision: { decision: "allow" } }]);
    ports[1]!.emit({ kind: "approval-cleared", callId: "x1", reason: "decided" });
    await m.flush();
    await m.type(KEYS.alt("a"));
    expect(focused()).toBe("claude");
  });

  it("Alt+a reopens a closed pane that waits, in its own place", async () => {
    const ports = three();
    m = await mount({ ports });
    await m.type(KEYS.alt("2"), KEYS.alt("w"));
    ask(ports[1]!, "x1", 1000);
    await m.flush();
    expect(rail()).toContain("approval needed in closed pane (codex)");
    await m.type(KEYS.alt("a"));
    expect(focused()).toBe("codex");
    expect(m.frame()).toContain("2 codex");
  });
});

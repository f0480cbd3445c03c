import { afterEach, describe, expect, it } from "vitest";
import { splitKeyBurst } from "../../../src/ui/keys/key-bursts.js";
import { draftOf, focusedKey } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const idle = (p: FakePort) => p.emit({ kind: "state", from: "starting", to: "idle" });
const approval = (p: FakePort, input: unknown) => {
  p.emit({ kind: "approval-request", call: { callId: "c1", tool: "Bash", input, openedAt: 0, deadlineAt: null } });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};
const draft = () => draftOf(m!.store.state, focusedKey(m!.store.state));
const burst = (n: number) => KEYS.backspace.repeat(n);

describe("a burst of keys read at once", () => {
  it("splits control bytes into keys of their own and keeps printable runs whole", () => {
    expect(splitKeyBurst("\u007f\u007f\u007f")).toEqual(["\u007f", "\u007f", "\u007f"]);
    expect(splitKeyBurst("ab\u007fcd\u0017")).toEqual(["ab", "\u007f", "cd", "\u0017"]);
    expect(splitKeyBurst("pasted text\rline two")).toEqual(["pasted text\rline two"]);
    expect(splitKeyBurst("\u001b[<64;5;5M")).toEqual(["\u001b[<64;5;5M"]);
  });

  it("three Backspaces in one read erase three characters of the prompt", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    idle(p);
    await m.flush();
    await m.type("hdase", burst(3));
    expect(draft()).toBe("hd");
    await m.type("xy");
    expect(draft()).toBe("hdxy");
    expect(m.frame()).toContain("› hdxy");
  });

  it("a burst of Backspaces and letters in the deny-reason field applies each in order", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    approval(p, { command: "rm -rf build" });
    await m.flush();
    await m.type("d", "use makx", `${burst(1)}e clean${burst(6)}`);
    expect(draft()).toBe("use make");
    await m.type(" it", KEYS.enter);
    expect(p.intents).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "deny", reason: "use make it" } },
    ]);
  });

  it("a burst of Backspaces in the edit field leaves the JSON it should", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    approval(p, { command: "ls" });
    await m.flush();
    await m.type("e", burst(2), ' -la"}', KEYS.enter);
    expect(p.intents).toEqual([
      { kind: "decide", callId: "c1", decision: { decision: "replace", input: { command: "ls -la" } } },
    ]);
  });
});

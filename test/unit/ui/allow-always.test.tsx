import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const ask = (p: FakePort, callId: string, command: string, tool = "Bash") =>
  p.emit({ kind: "approval-request", call: { callId, tool, input: { command }, openedAt: 0, deadlineAt: null } });
const clear = (p: FakePort, callId: string) => p.emit({ kind: "approval-cleared", callId, reason: "decided" });
const decided = (p: FakePort) =>
  p.intents.filter((i) => i.kind === "decide").map((i) => (i as { callId: string }).callId);

describe("allow always, for this session", () => {
  it("A allows the call and later calls with the same command prefix, and only in this session", async () => {
    const p = new FakePort({ harness: "claude" });
    const other = new FakePort({ harness: "codex" });
    m = await mount({ ports: [other, p] });
    ask(p, "c1", "npm test --watch=false");
    await m.flush();
    expect(m.frame()).toMatch(/a allow .*\bA( always)?\s*[│┃]/);
    await m.type("A");
    expect(decided(p)).toEqual(["c1"]);
    clear(p, "c1");
    ask(p, "c2", "npm run build");
    ask(p, "c3", "rm -rf build");
    ask(other, "x1", "npm run build");
    await m.flush();
    expect(decided(p)).toEqual(["c1", "c2"]);
    expect(decided(other)).toEqual([]);
  });

  it("the inspector lists the rule, says it is in no settings file, and a digit revokes it", async () => {
    const p = new FakePort({ harness: "claude" });
    m = await mount({ ports: [p], rows: 40 });
    ask(p, "c1", "npm test");
    await m.flush();
    await m.type("A");
    clear(p, "c1");
    await m.flush();
    await m.type(KEYS.alt("i"));
    expect(m.frame()).toContain("session rules (1) · kept in no file");
    expect(m.frame()).toContain("1. allow Bash $ npm …");
    await m.type("1");
    expect(m.frame()).toContain("session rules (0)");
    await m.type(KEYS.escape);
    ask(p, "c2", "npm test");
    await m.flush();
    expect(decided(p)).toEqual(["c1"]);
  });
});

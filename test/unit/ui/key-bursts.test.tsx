import { afterEach, describe, expect, it } from "vitest";
import { InputAssembler } from "../../../src/ui/keys/key-bursts.js";
import { splitKeys } from "../../../src/ui/keys/key-extent.js";
import type { NewSessionRequest } from "../../../src/ui/session-launcher.js";
import { anchorOf, draftOf, focusedKey } from "../../../src/ui/store/ui-state.js";
import { refusedPlan } from "./fake-launcher.js";
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
const DOWN = "\u001b[B";
const paste = (text: string) => `\u001b[200~${text}\u001b[201~`;

describe("a burst of keys read at once", () => {
  it("is one key per character, an escape sequence whole, cut where Ink's parser cuts", () => {
    expect(splitKeys("\u007f\u007f\u007f")).toEqual(["\u007f", "\u007f", "\u007f"]);
    expect(splitKeys("ab\u007fc\r")).toEqual(["a", "b", "\u007f", "c", "\r"]);
    expect(splitKeys("\u001b[<64;5;5M")).toEqual(["\u001b[<64;5;5M"]);
    // Arrows, Alt+arrows, F1 (SS3, xterm's legacy form, rxvt's), Alt+n, Alt with an arrow, rxvt's Shift+Insert.
    expect(splitKeys("a\u001b[Ab\u001b[1;3D\u001bOP\u001b[[A\u001b[11~\u001bn\u001b\u001b[B\u001b[2$z")).toEqual([
      "a",
      "\u001b[A",
      "b",
      "\u001b[1;3D",
      "\u001bOP",
      "\u001b[[A",
      "\u001b[11~",
      "\u001bn",
      "\u001b\u001b[B",
      "\u001b[2$",
      "z",
    ]);
    // A character outside the BMP is one key; Alt+Escape is one key.
    expect(splitKeys("\u{1f600}x\u001b\u001by")).toEqual(["\u{1f600}", "x", "\u001b\u001b", "y"]);
    // A sequence still open when the read ends is one key: Ink's parser waits for the rest.
    expect(splitKeys("x\u001b[1;")).toEqual(["x", "\u001b[1;"]);
    expect(splitKeys("x\u001b")).toEqual(["x", "\u001b"]);
  });

  it("a bracketed paste is one unit of text, whatever reads and escape sequences it spans", () => {
    const a = new InputAssembler();
    expect(a.feed("x")).toEqual([{ kind: "key", data: "x" }]);
    expect(a.feed("\u001b[200~")).toEqual([]);
    expect(a.feed("line one\rline")).toEqual([]);
    expect(a.feed("\u001b[31m")).toEqual([]);
    // The end marker cut in two by the reads.
    expect(a.feed(" two\u001b[20")).toEqual([]);
    expect(a.feed("1~y\r")).toEqual([
      { kind: "paste", text: "line one\rline\u001b[31m two" },
      { kind: "key", data: "y" },
      { kind: "key", data: "\r" },
    ]);
    expect(a.feed("a\u001b[200~b\u001b[201~\u001b[A")).toEqual([
      { kind: "key", data: "a" },
      { kind: "paste", text: "b" },
      { kind: "key", data: "\u001b[A" },
    ]);
  });

  it("text and Enter in one read send the prompt (the Enter is not lost in the text)", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    idle(p);
    await m.flush();
    await m.type("hello there\r");
    expect(p.intents).toEqual([{ kind: "send", text: "hello there", mode: "turn" }]);
    expect(draft()).toBe("");
  });

  it("d, a reason and Enter in one read on an approval deny it with that reason", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    approval(p, { command: "rm -rf build" });
    await m.flush();
    await m.type("dbecause\r");
    expect(p.intents).toEqual([{ kind: "decide", callId: "c1", decision: { decision: "deny", reason: "because" } }]);
    expect(draft()).toBe("");
    expect(m.store.state.compose).toBeNull();
  });

  it("an approval letter in one read with more text acts, and the rest is typed after it", async () => {
    const p = new FakePort({ support: { steer: false, inject: true, replace: true, abstain: true, denyReason: true } });
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    approval(p, { command: "ls" });
    await m.flush();
    await m.type("anext");
    expect(p.intents).toEqual([{ kind: "decide", callId: "c1", decision: { decision: "allow" } }]);
    expect(draft()).toBe("next");
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

  it("arrows typed before Enter in one read move the cursor first", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    idle(p);
    await m.flush();
    await m.type("helo\u001b[D");
    await m.type("l\r");
    expect(p.intents).toEqual([{ kind: "send", text: "hello", mode: "turn" }]);
  });
});

describe("terminal reports in a burst of keys", () => {
  it("a wheel report and focus reports read with text act as reports, and only the text reaches the input line", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24, mouse: true, focusReports: true, terminalWrite: () => {} });
    idle(p);
    for (let i = 0; i < 60; i++) p.emit({ kind: "message", role: "assistant", text: `line ${i}` });
    await m.flush();
    await m.type("ab\u001b[O\u001b[<64;10;10Mc");
    expect(draft()).toBe("abc");
    expect(m.store.state.terminalFocused).toBe(false);
    expect(anchorOf(m.store.state, focusedKey(m.store.state)!)).not.toBeNull();
    await m.type("\u001b[Id");
    expect(draft()).toBe("abcd");
    expect(m.store.state.terminalFocused).toBe(true);
  });
});

describe("a bracketed paste", () => {
  it("is text on the input line, its line breaks kept and not taken for Enter", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    idle(p);
    await m.flush();
    await m.type(paste("first line\rsecond line\n"));
    expect(p.intents).toEqual([]);
    expect(draft()).toBe("first line\nsecond line\n");
    expect(m.frame()).toContain("› first line↵second line↵");
    await m.type(KEYS.enter);
    expect(p.intents).toEqual([{ kind: "send", text: "first line\nsecond line", mode: "turn" }]);
  });

  it("of an approval letter on an approval is text, not the letter's decision", async () => {
    const p = new FakePort({ support: { steer: false, inject: true, replace: true, abstain: true, denyReason: true } });
    m = await mount({ ports: [p], columns: 80, rows: 24 });
    approval(p, { command: "ls" });
    await m.flush();
    await m.type(paste("a"));
    expect(p.intents).toEqual([]);
    expect(draft()).toBe("a");
  });
});

describe("the new-session dialog, keys in one read", () => {
  const launcher = (seen: NewSessionRequest[]) => ({
    defaultHarness: "claude",
    plan: () => refusedPlan({ message: "no" }),
    launch: async (r: NewSessionRequest) => (seen.push(r), new FakePort()),
  });
  /** The request Enter asked the server to plan and then start. */
  const started = () => {
    const next = m?.store.state.planCheck?.next;
    return next?.kind === "launch" ? next.request : null;
  };

  it("text after arrows goes to the field the cursor moved to", async () => {
    const seen: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 80, rows: 24, launcher: launcher(seen) });
    await m.type(KEYS.alt("n"));
    await m.type(`${DOWN}${DOWN}${DOWN}/nonexistent`);
    expect(m.frame()).toMatch(/› cwd\s+\/nonexistent/);
    expect(m.frame()).toMatch(/ harness\s+claude\s*│/);
    await m.type(`${DOWN}${DOWN}maybe?\r`);
    expect(started()).toEqual({ harness: "claude", cwd: "/nonexistent", prompt: "maybe?" });
    expect(seen).toEqual([]);
  });

  it("keys read with the Alt+n that opens it reach the dialog, in order", async () => {
    const seen: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 80, rows: 24, launcher: launcher(seen) });
    await m.type(`${KEYS.alt("n")}${DOWN}gpt-x${DOWN}high\r`);
    expect(started()).toEqual({ harness: "claude", model: "gpt-x", effort: "high" });
  });

  it("a paste goes into the active field as one line", async () => {
    const seen: NewSessionRequest[] = [];
    m = await mount({ ports: [new FakePort()], columns: 80, rows: 24, launcher: launcher(seen) });
    await m.type(KEYS.alt("n"));
    await m.type(`${DOWN}${DOWN}${DOWN}${DOWN}${DOWN}`, paste("two\nlines\t"), "\r");
    expect(started()).toEqual({ harness: "claude", prompt: "two lines" });
  });
});

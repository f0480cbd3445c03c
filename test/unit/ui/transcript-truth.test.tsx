import { afterEach, describe, expect, it } from "vitest";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const approval = (p: FakePort, input: unknown) => {
  p.emit({ kind: "turn", turnId: "s:turn-1", id: "ui-prompt-1" });
  p.emit({ kind: "state", from: "idle", to: "running" });
  p.emit({ kind: "tool", phase: "call", callId: "c1", name: "Bash", input });
  p.emit({ kind: "approval-request", call: { callId: "c1", tool: "Bash", input, openedAt: 0, deadlineAt: null } });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
};

describe("the transcript shows what happened", () => {
  it("the prompt a pane starts with shows as the first turn's text on every harness, once even when echoed", async () => {
    const silent = new FakePort({ label: "quiet", initialPrompt: "Show me the hmux demo." });
    const echoing = new FakePort({ label: "echo", initialPrompt: "Show me the hmux demo." });
    m = await mount({ ports: [silent, echoing] });
    for (const p of [silent, echoing]) p.emit({ kind: "turn", turnId: "s:turn-1", id: "ui-prompt-1" });
    echoing.emit({ kind: "message", role: "user", text: "Show me the hmux demo." });
    await m.flush();
    const shown = m.frame().match(/› Show me the hmux demo\./g) ?? [];
    expect(shown).toHaveLength(2);
  });

  it("every turn shows its prompt, even the same words sent again after an interrupted turn", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "state", from: "starting", to: "idle" });
    await m.flush();
    for (const n of [1, 2]) {
      await m.type("[[slow:30000]] go slow", KEYS.enter);
      p.emit({ kind: "turn", turnId: `s:turn-${n}`, id: `ui-prompt-${n}` });
      p.emit({ kind: "state", from: "idle", to: "running" });
      await m.flush();
      await m.type(KEYS.escape);
      p.emit({ kind: "progress", label: "interrupted", detail: "[Request interrupted by user]" });
      p.emit({ kind: "done", exitCode: null, cause: "interrupted" });
      p.emit({ kind: "state", from: "running", to: "idle" });
      await m.flush();
    }
    const f = m.frame();
    expect(f.match(/› \[\[slow:30000\]\] go slow/g)).toHaveLength(2);
    expect(f).not.toContain("› [Request interrupted");
  });

  it("an edited command is shown as what ran, marked edited", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p, { command: "touch hmux-demo.txt" });
    await m.flush();
    await m.type("e", KEYS.ctrl("u"), '{"command":"echo edited"}', KEYS.enter);
    const decision = p.intents.at(-1);
    expect(decision).toEqual({
      kind: "decide",
      callId: "c1",
      decision: { decision: "replace", input: { command: "echo edited" } },
    });
    p.emit({
      kind: "approval-disposition",
      callId: "c1",
      decision: { decision: "replace", input: { command: "echo edited" } },
      decider: "person",
      status: "sent",
    });
    p.emit({ kind: "tool", phase: "result", callId: "c1", output: "edited", isError: false });
    await m.flush();
    const f = m.frame();
    expect(f).toContain("✓ Bash $ echo edited (edited)");
    expect(f).not.toContain("touch hmux-demo.txt");
  });

  it("a turn the session says ended interrupted is shown interrupted, not clean", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p, { path: "README.md" });
    await m.flush();
    await m.type(KEYS.escape);
    expect(p.intents).toContainEqual({ kind: "interrupt" });
    p.emit({ kind: "approval-cleared", callId: "c1", reason: "turn-ended" });
    p.emit({ kind: "done", exitCode: null, cause: "interrupted" });
    p.emit({ kind: "state", from: "awaiting-approval", to: "idle" });
    await m.flush();
    expect(m.frame()).toMatch(/turn 1 ■ \S+ · interrupted/);
    expect(m.frame()).not.toContain("· clean");
  });

  it("a turn nobody interrupted still ends clean", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "turn", turnId: "s:turn-1", id: "ui-prompt-1" });
    p.emit({ kind: "done", exitCode: null, cause: "clean" });
    await m.flush();
    expect(m.frame()).toMatch(/turn 1 ■ \S+ · clean/);
  });

  it("an answer picked by number is echoed in the transcript, once", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "state", from: "starting", to: "idle" });
    p.emit({ kind: "session", sessionId: "s", harness: "claude", origin: "fresh", escalateQuestions: true });
    p.emit({
      kind: "message",
      role: "assistant",
      text: 'One decision:\n```hcn-question\n{"question":"Keep it?","options":["keep it","delete it"]}\n```',
    });
    await m.flush();
    expect(m.frame()).toContain("Keep it?");
    await m.type("1");
    const sent = p.intents.at(-1);
    expect(sent?.kind).toBe("send");
    // The harness echoes the turn in its protocol wording: still one line with the answer.
    p.emit({ kind: "message", role: "user", text: (sent as { text: string }).text });
    await m.flush();
    expect(m.frame().match(/› keep it/g)).toHaveLength(1);
  });

  it("after a halt the closing and a refused decision are each said once, without internal ids", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    approval(p, { command: "ls" });
    const rejected = {
      kind: "approval-disposition" as const,
      callId: "c1",
      decision: { decision: "deny" as const, reason: "halted" },
      decider: "person" as const,
      status: "rejected" as const,
      reason: "stdin is closed",
    };
    p.emit(rejected, rejected);
    p.emit({ kind: "closed", exitCode: 0, cause: "killed" }, { kind: "closed", exitCode: 0, cause: "killed" });
    await m.flush();
    const f = m.frame();
    expect(f.match(/not delivered: stdin is closed/g)).toHaveLength(1);
    expect(f.match(/session closed \(/g)).toHaveLength(1);
    expect(f).not.toContain("c1");
  });
});

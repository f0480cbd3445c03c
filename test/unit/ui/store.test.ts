import { describe, expect, it } from "vitest";
import { composePrompt } from "../../../src/core/question.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { MAX_ENTRIES } from "../../../src/ui/store/session-view.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

function setup() {
  const clock = new ManualScheduler();
  const store = new AppStore({ scheduler: clock, commitMs: 100 });
  const port = new FakePort();
  const key = store.addSession(port);
  store.start();
  return { clock, store, port, key, view: () => store.state.sessions.get(key)! };
}

describe("view-model store", () => {
  it("events are coalesced: React sees them only at the commit cadence", () => {
    const { clock, store, port } = setup();
    port.emit({ kind: "state", from: "starting", to: "idle" });
    clock.advance(100);
    let commits = 0;
    store.subscribe(() => commits++);
    for (let i = 0; i < 50; i++) port.emit({ kind: "token", text: `w${i} ` });
    expect(commits).toBe(0);
    clock.advance(100);
    expect(commits).toBe(1);
    clock.advance(300);
    expect(commits).toBe(1);
  });

  it("streamed tokens join one assistant entry that the final message replaces", () => {
    const { port, view } = setup();
    port.emit({ kind: "token", text: "hel" }, { kind: "token", text: "lo" });
    expect(view().entries).toHaveLength(1);
    expect(view().entries[0]).toMatchObject({ kind: "message", text: "hello", streaming: true });
    port.emit({ kind: "message", role: "assistant", text: "hello there" });
    expect(view().entries).toHaveLength(1);
    expect(view().entries[0]).toMatchObject({ text: "hello there", streaming: false });
  });

  it("keeps only a bounded tail of the transcript", () => {
    const { port, view } = setup();
    for (let i = 0; i < MAX_ENTRIES + 50; i++) port.emit({ kind: "message", role: "assistant", text: `m${i}` });
    expect(view().entries).toHaveLength(MAX_ENTRIES);
    expect(view().evicted).toBe(50);
    expect(view().entries[0]).toMatchObject({ text: "m50" });
  });

  it("a tool call moves pending → running → ok through approval and result", () => {
    const { port, view } = setup();
    const call = { callId: "c1", tool: "Bash", input: { command: "ls" }, openedAt: 0, deadlineAt: null };
    port.emit({ kind: "approval-request", call });
    expect(view().entries.at(-1)).toMatchObject({ kind: "tool", status: "pending", summary: "$ ls" });
    expect(view().approvals).toHaveLength(1);
    port.emit({ kind: "tool", phase: "call", callId: "c1", name: "Bash", input: { command: "ls" } });
    expect(view().entries.at(-1)).toMatchObject({ status: "pending" });
    port.emit({
      kind: "approval-disposition",
      callId: "c1",
      decision: { decision: "allow" },
      decider: "person",
      status: "sent",
    });
    expect(view().approvals).toHaveLength(0);
    expect(view().entries.at(-1)).toMatchObject({ status: "running" });
    port.emit({ kind: "tool", phase: "result", callId: "c1", output: "a\nb", isError: false });
    expect(view().entries.at(-1)).toMatchObject({ status: "ok", output: "a\nb" });
    expect(view().entries.filter((e) => e.kind === "tool")).toHaveLength(1);
  });

  it("a denied call records the reason; a failed result is failed", () => {
    const { port, view } = setup();
    port.emit({
      kind: "approval-request",
      call: { callId: "c2", tool: "Write", input: {}, openedAt: 0, deadlineAt: null },
    });
    port.emit({
      kind: "approval-disposition",
      callId: "c2",
      decision: { decision: "deny", reason: "not there" },
      decider: "person",
      status: "sent",
    });
    expect(view().entries.at(-1)).toMatchObject({ status: "denied", reason: "not there" });
    port.emit(
      { kind: "tool", phase: "call", callId: "c3", name: "Bash" },
      { kind: "tool", phase: "result", callId: "c3", output: "boom", isError: true },
    );
    expect(view().entries.at(-1)).toMatchObject({ status: "failed" });
  });

  it("turns get start and end markers with a duration", () => {
    const { clock, port, view } = setup();
    port.emit({ kind: "turn", turnId: "t1", id: "p1" });
    clock.advance(2500);
    port.emit({ kind: "done", exitCode: 0, cause: "clean" });
    expect(view().entries.map((e) => e.kind)).toEqual(["turn-start", "turn-end"]);
    expect(view().entries[1]).toMatchObject({ durationMs: 2500, cause: "clean" });
  });

  it("a question is open until the session leaves awaiting-input", () => {
    const { port, view } = setup();
    port.emit({ kind: "question", question: "Which?", options: ["a", "b"], recommended: "b" });
    port.emit({ kind: "state", from: "running", to: "awaiting-input" });
    expect(view().question?.recommended).toBe("b");
    port.emit({ kind: "state", from: "awaiting-input", to: "running" });
    expect(view().question).toBeNull();
  });

  it("only a running focused session animates: its spinner ticks at the cadence", () => {
    const { clock, store, port } = setup();
    port.emit({ kind: "state", from: "starting", to: "running" });
    const tick0 = store.frame.tick;
    clock.advance(500);
    expect(store.frame.tick - tick0).toBe(5);
    const second = new FakePort();
    store.addSession(second);
    const tick1 = store.frame.tick;
    clock.advance(500);
    expect(store.frame.tick).toBe(tick1); // the new pane is focused but still starting: its badge does not spin
    port.emit({ kind: "state", from: "running", to: "idle" });
    second.emit({ kind: "state", from: "starting", to: "idle" });
    const tick2 = store.frame.tick;
    clock.advance(500);
    expect(store.frame.tick).toBe(tick2);
  });

  it("announces a transition to needs-you once, naming the pane and reason", () => {
    const clock = new ManualScheduler();
    const notes: string[] = [];
    const store = new AppStore({
      scheduler: clock,
      notifier: { notify: (_k: string, t: string, r: string) => (notes.push(`${t}: ${r}`), true) } as never,
    });
    const a = new FakePort({ harness: "claude" });
    const b = new FakePort({ harness: "codex" });
    store.addSession(a);
    store.addSession(b);
    // The person is in another window: even the focused pane is announced.
    store.dispatch({ kind: "terminal-focus", focused: false });
    const call = { callId: "c1", tool: "Bash", input: {}, openedAt: 0, deadlineAt: null };
    b.emit({ kind: "approval-request", call });
    b.emit({ kind: "approval-request", call: { ...call, callId: "c2" } });
    expect(notes).toEqual(["codex (pane 2): approval needed: Bash"]);
  });

  it("closing a pane leaves the session running and reopenable", () => {
    const { store, port, key } = setup();
    store.dispatch({ kind: "close-pane" });
    expect(store.state.panes).toEqual([]);
    expect(store.state.sessions.has(key)).toBe(true);
    expect(port.intents).toEqual([]);
    port.emit({ kind: "message", role: "assistant", text: "still here" });
    store.dispatch({ kind: "reopen-pane" });
    expect(store.state.panes).toEqual([key]);
    expect(store.state.sessions.get(key)!.entries.at(-1)).toMatchObject({ text: "still here" });
  });

  it("failure and closed events are kept with their class", () => {
    const { port, view } = setup();
    port.emit({
      kind: "closed",
      exitCode: 1,
      cause: "crash",
      failure: { class: "auth", retryable: true, message: "not logged in", hint: "run claude login" },
    });
    expect(view().lifecycle).toBe("failed");
    expect(view().lastFailure?.hint).toBe("run claude login");
    expect(view().entries.at(-1)).toMatchObject({ kind: "failure" });
  });
});

describe("view-model details seen with real harnesses", () => {
  it("interleaved thinking and text streams are completed, not duplicated, by final messages", () => {
    const { port, view } = setup();
    port.emit(
      { kind: "token", text: "hmm", thinking: true },
      { kind: "token", text: "Let me look" },
      { kind: "message", role: "assistant", text: "hmm.", thinking: true },
      { kind: "message", role: "assistant", text: "Let me look first." },
    );
    expect(view().entries.map((e) => e.kind)).toEqual(["thinking", "message"]);
    expect(view().entries[1]).toMatchObject({ text: "Let me look first.", streaming: false });
  });

  it("a harness echoing the user's prompt is shown once", () => {
    const { port, view } = setup();
    port.emit({ kind: "message", role: "user", text: "go" }, { kind: "message", role: "user", text: "go" });
    expect(view().entries).toHaveLength(1);
  });

  it("a prompt the harness echoes with hmux's question protocol is shown as typed, without the protocol text", () => {
    const { port, view } = setup();
    port.emit({ kind: "message", role: "user", text: composePrompt("Show me the demo.", "session") });
    expect(view().entries).toHaveLength(1);
    expect(view().entries[0]).toMatchObject({ role: "user", text: "Show me the demo." });
  });

  it("a harness echoing the prompt with hmux's question protocol before it is still shown once, as typed", () => {
    const { port, view } = setup();
    port.emit(
      { kind: "message", role: "user", text: "go" },
      { kind: "message", role: "user", text: composePrompt("go", "session") },
    );
    expect(view().entries).toHaveLength(1);
    expect(view().entries[0]).toMatchObject({ text: "go" });
  });
});

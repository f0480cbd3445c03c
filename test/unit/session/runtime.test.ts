import { describe, expect, it } from "vitest";
import { composePrompt, QUESTION_PREAMBLE_MARKER } from "../../../src/core/question.js";
import { testCapabilities as capabilities, ScriptedBridge } from "./scripted-bridge.js";
import { flush, setup } from "./session-fixture.js";

describe("session runtime: turns and dispositions", () => {
  it("a send while idle opens a turn whose id rides the send, then is started", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.send("in-1", "hello");
    expect(t.kinds()).toEqual(["session", "turn", "disposition"]);
    expect(t.events.find((e) => e.kind === "turn")).toMatchObject({ turnId: "s1:turn-1", id: "in-1" });
    expect(t.events.find((e) => e.kind === "disposition")).toMatchObject({ id: "in-1", disposition: "started" });
    expect(t.written()).toEqual([{ w: "send", text: composePrompt("hello", "no-escalate"), turnOpen: false }]);
  });

  it("a send during a turn is started now and opens the next turn when the harness holds it", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.send("in-1", "one");
    await t.handle.send("in-2", "two");
    expect(t.events.filter((e) => e.kind === "turn")).toHaveLength(1);
    await t.feed({ t: "end" });
    const turns = t.events.filter((e) => e.kind === "turn");
    expect(turns.map((e) => (e as { id: string }).id)).toEqual(["in-1", "in-2"]);
    expect(t.events.filter((e) => e.kind === "done")).toHaveLength(1);
  });

  it("an answer with no open question is rejected no-open-question, and after a question it carries the preamble", async () => {
    const t = setup();
    await t.handle.start();
    expect(await t.handle.answer("a-1", "prod")).toEqual({ disposition: "rejected", reason: "no-open-question" });
    await t.handle.send("in-1", "deploy?");
    await t.feed({ t: "ask-q", q: "which env?" }, { t: "end" });
    expect(t.events.filter((e) => e.kind === "done").at(-1)).toMatchObject({ cause: "awaiting-input" });
    expect(await t.handle.answer("a-2", "prod")).toEqual({ disposition: "started" });
    expect(t.written().at(-1)).toMatchObject({
      text: 'The user answered the question: "which env?" with: prod. Continue accordingly.',
    });
  });

  it("a malformed op line is an error event with no disposition, and the session keeps working", async () => {
    const t = setup();
    await t.handle.start();
    for (const bad of [
      "not json",
      "[]",
      '{"op":"send","id":"","text":"x"}',
      '{"op":"send","id":"x","text":3}',
      '{"op":"fly"}',
    ]) {
      expect(await t.handle.handleLine(bad)).toMatchObject({ kind: "error" });
    }
    expect(t.events.some((e) => e.kind === "disposition")).toBe(false);
    expect(await t.handle.handleLine('{"op":"send","id":"in-1","text":"ok"}')).toMatchObject({
      kind: "disposition",
      disposition: "started",
    });
  });

  it("a send after the session closed is rejected closed, and closed is the last event", async () => {
    const t = setup({ closeGraceMs: 0 });
    await t.handle.start();
    const closing = t.handle.close();
    await flush();
    t.clock.advance(1);
    await flush();
    await closing;
    expect(await t.handle.send("late", "x")).toEqual({ disposition: "rejected", reason: "closed" });
    expect(t.events.filter((e) => e.kind !== "disposition").at(-1)).toMatchObject({ kind: "closed", cause: "clean" });
  });

  it("sends waiting for the handshake are rejected before closed when the harness dies first", async () => {
    const t = setup({}, new ScriptedBridge(capabilities(), false));
    await t.handle.start();
    const pending = t.handle.send("in-1", "x");
    t.child().exit(1);
    expect(await pending).toEqual({ disposition: "rejected", reason: "closed" });
    await t.handle.closed;
    expect(t.events.at(-1)).toMatchObject({ kind: "closed", cause: "crash", exitCode: 1 });
  });

  it("a broken stdin rejects the send write-failed and closes the session", async () => {
    const t = setup();
    await t.handle.start();
    t.child().stdinEnded = true;
    expect(await t.handle.send("in-1", "x")).toEqual({ disposition: "rejected", reason: "write-failed" });
    t.child().exit(null, "SIGTERM");
    const closed = await t.handle.closed;
    expect(closed.cause).toBe("crash");
  });

  it("a stalled turn ends with cause stall and the session closes stall", async () => {
    const t = setup({ stallMs: 1000 });
    await t.handle.start();
    await t.handle.send("in-1", "x");
    t.clock.advance(999);
    expect(t.events.some((e) => e.kind === "done")).toBe(false);
    t.clock.advance(2);
    await flush();
    expect(t.events.find((e) => e.kind === "done")).toMatchObject({ cause: "stall" });
    t.clock.advance(6000);
    await t.handle.closed;
    expect(t.events.at(-1)).toMatchObject({ kind: "closed", cause: "stall" });
  });

  it("every event reaches the journal port, in the order subscribers see it", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.send("in-1", "x");
    await t.feed({ t: "say", text: "hi" }, { t: "end" });
    expect(t.journal).toEqual(t.events);
  });
});

describe("session runtime: the question protocol", () => {
  const block = (body: string) => `Before I go on:\n\n\`\`\`hcn-question\n${body}\n\`\`\``;

  it("the preamble rides the first send of the process once, and later sends go as typed", async () => {
    const t = setup({ escalateQuestions: true });
    await t.handle.start();
    await t.handle.send("in-1", "first");
    await t.feed({ t: "end" });
    await t.handle.send("in-2", "second");
    const texts = t
      .written()
      .filter((w) => w.w === "send")
      .map((w) => String(w.text));
    expect(texts[0]).toBe(composePrompt("first", "session"));
    expect(texts[1]).toBe("second");
    expect(texts.filter((x) => x.includes(QUESTION_PREAMBLE_MARKER))).toHaveLength(1);
  });

  it("a turn ending on an hcn-question block emits the question, ends awaiting-input, and an answer opens the next turn", async () => {
    const t = setup({ escalateQuestions: true });
    await t.handle.start();
    await t.handle.send("in-1", "deploy?");
    await t.feed(
      { t: "say", text: block('{"question":"which env?","options":["staging","prod"],"recommended":"staging"}') },
      { t: "end" },
    );
    expect(t.events.find((e) => e.kind === "question")).toMatchObject({
      question: "which env?",
      options: ["staging", "prod"],
      recommended: "staging",
    });
    expect(t.kinds().slice(-2)).toEqual(["question", "done"]);
    expect(t.events.filter((e) => e.kind === "done").at(-1)).toMatchObject({ cause: "awaiting-input" });
    expect(t.handle.snapshot().lifecycle).toBe("awaiting-input");
    expect(await t.handle.answer("a-1", "prod")).toEqual({ disposition: "started" });
    expect(t.written().at(-1)).toMatchObject({
      text: 'The user answered the question: "which env?" with: prod. Continue accordingly.',
    });
  });

  it("a malformed hcn-question block is a task failure, not a question", async () => {
    const t = setup({ escalateQuestions: true });
    await t.handle.start();
    await t.handle.send("in-1", "go");
    await t.feed({ t: "say", text: block('{"question":""}') }, { t: "end" });
    expect(t.events.some((e) => e.kind === "question")).toBe(false);
    expect(t.events.filter((e) => e.kind === "done").at(-1)).toMatchObject({
      cause: "failed",
      failure: { class: "task" },
    });
    expect(await t.handle.answer("a-1", "x")).toEqual({ disposition: "rejected", reason: "no-open-question" });
  });

  it("with escalation off a question block is only text: the turn ends clean", async () => {
    const t = setup({ escalateQuestions: false });
    await t.handle.start();
    await t.handle.send("in-1", "go");
    await t.feed({ t: "say", text: block('{"question":"which env?","options":["a","b"]}') }, { t: "end" });
    expect(t.events.some((e) => e.kind === "question")).toBe(false);
    expect(t.events.filter((e) => e.kind === "done").at(-1)).toMatchObject({ cause: "clean" });
  });
});

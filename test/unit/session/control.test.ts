import { describe, expect, it } from "vitest";
import { codexAppServer } from "../../../src/adapters/codex/capabilities.js";
import { composePrompt } from "../../../src/core/question.js";
import { testCapabilities as capabilities, ScriptedBridge } from "./scripted-bridge.js";
import { decide, flush, setup } from "./session-fixture.js";

async function withCall(over: Parameters<typeof setup>[0] = {}, bridge?: ScriptedBridge) {
  const t = setup(over, bridge);
  await t.handle.start();
  await t.handle.send("in-1", "go");
  await t.feed({ t: "ask", id: "c1", tool: "Bash", input: { command: "touch x" } });
  return t;
}
const decisions = (t: ReturnType<typeof setup>) => t.written().filter((w) => w.w === "decide");

describe("the seven control vectors (runtime, scripted bridge)", () => {
  it("allow runs: one decision line, an approval-disposition sent, the call cleared as decided", async () => {
    const t = await withCall();
    expect(t.events.find((e) => e.kind === "approval-request")).toMatchObject({ call: { callId: "c1", tool: "Bash" } });
    const answer = await t.handle.handleLine(decide("d1", "c1", { decision: "allow" }));
    expect(answer).toMatchObject({ kind: "command.result", id: "d1", outcome: { result: "ok" } });
    expect(decisions(t)).toEqual([{ w: "decide", id: "c1", decision: { decision: "allow" } }]);
    expect(t.events.find((e) => e.kind === "approval-disposition")).toMatchObject({
      decider: "program",
      status: "sent",
    });
    expect(t.events.find((e) => e.kind === "approval-cleared")).toMatchObject({ callId: "c1", reason: "decided" });
  });

  it("deny carries its reason to the harness, in the nested and the flat spelling alike", async () => {
    for (const line of [
      decide("d1", "c1", { decision: "deny", reason: "no shell here" }),
      JSON.stringify({
        format: "metaharness.command/1",
        id: "d1",
        command: "tool.decide",
        call_id: "c1",
        decision: "deny",
        reason: "no shell here",
      }),
    ]) {
      const t = await withCall();
      await t.handle.handleLine(line);
      expect(decisions(t)).toEqual([
        { w: "decide", id: "c1", decision: { decision: "deny", reason: "no shell here" } },
      ]);
    }
  });

  it("a deny without a reason is MALFORMED and decides nothing", async () => {
    const t = await withCall();
    const answer = await t.handle.handleLine(decide("d1", "c1", { decision: "deny", reason: "  " }));
    expect(answer).toMatchObject({ outcome: { result: "refused", refused: { code: "MALFORMED" } } });
    expect(decisions(t)).toEqual([]);
    expect(t.handle.snapshot().pending.map((c) => c.callId)).toEqual(["c1"]);
  });

  it("replace runs the new input where the channel carries it, and is refused by name where it does not", async () => {
    const t = await withCall();
    await t.handle.handleLine(decide("d1", "c1", { decision: "replace", input: { command: "ls" } }));
    expect(decisions(t)).toEqual([
      { w: "decide", id: "c1", decision: { decision: "replace", input: { command: "ls" } } },
    ]);

    const without = await withCall(
      {},
      new ScriptedBridge(capabilities({ harness: "codex", channel: codexAppServer, posture: "untrusted" })),
    );
    const refused = await without.handle.handleLine(
      decide("d2", "c1", { decision: "replace", input: { command: "ls" } }),
    );
    expect(refused).toMatchObject({ outcome: { result: "refused", refused: { code: "UNSUPPORTED_CONTROL" } } });
    expect((refused as { outcome: { refused: { reason: string } } }).outcome.refused.reason).toContain("replace");
    expect(decisions(without)).toEqual([]);
    expect(without.handle.snapshot().pending).toHaveLength(1);
  });

  it("an unanswered call is denied by hmux's own deadline, strictly below the harness's, saying in plain words how long nobody answered", async () => {
    const t = setup({ decisionBudgetMs: 60_000 });
    await t.handle.start();
    await t.handle.send("in-1", "go");
    await t.feed({ t: "ask", id: "c1", tool: "Bash", input: { command: "touch x" }, timeout: 10_000 });
    const call = t.handle.snapshot().pending[0]!;
    expect(call.deadlineAt! - call.openedAt).toBe(5_000);
    t.clock.advance(4_999);
    await flush();
    expect(decisions(t)).toEqual([]);
    t.clock.advance(1);
    await flush();
    const [d] = decisions(t);
    expect(d).toMatchObject({ decision: { decision: "deny" } });
    expect(String((d!.decision as { reason: string }).reason)).toBe(
      "nobody answered within 5 s (the harness itself waits only 10 s), so hmux denied it; the call did not run",
    );
    expect(t.events.find((e) => e.kind === "approval-disposition")).toMatchObject({ decider: "deadline" });
  });

  it("interrupt is a legal answer: every pending call is denied first, then the interrupt is written", async () => {
    const t = await withCall();
    await t.feed({ t: "ask", id: "c2", input: { command: "rm y" } });
    const answer = await t.handle.handleLine(
      JSON.stringify({ format: "metaharness.command/1", id: "i1", command: "interrupt", reason: "operator" }),
    );
    expect(answer).toMatchObject({ outcome: { result: "ok" } });
    expect(
      t
        .written()
        .slice(1)
        .map((w) => `${w.w}${w.id ? `:${w.id}` : ""}`),
    ).toEqual(["decide:c1", "decide:c2", "interrupt"]);
    expect(t.events.filter((e) => e.kind === "warning").map((e) => (e as { code: string }).code)).toEqual([
      "PENDING_CALL_ABANDONED",
      "PENDING_CALL_ABANDONED",
    ]);
  });

  it("interrupt on a channel with no in-band interrupt stops the process, after the pending call is denied", async () => {
    class NoInterruptBridge extends ScriptedBridge {
      override encodeInterrupt() {
        return null;
      }
    }
    const t = await withCall({}, new NoInterruptBridge());
    const answer = await t.handle.handleLine(
      JSON.stringify({ format: "metaharness.command/1", id: "i1", command: "interrupt", reason: "operator" }),
    );
    expect(answer).toMatchObject({ outcome: { result: "ok" } });
    expect(decisions(t).map((d) => d.id)).toEqual(["c1"]);
    t.clock.advance(0);
    await flush();
    expect(t.child().signals).toContain("SIGTERM");
  });

  it("a decision for a call never opened is UNKNOWN_CALL and writes nothing", async () => {
    const t = await withCall();
    const answer = await t.handle.handleLine(decide("d1", "nope", { decision: "allow" }));
    expect(answer).toMatchObject({ outcome: { result: "refused", refused: { code: "UNKNOWN_CALL" } } });
    expect(decisions(t)).toEqual([]);
  });

  it("a second decision for the same call is TOO_LATE and exactly one line is written", async () => {
    const t = await withCall();
    await t.handle.handleLine(decide("d1", "c1", { decision: "allow" }));
    const second = await t.handle.handleLine(decide("d2", "c1", { decision: "deny", reason: "changed my mind" }));
    expect(second).toMatchObject({ outcome: { result: "refused", refused: { code: "TOO_LATE" } } });
    expect(decisions(t)).toHaveLength(1);
  });
});

describe("failing closed", () => {
  it("a call the turn ended on is cleared and a late decision is TOO_LATE", async () => {
    const t = await withCall();
    await t.feed({ t: "end" });
    expect(t.events.find((e) => e.kind === "approval-cleared")).toMatchObject({ reason: "turn-ended" });
    expect(await t.handle.handleLine(decide("d1", "c1", { decision: "allow" }))).toMatchObject({
      outcome: { refused: { code: "TOO_LATE" } },
    });
  });

  it("a harness that dies while a call is pending clears it as a failed channel and nothing is written after", async () => {
    const t = await withCall();
    t.child().exit(137, "SIGKILL");
    await t.handle.closed;
    expect(t.events.find((e) => e.kind === "approval-cleared")).toMatchObject({ reason: "channel-failed" });
    // Killed by a signal hmux did not send: a crash nobody should retry as if the wire had dropped.
    expect(t.events.find((e) => e.kind === "done")).toMatchObject({
      cause: "crash",
      exitCode: 137,
      failure: { class: "native", retryable: false, message: expect.stringContaining("SIGKILL") },
    });
    expect(decisions(t)).toEqual([]);
  });

  it("headless: a call nobody can answer is denied at once with a reason", async () => {
    const t = await withCall({ approvals: "deny" });
    const [d] = decisions(t);
    expect((d!.decision as { reason: string }).reason).toMatch(/nobody is available to approve it/);
    expect(t.events.find((e) => e.kind === "approval-disposition")).toMatchObject({ decider: "policy" });
  });

  it("a policy verdict decides before anyone is asked", async () => {
    const t = await withCall({
      classify: (call) =>
        (call.input as { command: string }).command.startsWith("touch")
          ? { classification: "safe", why: "test" }
          : { classification: "gated", why: "test" },
    });
    expect(decisions(t)).toEqual([{ w: "decide", id: "c1", decision: { decision: "allow" } }]);
  });

  it("halt denies pending calls first, then ends the session killed", async () => {
    const t = await withCall();
    await t.handle.handleLine(
      JSON.stringify({ format: "metaharness.command/1", id: "h1", command: "halt", reason: "budget spent" }),
    );
    expect(decisions(t)).toHaveLength(1);
    t.clock.advance(1);
    await t.handle.closed;
    expect(t.child().signals).toContain("SIGTERM");
    expect(t.events.at(-1)).toMatchObject({ kind: "closed", cause: "killed" });
  });

  it("a control the configuration needs and the channel lacks is refused at start, by name, before any spawn", async () => {
    const t = setup(
      { requiredControls: ["tool.decide/replace", "steer"] },
      new ScriptedBridge(capabilities({ harness: "codex", channel: codexAppServer, posture: "untrusted" })),
    );
    await t.handle.start();
    await t.handle.closed;
    expect(t.children).toHaveLength(0);
    const results = t.events.filter((e) => e.kind === "command.result");
    expect(results.map((e) => (e as { id: string }).id)).toContain("start/tool.decide/replace");

    const claude = setup({ requiredControls: ["steer"] });
    await claude.handle.start();
    await claude.handle.closed;
    expect(claude.children).toHaveLength(0);
    expect(claude.events.filter((e) => e.kind === "command.result").map((e) => (e as { id: string }).id)).toEqual([
      "start/steer",
    ]);
    expect(t.events.at(-1)).toMatchObject({ kind: "closed", cause: "failed" });
  });

  it("every command gets exactly one command.result, refused ones included", async () => {
    const t = await withCall();
    const lines = [
      decide("a", "c1", { decision: "allow" }),
      decide("b", "c1", { decision: "allow" }),
      '{"format":"metaharness.command/2","id":"c"}',
      JSON.stringify({ format: "metaharness.command/1", id: "d", command: "frame.set", frame: {} }),
      JSON.stringify({ format: "metaharness.command/1", id: "e", command: "steer", text: "x" }),
      JSON.stringify({ format: "metaharness.command/1", command: "halt", reason: "x" }),
    ];
    for (const l of lines) await t.handle.handleLine(l);
    const ids = t.events.filter((e) => e.kind === "command.result").map((e) => (e as { id: string | null }).id);
    expect(ids).toEqual(["a", "b", "c", "d", "e", null]);
  });
});

describe("commands that reach the conversation", () => {
  it("message.inject between turns opens a turn with no send id; during a turn it waits for the boundary", async () => {
    const t = setup();
    await t.handle.start();
    await t.handle.handleLine(
      JSON.stringify({ format: "metaharness.command/1", id: "m-1", command: "message.inject", text: "note one" }),
    );
    expect(t.events.filter((e) => e.kind === "turn").map((e) => (e as { id: string | null }).id)).toEqual([null]);
    await t.handle.handleLine(
      JSON.stringify({ format: "metaharness.command/1", id: "m-2", command: "message.inject", text: "note two" }),
    );
    expect(
      t
        .written()
        .filter((w) => w.w === "send")
        .map((w) => w.text),
    ).toEqual(["note one"]);
    await t.feed({ t: "end" });
    await flush();
    expect(
      t
        .written()
        .filter((w) => w.w === "send")
        .map((w) => w.text),
    ).toEqual(["note one", "note two"]);
    expect(t.events.filter((e) => e.kind === "turn")).toHaveLength(2);
  });

  it("a frame set mid-session rides the next send and decides calls it does not admit", async () => {
    const t = setup({ approvals: "frame" });
    await t.handle.start();
    const set = await t.handle.handleLine(
      JSON.stringify({
        format: "metaharness.command/1",
        id: "f-1",
        command: "frame.set",
        frame: { admits: ["read"], text: "this step only reads" },
      }),
    );
    expect(set).toMatchObject({ outcome: { result: "ok" } });
    await t.handle.send("in-1", "go");
    expect(t.written()[0]).toMatchObject({
      w: "send",
      text: composePrompt("this step only reads\n\ngo", "no-escalate"),
    });
    await t.feed({ t: "ask", id: "c1", tool: "Bash", input: { command: "touch x" } });
    const [d] = t.written().filter((w) => w.w === "decide");
    expect(d).toMatchObject({ id: "c1", decision: { decision: "deny" } });
    expect(t.events.find((e) => e.kind === "approval-disposition")).toMatchObject({ decider: "frame" });
  });
});

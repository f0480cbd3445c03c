/** Behaviours of the control machine beyond the reference vectors, one property per test. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SAFE_POLICY, makeClassifier } from "../../../src/core/control/policy.js";
import { channelRow } from "./channel-rows.js";
import { config, deliveries, results, Session, written } from "./helpers.js";

const outcomeOf = (s: Session, id: string) => results(s.effects).find((r) => r.id === id)?.outcome;

describe("control machine", () => {
  it("an abstain on a claude control channel is sent as a deny that says nobody else checks the call", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "abstain" });
    const [d] = deliveries(s.effects);
    expect(d?.decision.decision).toBe("deny");
    expect(d?.verdict).toEqual({ decision: "abstain" });
    expect(outcomeOf(s, "c-1")).toEqual({ result: "ok", applies_at: null, sent: "deny" });
    expect(s.state.census.abstained).toBe(1);
  });

  it("replace on codex app-server is refused by name and the call stays pending for another answer", () => {
    const s = new Session(config({ harness: "codex", channel: channelRow("codex-app-server") })).start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "replace", input: { command: "ls -1" } });
    expect(outcomeOf(s, "c-1")).toMatchObject({
      result: "refused",
      refused: { code: "UNSUPPORTED_CONTROL", reason: expect.stringContaining("replace") },
    });
    expect(written(s.effects)).toEqual([]);
    expect(s.state.pending.map((p) => p.callId)).toEqual(["t1"]);
    s.decide("c-2", "t1", { decision: "allow" });
    expect(deliveries(s.effects)[0]?.decision).toEqual({ decision: "allow" });
  });

  it("a deny's result says its reason does not reach the model exactly where the table says so", () => {
    for (const id of ["codex-app-server", "pi-extension", "claude-control"]) {
      const channel = channelRow(id);
      const s = new Session(config({ channel })).start();
      s.ask("t1");
      s.decide("c-1", "t1", { decision: "deny", reason: "no" });
      const expected = channel.facets.denyReason.value
        ? { result: "ok", applies_at: null }
        : { result: "ok", applies_at: null, reason_reaches_model: false };
      expect(outcomeOf(s, "c-1"), id).toEqual(expected);
    }
  });

  it("a duplicate command id with identical content gets the same result and does nothing twice", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "allow" });
    s.command({ id: "c-1", command: "tool.decide", call_id: "t1", decision: "allow" }); // flat spelling, same content
    expect(results(s.effects).map((r) => r.outcome)).toEqual([
      { result: "ok", applies_at: null },
      { result: "ok", applies_at: null },
    ]);
    expect(written(s.effects)).toEqual(["allow:t1"]);
  });

  it("a duplicate command id with different content is refused", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "allow" });
    s.decide("c-1", "t1", { decision: "deny", reason: "other" });
    expect(results(s.effects)[1]?.outcome).toMatchObject({
      result: "refused",
      refused: { code: "MALFORMED", reason: expect.stringContaining("already used") },
    });
  });

  it("MALFORMED is checked before UNSUPPORTED_CONTROL", () => {
    const s = new Session().start();
    s.command({ id: "c-1", command: "steer" }); // claude has no steer, but the line is also missing its text
    expect(outcomeOf(s, "c-1")).toMatchObject({ refused: { code: "MALFORMED" } });
    s.command({ id: "c-2", command: "steer", text: "left" });
    expect(outcomeOf(s, "c-2")).toMatchObject({ refused: { code: "UNSUPPORTED_CONTROL" } });
  });

  it("the same call presented twice byte for byte is recorded twice and decided once, for both requests", () => {
    const s = new Session().start();
    s.ask("t1");
    s.feed({
      type: "tool-call-requested",
      call: { callId: "t1", tool: "Bash", canonical: "shell", input: { command: "ls" }, ref: "req-again" },
    });
    s.decide("c-1", "t1", { decision: "allow" });
    expect(deliveries(s.effects).map((d) => d.ref)).toEqual(["req-t1", "req-again"]);
    expect(s.state.census.allowed).toBe(1);
  });

  it("the same call id with a different input is denied and never carried over", () => {
    const s = new Session().start();
    s.ask("t1", { command: "ls" });
    s.feed({
      type: "tool-call-requested",
      call: { callId: "t1", tool: "Bash", input: { command: "rm -rf /" }, ref: "req-2" },
    });
    expect(deliveries(s.effects)).toMatchObject([{ ref: "req-2", decision: { decision: "deny" }, decider: "hmux" }]);
    expect(s.events()).toContainEqual(expect.objectContaining({ kind: "warning", code: "REQUEST_MUTATED" }));
    s.decide("c-1", "t1", { decision: "allow" });
    expect(deliveries(s.effects).at(-1)).toMatchObject({ ref: "req-t1", decision: { decision: "allow" } });
  });

  it("a call the turn ended on is cleared, said to be abandoned, and a later decision is TOO_LATE", () => {
    const s = new Session().start();
    s.ask("t1");
    s.feed({ type: "turn-ended" });
    expect(s.events()).toContainEqual({ kind: "approval-cleared", callId: "t1", reason: "turn-ended" });
    s.decide("c-1", "t1", { decision: "allow" });
    expect(outcomeOf(s, "c-1")).toMatchObject({
      refused: { code: "TOO_LATE", reason: expect.stringContaining("turn-ended") },
    });
    expect(written(s.effects)).toEqual([]);
  });

  it("a decision that arrives after the deadline passed, before any tick, is TOO_LATE and the deadline's deny went first", () => {
    const s = new Session(config({ decisionBudgetMs: 100 })).start();
    s.ask("t1");
    s.now += 150;
    s.decide("c-1", "t1", { decision: "allow" });
    expect(written(s.effects)).toEqual(["deny:t1"]);
    expect(outcomeOf(s, "c-1")).toMatchObject({
      refused: { code: "TOO_LATE", reason: expect.stringContaining("deadline") },
    });
  });

  it("halt denies pending calls, then halts, and the session is closing", () => {
    const s = new Session().start();
    s.ask("t1");
    s.ask("t2");
    s.command({ id: "h", command: "halt", reason: "budget spent" });
    expect(written(s.effects)).toEqual(["deny:t1", "deny:t2", "halt"]);
    expect(s.state.lifecycle).toBe("closing");
  });

  it("a harness that dies with a call pending clears it, and the session is failed or closed for good", () => {
    const s = new Session().start();
    s.ask("t1");
    s.feed({ type: "process-exited", exitCode: null, cause: "crash" });
    expect(s.events()).toContainEqual({ kind: "approval-cleared", callId: "t1", reason: "process-ended" });
    expect(s.state.lifecycle).toBe("failed");
    s.feed({ type: "turn-started", turnId: "t-2" });
    expect(s.state.lifecycle).toBe("failed");
    s.decide("c-1", "t1", { decision: "allow" });
    expect(outcomeOf(s, "c-1")).toMatchObject({ refused: { code: "TOO_LATE" } });
  });

  it("ask mode with a policy: safe calls are allowed by policy without asking; gated ones wait for the person", () => {
    const s = new Session(config({ classify: makeClassifier(DEFAULT_SAFE_POLICY, "/ws") })).start();
    s.ask("t1", { command: "git status" });
    s.ask("t2", { command: "rm -rf build" });
    expect(deliveries(s.effects)).toMatchObject([{ callId: "t1", decider: "policy", decision: { decision: "allow" } }]);
    expect(s.state.pending.map((p) => p.callId)).toEqual(["t2"]);
    expect(s.state.lifecycle).toBe("awaiting-approval");
  });

  it("headless with a policy: a gated call is denied at once with the policy's reason and the classifier's why", () => {
    const s = new Session(
      config({
        headless: true,
        headlessDenyReason: "nobody here",
        classify: makeClassifier(DEFAULT_SAFE_POLICY, "/ws"),
      }),
    ).start();
    s.ask("t1", { command: "rm -rf build" });
    const [d] = deliveries(s.effects);
    expect(d).toMatchObject({ decider: "policy", decision: { decision: "deny" } });
    expect(d?.decision.decision === "deny" && d.decision.reason).toMatch(/^nobody here \(`rm -rf build` is not on/);
  });

  it("frame mode: admitted calls are allowed by the frame, others denied naming what the step admits", () => {
    const s = new Session(config({ mode: "frame", frame: { admits: ["read"] } })).start();
    s.ask("t1", { file_path: "a" }, "Read", "read");
    s.ask("t2", { command: "ls" });
    expect(deliveries(s.effects).map((d) => `${d.decider}:${d.decision.decision}`)).toEqual([
      "frame:allow",
      "frame:deny",
    ]);
    const deny = deliveries(s.effects)[1]!.decision;
    expect(deny.decision === "deny" && deny.reason).toContain('["read"]');
  });

  it("frame mode with no frame in force abstains, warns once, and the abstain is sent as a deny on a control channel", () => {
    const s = new Session(config({ mode: "frame" })).start();
    s.ask("t1");
    s.ask("t2");
    expect(s.events().filter((e) => e.kind === "warning" && e.code === "NO_FRAME_IN_FORCE")).toHaveLength(1);
    expect(deliveries(s.effects).map((d) => `${d.verdict.decision}→${d.decision.decision}`)).toEqual([
      "abstain→deny",
      "abstain→deny",
    ]);
  });

  it("frame.set takes effect at the next turn boundary and says so", () => {
    const s = new Session(config({ mode: "frame", frame: { admits: ["shell"] } })).start();
    s.command({ id: "f", command: "frame.set", frame: { admits: ["read"] } });
    expect(outcomeOf(s, "f")).toEqual({ result: "ok", applies_at: "the next turn or step boundary" });
    s.ask("t1");
    expect(deliveries(s.effects).at(-1)?.decision.decision).toBe("allow"); // old frame still in force
    s.feed({ type: "turn-ended" });
    s.feed({ type: "turn-started", turnId: "t-2" });
    s.ask("t2");
    expect(deliveries(s.effects).at(-1)?.decision.decision).toBe("deny");
  });

  it("a call decided without asking arms no deadline and its request says so", () => {
    const s = new Session(config({ mode: "observe" })).start();
    s.ask("t1");
    expect(s.effects.filter((e) => e.type === "arm-deadline" || e.type === "clear-deadline")).toEqual([]);
    expect(s.events().find((e) => e.kind === "approval-request")).toMatchObject({ call: { deadlineAt: null } });
  });

  it("observe mode allows and records every call", () => {
    const s = new Session(config({ mode: "observe" })).start();
    s.ask("t1", { command: "rm -rf /" });
    expect(deliveries(s.effects)).toMatchObject([{ decider: "observe", decision: { decision: "allow" } }]);
  });

  it("message.inject during a turn waits for the boundary; between turns it is a turn of its own at once", () => {
    const sends = (s: Session) => s.effects.filter((e) => e.type === "deliver-send");
    const s = new Session().start();
    s.command({ id: "m1", command: "message.inject", text: "later" });
    expect(outcomeOf(s, "m1")).toEqual({ result: "ok", applies_at: "the next turn boundary" });
    expect(sends(s)).toEqual([]);
    s.feed({ type: "turn-ended" });
    expect(sends(s)).toEqual([{ type: "deliver-send", id: null, text: "later", turnOpen: false }]);
    expect(s.events().filter((e) => e.kind === "turn")).toEqual([{ kind: "turn", turnId: "s-1:turn-2", id: null }]);
    s.feed({ type: "turn-ended" });
    s.command({ id: "m2", command: "message.inject", text: "now" });
    expect(outcomeOf(s, "m2")).toEqual({ result: "ok", applies_at: null });
    expect(sends(s)).toHaveLength(2);
  });

  it("message.inject after close is TOO_LATE, never an ok for a message that would be dropped", () => {
    const s = new Session().start();
    s.feed({ type: "close-requested", reason: "the session was closed" });
    s.command({ id: "m1", command: "message.inject", text: "too late" });
    expect(outcomeOf(s, "m1")).toMatchObject({ result: "refused", refused: { code: "TOO_LATE" } });
    expect(s.effects.filter((e) => e.type === "deliver-message")).toEqual([]);
  });

  it("steer on pi goes into the running turn; with no turn running it is TOO_LATE", () => {
    const s = new Session(config({ harness: "pi", channel: channelRow("pi-extension") })).start();
    s.command({ id: "s1", command: "steer", text: "left" });
    expect(s.effects.some((e) => e.type === "deliver-message" && e.mode === "steer")).toBe(true);
    s.feed({ type: "turn-ended" });
    s.command({ id: "s2", command: "steer", text: "right" });
    expect(outcomeOf(s, "s2")).toMatchObject({ refused: { code: "TOO_LATE" } });
  });

  it("permission.set checks the vendor's vocabulary and refuses a posture that would shadow the check", () => {
    const s = new Session().start();
    s.command({ id: "p1", command: "permission.set", posture: "nonsense" });
    s.command({ id: "p2", command: "permission.set", posture: "bypassPermissions" });
    s.command({ id: "p3", command: "permission.set", posture: "plan" });
    expect(outcomeOf(s, "p1")).toMatchObject({ refused: { code: "MALFORMED" } });
    expect(outcomeOf(s, "p2")).toMatchObject({ refused: { code: "SHADOWED" } });
    expect(outcomeOf(s, "p3")).toEqual({ result: "ok", applies_at: null });
    expect(s.state.posture).toBe("plan");
  });

  it("interrupt with no turn running is TOO_LATE, not silently ignored", () => {
    const s = new Session();
    s.feed({ type: "ready" });
    s.command({ id: "i", command: "interrupt", reason: "x" });
    expect(outcomeOf(s, "i")).toMatchObject({ refused: { code: "TOO_LATE" } });
  });

  it("when the only decider goes away, pending calls are denied at once with why, not left to the deadline", () => {
    const s = new Session().start();
    s.ask("t1");
    s.feed({ type: "decider-gone", reason: "stdin closed" });
    const [d] = deliveries(s.effects);
    expect(d).toMatchObject({ callId: "t1", decider: "hmux", decision: { decision: "deny" } });
    expect(d?.decision.decision === "deny" && d.decision.reason).toContain("stdin closed");
    expect(s.state.lifecycle).toBe("running");
  });

  it("a delivery that could not be written is recorded as a rejected disposition", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "allow" });
    s.feed({ type: "delivery-failed", callId: "t1", reason: "EPIPE" });
    expect(s.events()).toContainEqual(
      expect.objectContaining({ kind: "approval-disposition", callId: "t1", status: "rejected", reason: "EPIPE" }),
    );
  });

  it("a lifecycle walk: starting → idle → running → awaiting-approval → running → idle → awaiting-input", () => {
    const s = new Session();
    s.start();
    s.ask("t1");
    s.decide("c", "t1", { decision: "allow" });
    s.feed({ type: "turn-ended" });
    s.feed({ type: "turn-started", turnId: "t-2" });
    s.feed({ type: "turn-ended", awaitingInput: true });
    const walk = s.events().flatMap((e) => (e.kind === "state" ? [e.to] : []));
    expect(walk).toEqual(["idle", "running", "awaiting-approval", "running", "idle", "running", "awaiting-input"]);
  });
});

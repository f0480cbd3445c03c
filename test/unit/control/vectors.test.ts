/**
 * The seven reference control vectors (docs/control-facts.md#reference-control-vectors), as pure tests against the
 * control machine: the whole ordered answer list written to the harness, plus the results.
 */
import { describe, expect, it } from "vitest";
import { config, deliveries, results, Session, written } from "./helpers.js";

describe("reference control vectors", () => {
  it("c3/allow-lets-the-call-run", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "allow" });
    expect(written(s.effects)).toEqual(["allow:t1"]);
    const [delivery] = deliveries(s.effects);
    expect(delivery?.decision).toEqual({ decision: "allow" });
    expect(delivery?.ref).toBe("req-t1");
    expect(results(s.effects)).toEqual([
      { kind: "command.result", id: "c-1", outcome: { result: "ok", applies_at: null } },
    ]);
    expect(s.state.census.allowed).toBe(1);
    expect(s.state.census.byDecider.program).toBe(1);
  });

  it("c3/deny-carries-a-reason-the-model-is-told", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-2", "t1", { decision: "deny", reason: "this step admits no shell" });
    expect(written(s.effects)).toEqual(["deny:t1"]);
    expect(deliveries(s.effects)[0]?.decision).toEqual({ decision: "deny", reason: "this step admits no shell" });
    expect(s.events()).toContainEqual(
      expect.objectContaining({
        kind: "approval-disposition",
        callId: "t1",
        reason: "this step admits no shell",
        decider: "program",
      }),
    );
  });

  it("c3/replace-runs-the-call-with-a-different-input", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-3", "t1", { decision: "replace", input: { command: "ls -1" } });
    expect(written(s.effects)).toEqual(["replace:t1"]);
    expect(deliveries(s.effects)[0]?.decision).toEqual({ decision: "replace", input: { command: "ls -1" } });
    expect(s.state.census.replaced).toBe(1);
  });

  it("c3/an-unanswered-call-is-denied-by-hmuxs-own-deadline", () => {
    const s = new Session(config({ harnessTimeoutMs: 60_000, decisionBudgetMs: 120_000 })).start();
    const armed = s.ask("t1").find((e) => e.type === "arm-deadline");
    // hmux's budget is clamped strictly below the harness's 60 s
    expect(armed).toEqual({ type: "arm-deadline", callId: "t1", at: 1_000 + 55_000 });
    s.feed({ type: "tick" }, 1_000 + 54_999);
    expect(deliveries(s.effects)).toEqual([]);
    s.feed({ type: "tick" }, 1_000 + 55_000);
    const [deny] = deliveries(s.effects);
    expect(deny?.decider).toBe("deadline");
    expect(deny?.decision.decision).toBe("deny");
    const reason = deny?.decision.decision === "deny" ? deny.decision.reason : "";
    expect(reason).toBe(
      "nobody answered within 55 s (the harness itself waits only 1 min), so hmux denied it; the call did not run",
    );
  });

  it("c3/interrupt-is-a-legal-answer-and-the-deny-is-written-first", () => {
    const s = new Session().start();
    s.ask("t1");
    s.command({ id: "c-9", command: "interrupt", reason: "the operator asked" });
    expect(written(s.effects)).toEqual(["deny:t1", "interrupt"]);
    const events = s
      .events()
      .map((e) =>
        e.kind === "warning"
          ? `warning:${e.code}`
          : e.kind === "approval-disposition"
            ? `disposition:${e.decider}`
            : e.kind,
      );
    const i = events.indexOf("disposition:hmux");
    expect(i).toBeGreaterThan(-1);
    expect(events.slice(i)).toContain("warning:PENDING_CALL_ABANDONED");
    expect(results(s.effects).at(-1)).toEqual({
      kind: "command.result",
      id: "c-9",
      outcome: { result: "ok", applies_at: null },
    });
  });

  it("c3/a-decision-for-an-unopened-call-is-unknown-call", () => {
    const s = new Session().start();
    s.decide("c-1", "never-opened", { decision: "allow" });
    expect(written(s.effects)).toEqual([]);
    expect(results(s.effects)[0]?.outcome).toMatchObject({ result: "refused", refused: { code: "UNKNOWN_CALL" } });
  });

  it("c3/a-second-decision-for-the-same-call-is-too-late", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "allow" });
    s.decide("c-2", "t1", { decision: "deny", reason: "changed my mind" });
    expect(written(s.effects)).toEqual(["allow:t1"]);
    expect(results(s.effects)[1]?.outcome).toMatchObject({ result: "refused", refused: { code: "TOO_LATE" } });
  });
});

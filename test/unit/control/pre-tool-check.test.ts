/** The pre-tool-check input: a call seen before the harness's own permission check. */
import { describe, expect, it } from "vitest";
import type { ControlEffect, ToolCallAsk } from "../../../src/core/control/machine-types.js";
import { config, deliveries, Session } from "./helpers.js";

const read: ToolCallAsk = {
  callId: "t1",
  tool: "Read",
  canonical: "read",
  input: { file_path: "/w/a" },
  ref: "hook-1",
};
const shell: ToolCallAsk = { callId: "t2", tool: "Bash", canonical: "shell", input: { command: "ls" }, ref: "hook-2" };
const continues = (effects: readonly ControlEffect[]) => effects.filter((e) => e.type === "continue-call");

describe("control machine: pre-tool-check", () => {
  it("a call the frame in force does not admit is opened and denied by the frame, with the same events as an asked call", () => {
    const s = new Session(config({ frame: { admits: ["shell"] } })).start();
    const effects = s.feed({ type: "pre-tool-check", call: read });
    const [d] = deliveries(effects);
    expect(d).toMatchObject({
      callId: "t1",
      ref: "hook-1",
      decider: "frame",
      decision: { decision: "deny", reason: expect.stringContaining('["shell"]') },
    });
    expect(continues(effects)).toEqual([]);
    const kinds = s
      .events()
      .map((e) => e.kind)
      .filter((k) => k.startsWith("approval"));
    expect(kinds).toEqual(["approval-request", "approval-disposition", "approval-cleared"]);
    expect(s.state.settled.get("t1")?.decider).toBe("frame");
    expect(s.state.pending).toEqual([]);
  });

  it("a call the frame admits, or any call with no frame, continues: nothing is opened or decided", () => {
    const framed = new Session(config({ frame: { admits: ["shell"] } })).start();
    expect(continues(framed.feed({ type: "pre-tool-check", call: shell }))).toEqual([
      { type: "continue-call", callId: "t2", ref: "hook-2" },
    ]);
    const bare = new Session().start();
    expect(continues(bare.feed({ type: "pre-tool-check", call: read }))).toEqual([
      { type: "continue-call", callId: "t1", ref: "hook-1" },
    ]);
    for (const s of [framed, bare]) {
      expect(deliveries(s.effects)).toEqual([]);
      expect(s.events().filter((e) => e.kind.startsWith("approval"))).toEqual([]);
      expect(s.state.settled.get("t1") ?? s.state.settled.get("t2")).toBeUndefined();
    }
  });

  it("a staged frame is not enforced before its turn starts", () => {
    const s = new Session(config()).start();
    s.command({ id: "f", command: "frame.set", frame: { admits: ["shell"] } });
    expect(continues(s.feed({ type: "pre-tool-check", call: read }))).toHaveLength(1);
    s.feed({ type: "turn-ended" });
    s.feed({ type: "turn-started", turnId: "t-2" });
    expect(
      deliveries(s.feed({ type: "pre-tool-check", call: { ...read, callId: "t3", ref: "hook-3" } }))[0]?.decider,
    ).toBe("frame");
  });

  it("after the session closed a pre-tool-check is still answered, with a deny", () => {
    const s = new Session().start();
    s.feed({ type: "process-exited", exitCode: 0, cause: "clean" });
    const [d] = deliveries(s.feed({ type: "pre-tool-check", call: read }));
    expect(d).toMatchObject({ callId: "t1", ref: "hook-1", decider: "hmux", decision: { decision: "deny" } });
  });
});

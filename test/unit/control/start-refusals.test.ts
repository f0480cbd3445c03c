import { describe, expect, it } from "vitest";
import { refusalsAtStart, requiredCommands, startRefusalEvents } from "../../../src/core/control/start-refusals.js";
import { channelRow } from "./channel-rows.js";

describe("refusals at session start", () => {
  it("a plain session needs only interrupt and halt; ask, observe, a frame or a policy add tool.decide", () => {
    expect(requiredCommands({ mode: "frame" })).toEqual(["interrupt", "halt"]);
    expect(requiredCommands({ mode: "ask" })).toEqual(["tool.decide", "interrupt", "halt"]);
    expect(requiredCommands({ mode: "observe" })).toEqual(["tool.decide", "interrupt", "halt"]);
    expect(requiredCommands({ mode: "frame", frame: { admits: ["read"] } })).toEqual([
      "tool.decide",
      "frame.set",
      "interrupt",
      "halt",
    ]);
    expect(requiredCommands({ mode: "frame", policy: true, expects: ["steer"] })).toEqual([
      "tool.decide",
      "steer",
      "interrupt",
      "halt",
    ]);
  });

  it("pi without hmux's extension is refused at start for any session that needs a check, and says why", () => {
    const refusals = refusalsAtStart(channelRow("pi-rpc"), { mode: "ask" });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ command: "tool.decide", code: "UNSUPPORTED_CONTROL" });
    expect(refusals[0]?.reason).toContain("runs unchecked");
    expect(refusalsAtStart(channelRow("pi-extension"), { mode: "ask" })).toEqual([]);
  });

  it("every command the configuration needs and the channel lacks is named, not just the first", () => {
    const refusals = refusalsAtStart(channelRow("muse-oneshot"), {
      mode: "ask",
      expects: ["steer", "message.inject"],
    });
    expect(refusals.map((r) => r.command)).toEqual(["tool.decide", "message.inject", "steer"]);
    expect(refusals.every((r) => r.code === "UNSUPPORTED_CONTROL")).toBe(true);
  });

  it("steer on claude is refused at start by name; on pi it is delivered", () => {
    expect(
      refusalsAtStart(channelRow("claude-control"), { mode: "ask", expects: ["steer"] }).map((r) => r.command),
    ).toEqual(["steer"]);
    expect(refusalsAtStart(channelRow("pi-extension"), { mode: "ask", expects: ["steer"] })).toEqual([]);
  });

  it("a launch frame on codex app-server is refused: codex runs calls it trusts without asking, so the frame cannot be enforced", () => {
    const refusals = refusalsAtStart(channelRow("codex-app-server"), {
      mode: "frame",
      frame: { admits: ["read"] },
      posture: "untrusted",
    });
    expect(refusals.map((r) => `${r.command}:${r.code}`)).toEqual(["frame.set:UNSUPPORTED_CONTROL"]);
  });

  it("an autonomy flag, a shadowing posture or a native allow rule is SHADOWED when hmux must check calls", () => {
    const claude = channelRow("claude-control");
    expect(refusalsAtStart(claude, { mode: "ask", autonomy: true })).toMatchObject([
      { command: "tool.decide", code: "SHADOWED" },
    ]);
    expect(refusalsAtStart(claude, { mode: "ask", posture: "bypassPermissions" })[0]?.reason).toContain(
      "bypassPermissions",
    );
    expect(refusalsAtStart(claude, { mode: "ask", nativeAllowRules: ["Bash"] })[0]?.reason).toContain("Bash");
    expect(refusalsAtStart(claude, { mode: "ask", posture: "default" })).toEqual([]);
    // observe decides nothing, so nothing is shadowed
    expect(refusalsAtStart(claude, { mode: "observe", autonomy: true })).toEqual([]);
  });

  it("codex app-server must be started untrusted for ask mode: its default on-request shadows the check", () => {
    const codex = channelRow("codex-app-server");
    expect(refusalsAtStart(codex, { mode: "ask" })).toMatchObject([{ command: "tool.decide", code: "SHADOWED" }]);
    expect(refusalsAtStart(codex, { mode: "ask", posture: "untrusted" })).toEqual([]);
  });

  it("observe beside a frame is refused as SHADOWED", () => {
    expect(
      refusalsAtStart(channelRow("claude-control"), { mode: "observe", frame: { admits: ["read"] } }).map(
        (r) => r.code,
      ),
    ).toContain("SHADOWED");
  });

  it("refusals are printed as command.result events under start/<command>", () => {
    const events = startRefusalEvents(refusalsAtStart(channelRow("cursor-oneshot"), { mode: "ask" }));
    expect(events).toEqual([
      {
        kind: "command.result",
        id: "start/tool.decide",
        outcome: {
          result: "refused",
          refused: { code: "UNSUPPORTED_CONTROL", reason: expect.stringContaining("tool.decide") },
        },
      },
    ]);
  });
});

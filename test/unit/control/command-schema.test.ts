import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCommandLine, parseCommandValue } from "../../../src/core/control/command-schema.js";
import { COMMAND_NAMES } from "../../../src/core/control/machine-types.js";

const line = (obj: Record<string, unknown>) => JSON.stringify({ format: "metaharness.command/1", id: "c-1", ...obj });
// Command lines in every shape metaharness.command/1 allows, constructed from the reference's types (docs/control-facts.md#command-wire).
const SAMPLES = new URL("./fixtures/metaharness-commands.jsonl", import.meta.url);

describe("metaharness.command/1 parsing", () => {
  it("every reference sample line parses, covering all seven commands", () => {
    const lines = readFileSync(SAMPLES, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "");
    const names = new Set<string>();
    for (const l of lines) {
      const parsed = parseCommandLine(l);
      expect(parsed.ok, l).toBe(true);
      if (parsed.ok) names.add(parsed.command.command);
    }
    expect([...names].sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it("the flat and the nested decision spellings mean the same command", () => {
    const pairs: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ decision: "allow" }, { decision: { decision: "allow" } }],
      [{ decision: "deny", reason: "no shell here" }, { decision: { decision: "deny", reason: "no shell here" } }],
      [
        { decision: "replace", input: { command: "ls -1" } },
        { decision: { decision: "replace", input: { command: "ls -1" } } },
      ],
      [{ decision: "abstain" }, { decision: { decision: "abstain" } }],
    ];
    for (const [flat, nested] of pairs) {
      const a = parseCommandLine(line({ command: "tool.decide", call_id: "t1", ...flat }));
      const b = parseCommandLine(line({ command: "tool.decide", call_id: "t1", ...nested }));
      expect(a.ok && b.ok, JSON.stringify(flat)).toBe(true);
      if (a.ok && b.ok) {
        expect(a.command).toEqual(b.command);
        expect(a.content).toBe(b.content);
      }
    }
  });

  it("a deny without a reason is malformed, in either spelling, blank included", () => {
    for (const decision of [
      { decision: "deny" },
      { decision: { decision: "deny" } },
      { decision: "deny", reason: "   " },
      { decision: { decision: "deny", reason: "" } },
    ]) {
      const r = parseCommandLine(line({ command: "tool.decide", call_id: "t1", ...decision }));
      expect(r.ok, JSON.stringify(decision)).toBe(false);
      if (!r.ok) {
        expect(r.id).toBe("c-1");
        expect(r.reason).toContain("reason");
      }
    }
  });

  it("a nested decision is never merged with a sibling reason", () => {
    const r = parseCommandLine(
      line({ command: "tool.decide", call_id: "t1", decision: { decision: "deny" }, reason: "sibling" }),
    );
    expect(r.ok).toBe(false);
  });

  it("replace needs an input object", () => {
    expect(parseCommandLine(line({ command: "tool.decide", call_id: "t1", decision: "replace" })).ok).toBe(false);
    expect(parseCommandLine(line({ command: "tool.decide", call_id: "t1", decision: "replace", input: "ls" })).ok).toBe(
      false,
    );
  });

  it("the reference malformed line (tool.decide without call_id and decision) is malformed under its id", () => {
    const r = parseCommandLine('{"format":"metaharness.command/1","id":"c-1","command":"tool.decide"}');
    expect(r).toMatchObject({ ok: false, id: "c-1" });
  });

  it("a line with no readable id is answered under a null id", () => {
    for (const l of [
      "not json",
      "[]",
      "42",
      '{"format":"metaharness.command/1","command":"halt","reason":"x"}',
      '{"id":"  ","command":"halt"}',
    ]) {
      expect(parseCommandLine(l), l).toMatchObject({ ok: false, id: null });
    }
  });

  it("a wrong or missing format tag is malformed, naming the expected tag", () => {
    const r = parseCommandLine(
      JSON.stringify({ format: "metaharness.command/2", id: "c-9", command: "halt", reason: "x" }),
    );
    expect(r).toMatchObject({ ok: false, id: "c-9" });
    expect(!r.ok && r.reason).toContain("metaharness.command/1");
    expect(parseCommandLine(JSON.stringify({ id: "c-9", command: "halt", reason: "x" }))).toMatchObject({
      ok: false,
      id: "c-9",
    });
  });

  it("an unknown command is malformed and the vocabulary is named", () => {
    const r = parseCommandLine(line({ command: "tool.aproved" }));
    expect(!r.ok && r.reason).toContain("tool.decide, frame.set");
  });

  it("interrupt and halt need a reason; steer and inject need text; permission.set needs a posture", () => {
    for (const obj of [
      { command: "interrupt" },
      { command: "halt", reason: "" },
      { command: "steer" },
      { command: "message.inject", text: " " },
      { command: "permission.set" },
    ]) {
      expect(parseCommandLine(line(obj)).ok, JSON.stringify(obj)).toBe(false);
    }
  });

  it("a line over the size bound is refused unread", () => {
    const big = line({ command: "message.inject", text: "x".repeat(2000) });
    expect(parseCommandLine(big, 1000)).toMatchObject({ ok: false, id: null });
    expect(parseCommandLine(big, 4000).ok).toBe(true);
  });

  it("unknown fields on a known command are ignored", () => {
    expect(parseCommandLine(line({ command: "halt", reason: "x", extra: 1 })).ok).toBe(true);
  });

  it("a reference frame's operations become the canonical tools it admits; an hmux frame is read as is", () => {
    const ref = parseCommandValue({
      format: "metaharness.command/1",
      id: "f",
      command: "frame.set",
      frame: {
        operations: [{ op: "file.edit" }, { op: "shell" }, { op: "mcp.call", server: "s", tool: "t" }],
        digest: "d",
      },
    });
    expect(ref.ok && ref.command.command === "frame.set" && ref.command.frame).toEqual({
      admits: ["edit", "mcp__s__t", "shell"],
      digest: "d",
    });
    const own = parseCommandValue({
      format: "metaharness.command/1",
      id: "f",
      command: "frame.set",
      frame: { admits: ["read"], text: "read only" },
    });
    expect(own.ok && own.command.command === "frame.set" && own.command.frame).toEqual({
      admits: ["read"],
      text: "read only",
    });
    expect(
      parseCommandValue({
        format: "metaharness.command/1",
        id: "f",
        command: "frame.set",
        frame: { operations: [{ op: "teleport" }] },
      }).ok,
    ).toBe(false);
  });
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Conversation, WireProtocol } from "../../../src/scripted-model/conversation.js";
import {
  RACE_DEMO_CHECK,
  RACE_DEMO_FILES,
  RACE_DEMO_PROMPT,
  RACE_SCRIPT,
} from "../../../src/scripted-model/race-script.js";
import { ScriptEngine } from "../../../src/scripted-model/script-engine.js";
import type { ScriptToolCall } from "../../../src/scripted-model/script-schema.js";

function conv(protocol: WireProtocol, toolRounds = 0): Conversation {
  return {
    protocol,
    model: "hmux-model",
    stream: true,
    lastUserText: RACE_DEMO_PROMPT,
    earlierTexts: [],
    assistantTexts: [],
    toolRounds,
    latestToolResults: toolRounds ? [{ callId: "c", output: "", isError: false }] : [],
    tools: [],
  };
}

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

/** Applies the script's edit and write calls for one wire to a fresh copy of the demo files, then runs the check. */
function checkAfter(protocol: WireProtocol): { passed: boolean; files: string[] } {
  dir = mkdtempSync(join(tmpdir(), "hmux-race-script-"));
  for (const [path, text] of Object.entries(RACE_DEMO_FILES)) writeFileSync(join(dir, path), text);
  const calls: ScriptToolCall[] = new ScriptEngine(RACE_SCRIPT).decide(conv(protocol, 1)).reply.tools ?? [];
  const files: string[] = [];
  for (const call of calls) {
    if (call.tool === "edit") {
      const before = readFileSync(join(dir, call.path), "utf8");
      expect(before).toContain(call.old);
      writeFileSync(join(dir, call.path), before.replace(call.old, call.new));
    } else if (call.tool === "write") writeFileSync(join(dir, call.path), call.content);
    files.push(call.tool === "edit" || call.tool === "write" ? call.path : "");
  }
  try {
    execFileSync("sh", ["-c", RACE_DEMO_CHECK], { cwd: dir, stdio: "ignore" });
    return { passed: true, files };
  } catch {
    return { passed: false, files };
  }
}

describe("the race script", () => {
  it("gives each wire its own rule, and anything else the fallback", () => {
    const engine = new ScriptEngine(RACE_SCRIPT);
    const rules = (["anthropic", "responses", "chat"] as const).map((w) => engine.decide(conv(w)).rule);
    expect(new Set(rules).size).toBe(3);
    expect(engine.decide({ ...conv("anthropic"), lastUserText: "hello" }).rule).toBe("race-other");
  });

  it("starts every contestant by reading slug.js", () => {
    for (const w of ["anthropic", "responses", "chat"] as const)
      expect(new ScriptEngine(RACE_SCRIPT).decide(conv(w)).reply.tools).toEqual([{ tool: "read", path: "slug.js" }]);
  });

  it("the demo's check fails before any fix", () => {
    dir = mkdtempSync(join(tmpdir(), "hmux-race-script-"));
    for (const [path, text] of Object.entries(RACE_DEMO_FILES)) writeFileSync(join(dir, path), text);
    expect(() => execFileSync("sh", ["-c", RACE_DEMO_CHECK], { cwd: dir, stdio: "ignore" })).toThrow();
  });

  it("claude's and codex's fixes pass the check, pi's breaks it, and only codex writes a changelog", () => {
    expect(checkAfter("anthropic")).toEqual({ passed: true, files: ["slug.js"] });
    expect(checkAfter("responses")).toEqual({ passed: true, files: ["slug.js", "CHANGELOG.md"] });
    expect(checkAfter("chat")).toEqual({ passed: false, files: ["slug.js"] });
  });
});

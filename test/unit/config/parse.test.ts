import { describe, expect, it } from "vitest";
import type { ConfigError } from "../../../src/core/config/errors.js";
import { parseConfig } from "../../../src/core/config/parse.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

const FILE = "/home/u/.config/hmux/config.json";

function errorOf(text: string): ConfigError {
  const result = parseConfig(text, FILE, TOOL_RULES);
  if (result.ok) throw new Error(`expected ${text} to be refused`);
  return result.error;
}

function ok(value: object): unknown {
  const result = parseConfig(JSON.stringify(value), FILE, TOOL_RULES);
  if (!result.ok) throw new Error(result.error.message);
  return result.config;
}

describe("parseConfig: a good file", () => {
  it("a full config with every key parses to the same values", () => {
    const full = {
      version: 1,
      model: "opus",
      effort: "high",
      provider: "openai",
      tools: ["read", "grep", "native:web_search"],
      excludeTools: ["shell"],
      access: "read",
      autonomy: false,
      memory: true,
      harnessOptions: {
        codex: { contextWindow: 100000, sandbox: "read-only" },
        muse: { maxSteps: 40, write: true, shell: false },
      },
      discovery: { tools: true, instructionFiles: false, extensions: true, skills: false },
      systemPrompt: "be brief",
      appendSystemPrompt: "and kind",
      skills: ["review"],
      escalateQuestions: false,
      endpoint: "http://127.0.0.1:8787/v1",
      isolate: true,
      timeout: 60,
      stall: 30,
      toolsets: { review: ["read", "grep"] },
      toolMap: { pi: { "web-search": "web_search" }, muse: { write: "write_file" } },
      policy: {
        allowTools: ["read", "grep"],
        allowCommands: ["ls", "cat", "git status"],
        headless: { decision: "deny", reason: "nobody here" },
      },
      ui: {
        keys: { quit: "ctrl+q", help: "?", "focus-pane-1": "alt+1" },
        theme: "high-contrast",
        notifications: { enabled: true, method: "osc9", cooldownSeconds: 30 },
      },
    };
    expect(ok(full)).toEqual(full);
  });

  it("a byte-order mark before the JSON is accepted", () => {
    const result = parseConfig('\uFEFF{"version":1,"effort":"low"}', FILE, TOOL_RULES);
    expect(result.ok && result.config.effort).toBe("low");
  });
});

describe("parseConfig: malformed JSON names the file and the position", () => {
  it("a missing comma reports line and column of the offending token", () => {
    const err = errorOf('{\n  "version": 1\n  "effort": "high"\n}');
    expect(err.kind).toBe("malformed-json");
    expect(err.problems[0]).toMatchObject({ line: 3, column: 3 });
    expect(err.message).toContain(`${FILE}:3:3: malformed JSON`);
    expect(err.message).toContain('expected "," or "}"');
  });

  it("a trailing comma is malformed, not silently accepted", () => {
    expect(errorOf('{"version":1,}').message).toMatch(/1:14: malformed JSON: expected a double-quoted property name/);
  });

  it("an empty file is malformed JSON at 1:1", () => {
    expect(errorOf("").message).toBe(`${FILE}:1:1: malformed JSON: expected a JSON value, found end of input`);
  });

  it("a duplicated key is refused naming the key path, since JSON would keep only the last", () => {
    const err = errorOf('{"version":1,"ui":{"theme":"light","theme":"default"}}');
    expect(err.kind).toBe("duplicate-key");
    expect(err.keyPath).toBe("ui.theme");
  });

  it("a document that is not an object is refused", () => {
    expect(errorOf("[1]").kind).toBe("not-an-object");
    expect(errorOf("null").message).toContain("found null");
  });
});

describe("parseConfig: version", () => {
  it("a missing version names the key and what to add", () => {
    const err = errorOf('{"effort":"high"}');
    expect(err.kind).toBe("version");
    expect(err.message).toBe(`${FILE}: version: missing; add "version": 1`);
  });

  it("a different version is a mismatch, reported before unknown keys of that version", () => {
    const err = errorOf('{"version":2,"newKey":true}');
    expect(err.problems).toHaveLength(1);
    expect(err.message).toBe(`${FILE}: version: 2 is not supported; this hmux reads config version 1`);
  });

  it('a string "1" is not version 1', () => {
    expect(errorOf('{"version":"1"}').kind).toBe("version");
  });
});

describe("parseConfig: unknown keys hard-fail, naming the key path", () => {
  it("a top-level typo names the key and suggests the nearest known key", () => {
    const err = errorOf('{"version":1,"effrot":"high"}');
    expect(err.kind).toBe("unknown-key");
    expect(err.keyPath).toBe("effrot");
    expect(err.message).toContain('did you mean "effort"?');
  });

  it("a nested typo names the full path", () => {
    const err = errorOf('{"version":1,"ui":{"notifications":{"cooldown":5}}}');
    expect(err.keyPath).toBe("ui.notifications.cooldown");
    expect(err.message).toContain('did you mean "ui.notifications.cooldownSeconds"?');
  });

  it("an unknown harness under toolMap is an unknown key", () => {
    expect(errorOf('{"version":1,"toolMap":{"gemini":{}}}').keyPath).toBe("toolMap.gemini");
  });

  it("an unknown key-binding action is an unknown key listing the actions", () => {
    const err = errorOf('{"version":1,"ui":{"keys":{"explode":"x"}}}');
    expect(err.keyPath).toBe("ui.keys.explode");
    expect(err.message).toContain("halt-all");
  });

  it("an unknown policy key is refused", () => {
    expect(errorOf('{"version":1,"policy":{"allowEverything":true}}').keyPath).toBe("policy.allowEverything");
  });
});

describe("parseConfig: bad values name the key and what would work", () => {
  it.each([
    [
      '{"version":1,"harnessOptions":{"codex":{"sandbox":"yolo"}}}',
      "harnessOptions.codex.sandbox",
      "codex's sandbox takes one of read-only, workspace-write, danger-full-access",
    ],
    [
      '{"version":1,"harnessOptions":{"codex":{"contextWindow":0}}}',
      "harnessOptions.codex.contextWindow",
      "codex's contextWindow takes an integer from 1 to 272000 (found 0)",
    ],
    ['{"version":1,"harnessOptions":{"muse":{"write":"no"}}}', "harnessOptions.muse.write", "true or false"],
    ['{"version":1,"access":"admin"}', "access", 'must be one of "read", "write"'],
    ['{"version":1,"autonomy":"yes"}', "autonomy", "must be a boolean"],
    ['{"version":1,"effort":""}', "effort", "must not be empty"],
    ['{"version":1,"endpoint":"ftp://example.com"}', "endpoint", "http:// or https://"],
    ['{"version":1,"timeout":-1}', "timeout", "must be at least 0"],
    ['{"version":1,"tools":["read","bash"]}', "tools[1]", "native:<name>"],
    ['{"version":1,"toolsets":{"read":["read"]}}', "toolsets.read", "shadows a tool name"],
    ['{"version":1,"toolMap":{"muse":{"read":"read_file"}}}', "toolMap.muse.read", "category"],
    ['{"version":1,"toolMap":{"pi":{"search":"web_search"}}}', "toolMap.pi.search", "not a canonical tool name"],
    [
      '{"version":1,"ui":{"notifications":{"method":"popup"}}}',
      "ui.notifications.method",
      '"osc9", "osc777", "bel", "off"',
    ],
    ['{"version":1,"ui":{"theme":"My Theme"}}', "ui.theme", "file stem"],
  ])("%s → %s", (text, keyPath, hint) => {
    const err = errorOf(text);
    expect(err.kind).toBe("bad-value");
    expect(err.keyPath).toBe(keyPath);
    expect(err.message).toContain(`${FILE}: ${keyPath}: `);
    expect(err.message).toContain(hint);
  });

  it("every problem in a file is reported, not just the first", () => {
    const err = errorOf('{"version":1,"effort":3,"sandbox":"x","bogus":1,"harnessOptions":{"muse":{"shell":1}}}');
    expect(err.problems.map((p) => p.keyPath).sort()).toEqual([
      "bogus",
      "effort",
      "harnessOptions.muse.shell",
      "sandbox",
    ]);
  });

  it("the found value is shown beside what would work", () => {
    expect(errorOf('{"version":1,"harnessOptions":{"codex":{"sandbox":"yolo"}}}').message).toContain('(found "yolo")');
  });

  it("a key a harness does not have is an unknown key naming the harness and its own settings", () => {
    const err = errorOf('{"version":1,"harnessOptions":{"codex":{"sandbx":"read-only"}}}');
    expect(err).toMatchObject({ kind: "unknown-key", keyPath: "harnessOptions.codex.sandbx" });
    expect(err.message).toContain('codex has no setting "sandbx" (its own settings: contextWindow, sandbox)');
  });

  it.each([
    ["sandbox", '"read-only"', '{"harnessOptions": {"codex": {"sandbox": "read-only"}}}'],
    ["write", "false", '{"harnessOptions": {"muse": {"write": false}}}'],
    ["shell", "true", '{"harnessOptions": {"muse": {"shell": true}}}'],
  ])("the old top-level %s key is refused, naming where the setting lives now", (key, value, moved) => {
    const err = errorOf(`{"version":1,"${key}":${value}}`);
    expect(err).toMatchObject({ kind: "unknown-key", keyPath: key });
    expect(err.message).toContain(`${FILE}: ${key}: moved:`);
    expect(err.message).toContain(moved);
  });

  it("a config error becomes an invalid-config refusal naming the key", () => {
    const refusal = errorOf('{"version":1,"effort":3}').toRefusal();
    expect(refusal.issue).toBe("invalid-config");
    expect(refusal.option).toBe("effort");
    expect(refusal.hint).toContain(FILE);
  });
});

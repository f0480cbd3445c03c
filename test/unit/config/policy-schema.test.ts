import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/core/config/parse.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

function policyError(policy: unknown): string | null {
  const result = parseConfig(JSON.stringify({ version: 1, policy }), "p.json", TOOL_RULES);
  return result.ok ? null : result.error.message;
}

describe("policy config", () => {
  it("read-only tools and plain command prefixes are accepted", () => {
    expect(
      policyError({
        allowTools: ["read", "grep", "glob", "native:lsp"],
        allowCommands: ["ls", "cat", "git status", "git diff --stat"],
      }),
    ).toBeNull();
  });

  it.each(["ls; rm -rf /", "cat $(whoami)", "git status | sh", "echo `id`", "ls > out", "rm *", ""])(
    "command pattern %j is refused: compound or expanding shell is never a safe prefix",
    (pattern) => {
      expect(policyError({ allowCommands: [pattern] })).toContain("policy.allowCommands[0]");
    },
  );

  it("a pattern with doubled or surrounding spaces is refused", () => {
    expect(policyError({ allowCommands: ["git  status"] })).toContain("single spaces");
    expect(policyError({ allowCommands: [" ls"] })).toContain("single spaces");
  });

  it("allowing the whole shell tool is refused, pointing to allowCommands", () => {
    expect(policyError({ allowTools: ["read", "shell"] })).toContain("policy.allowCommands");
  });

  it("headless can only deny, and a given reason must not be empty", () => {
    expect(policyError({ headless: { decision: "allow" } })).toContain("policy.headless.decision");
    expect(policyError({ headless: { decision: "deny", reason: "  " } })).toContain("policy.headless.reason");
    expect(policyError({ headless: { decision: "deny" } })).toBeNull();
  });
});

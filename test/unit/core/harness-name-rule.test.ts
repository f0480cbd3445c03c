import { describe, expect, it } from "vitest";
import { envNameOf, HARNESS_NAME_PATTERN } from "../../../src/core/harness-names.js";
import { overrideVariable } from "../../../src/spawn/binaries.js";

describe("a harness name is one lowercase word, or such words joined by single hyphens", () => {
  it.each(["claude", "pi", "kimi2", "claude-acp", "codex-acp", "a-b-c"])("%s is a harness name", (name) => {
    expect(HARNESS_NAME_PATTERN.test(name)).toBe(true);
  });

  it.each(["Claude", "2pi", "-acp", "claude-", "claude--acp", "claude_acp", "claude acp", "claude.acp", ""])(
    "%j is not",
    (name) => {
      expect(HARNESS_NAME_PATTERN.test(name)).toBe(false);
    },
  );

  it("a hyphen is spelt _ where the name is part of an environment variable", () => {
    expect(envNameOf("claude-acp")).toBe("CLAUDE_ACP");
    expect(overrideVariable("pi-acp")).toBe("HMUX_PI_ACP_BIN");
    expect(overrideVariable("pi")).toBe("HMUX_PI_BIN");
  });
});

import { describe, expect, it } from "vitest";
import { descriptor as claude } from "../../../src/adapters/claude/descriptor.js";
import { CLAUDE_CANONICAL_TOOLS } from "../../../src/adapters/claude/matchers.js";
import { CODEX_CANONICAL_TOOLS } from "../../../src/adapters/codex/decode.js";
import { descriptor as codex } from "../../../src/adapters/codex/descriptor.js";
import { CURSOR_CANONICAL_TOOLS } from "../../../src/adapters/cursor/decode.js";
import { descriptor as cursor } from "../../../src/adapters/cursor/descriptor.js";
import { MUSE_CANONICAL_TOOLS } from "../../../src/adapters/muse/decode.js";
import { descriptor as muse } from "../../../src/adapters/muse/descriptor.js";
import { PI_CANONICAL_TOOLS } from "../../../src/adapters/pi/decode.js";
import { descriptor as pi } from "../../../src/adapters/pi/descriptor.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { isCanonicalTool } from "../../../src/core/tools.js";
import { decodeLines, ofKind } from "./helpers.js";

const PAIRS = [
  ["claude", claude, CLAUDE_CANONICAL_TOOLS],
  ["codex", codex, CODEX_CANONICAL_TOOLS],
  ["pi", pi, PI_CANONICAL_TOOLS],
  ["muse", muse, MUSE_CANONICAL_TOOLS],
  ["cursor", cursor, CURSOR_CANONICAL_TOOLS],
] as const;

describe("decoded tool names agree with the descriptors", () => {
  for (const [name, d, decoded] of PAIRS) {
    it(`${name}: every descriptor tool name decodes back to its canonical name`, () => {
      for (const [canonical, native] of Object.entries(d.tools.value.map))
        expect(decoded[native as string]).toBe(canonical);
    });
    it(`${name}: the decoder names only canonical tools`, () => {
      for (const canonical of Object.values(decoded)) expect(isCanonicalTool(canonical)).toBe(true);
    });
  }

  it("a context toolNames entry (config toolMap) adds a canonical name", () => {
    const h: HarnessName = "pi";
    const events = decodeLines(
      h,
      [{ type: "tool_execution_start", toolCallId: "c", toolName: "web_search", args: { q: "x" } }],
      null,
      { context: { toolNames: { web_search: "web-search" } } },
    );
    expect(ofKind(events, "tool")[0]).toMatchObject({ name: "web_search", canonical: "web-search" });
  });
});

import { describe, expect, it } from "vitest";
import { describeCapabilities } from "../../../src/core/argv/capabilities.js";
import { DESCRIPTORS } from "../../helpers/builtin-harnesses.js";

describe("describeCapabilities", () => {
  it("is one JSON-serializable record per harness and mode", () => {
    const rec = describeCapabilities(DESCRIPTORS.claude, "headless-turn");
    expect(JSON.parse(JSON.stringify(rec))).toEqual(rec);
    expect(rec).toMatchObject({
      harness: "claude",
      mode: "headless-turn",
      streaming: "token",
      transport: "pipe",
      source: "curated",
      confidence: "high",
    });
  });
  it("sessions exist for claude, codex (app-server), pi and every ACP agent; muse and cursor have none", () => {
    const sessions = Object.values(DESCRIPTORS).map((d) => [
      d.name,
      describeCapabilities(d, "headless-session").session,
    ]);
    expect(sessions).toEqual([
      ["claude", true],
      ["codex", true],
      ["pi", true],
      ["muse", false],
      ["cursor", false],
      ["opencode", true],
      ["qwen", true],
      ["claude-acp", true],
      ["codex-acp", true],
      ["pi-acp", true],
    ]);
    expect(describeCapabilities(DESCRIPTORS.muse, "headless-session").streaming).toBe("none");
  });
  it("the native pane is a pty", () => {
    expect(describeCapabilities(DESCRIPTORS.codex, "interactive").transport).toBe("pty");
  });
  it("a model outside the vocabulary degrades to source unknown", () => {
    expect(describeCapabilities(DESCRIPTORS.claude, "headless-turn", "gpt-9")).toMatchObject({
      source: "unknown",
      confidence: "none",
      vision: false,
    });
    expect(describeCapabilities(DESCRIPTORS.claude, "headless-turn", "opus").source).toBe("curated");
  });
  it("doc-derived cursor facts are medium confidence", () => {
    expect(describeCapabilities(DESCRIPTORS.cursor).confidence).toBe("medium");
  });
});

import { describe, expect, it } from "vitest";
import { knownNativeFlags, recognizeNativeSpelling } from "../../../src/core/argv/native-spelling.js";

describe("native flags typed before -- are redirected to hmux's spelling", () => {
  it("--allowedTools is claude's spelling; use --tools", () => {
    const err = recognizeNativeSpelling("--allowedTools");
    expect(err?.message).toBe("--allowedTools is claude's spelling; use --tools");
    expect(err?.issue).toBe("native-flag-spelling");
    expect(err?.supported).toEqual(["--tools"]);
    expect(err?.supportedBy).toEqual([{ harness: "claude", spelling: "--allowedTools" }]);
    expect(err?.hint).toMatch(/after --/);
  });
  it("--flag=value is matched by its flag", () => {
    expect(recognizeNativeSpelling("--thinking=high")?.supported).toEqual(["--effort"]);
  });
  it("every autonomy bypass spelling points at --autonomy", () => {
    for (const t of [
      "--dangerously-skip-permissions",
      "--dangerously-bypass-approvals-and-sandbox",
      "--yolo",
      "--force",
    ]) {
      expect(recognizeNativeSpelling(t)?.supported).toEqual(["--autonomy"]);
    }
  });
  it("hmux's own flags and unknown tokens are not native spellings", () => {
    for (const t of ["--tools", "--model", "--resume", "--session-id", "--effort", "--json", "hello", "--nonsense"]) {
      expect(recognizeNativeSpelling(t)).toBeNull();
    }
  });
  it("every table entry yields a refusal with an alternative", () => {
    for (const flag of knownNativeFlags()) {
      const err = recognizeNativeSpelling(flag);
      expect(err?.supported?.length).toBe(1);
      expect(err?.supportedBy?.length).toBeGreaterThan(0);
    }
  });
});

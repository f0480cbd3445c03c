import { describe, expect, it } from "vitest";
import { BUILTIN_HARNESSES, builtinRegistry, createRegistry } from "../../../src/adapters/registry.js";
import {
  knownNativeFlags,
  type OwnedNativeSpelling,
  recognizeNativeSpelling,
} from "../../../src/core/argv/native-spelling.js";

const SPELLINGS = builtinRegistry.nativeSpellings;
const recognize = (token: string) => recognizeNativeSpelling(token, SPELLINGS);

describe("native flags typed before -- are redirected to hmux's spelling", () => {
  it("--allowedTools is claude's spelling; use --tools", () => {
    const err = recognize("--allowedTools");
    expect(err?.message).toBe("--allowedTools is claude's spelling; use --tools");
    expect(err?.issue).toBe("native-flag-spelling");
    expect(err?.supported).toEqual(["--tools"]);
    expect(err?.supportedBy).toEqual([{ harness: "claude", spelling: "--allowedTools" }]);
    expect(err?.hint).toMatch(/after --/);
  });
  it("--flag=value is matched by its flag", () => {
    expect(recognize("--thinking=high")?.supported).toEqual(["--effort"]);
  });
  it("every autonomy bypass spelling points at --autonomy", () => {
    for (const t of [
      "--dangerously-skip-permissions",
      "--dangerously-bypass-approvals-and-sandbox",
      "--yolo",
      "--force",
    ]) {
      expect(recognize(t)?.supported).toEqual(["--autonomy"]);
    }
  });
  it("hmux's own flags and unknown tokens are not native spellings", () => {
    for (const t of ["--tools", "--model", "--resume", "--session-id", "--effort", "--json", "hello", "--nonsense"]) {
      expect(recognize(t)).toBeNull();
    }
  });
  it("every declared flag yields a refusal with an alternative", () => {
    for (const flag of knownNativeFlags(SPELLINGS)) {
      const err = recognize(flag);
      expect(err?.supported?.length).toBe(1);
      expect(err?.supportedBy?.length).toBeGreaterThan(0);
    }
  });
  it("a flag several harnesses share names every owner, with its full spelling, once", () => {
    const err = recognize("--continue");
    expect(err?.message).toBe("--continue is claude/pi/cursor's spelling; use --resume-last");
    expect(recognize("--output-format")?.supportedBy).toEqual([
      { harness: "claude", spelling: "--output-format stream-json" },
      { harness: "cursor", spelling: "--output-format stream-json" },
    ]);
  });
  it("a flag that means different things to different harnesses tells each owner its own alternative", () => {
    const err = recognize("-c");
    expect(err?.message).toBe(
      "-c is claude/pi/codex's spelling; use --resume-last (claude/pi -c) or `-- -c key=value` (codex config)",
    );
    expect(err?.option).toBe("resumeLast");
    expect(err?.supportedBy?.map((s) => s.harness)).toEqual(["claude", "pi", "codex"]);
  });
  it("only what the registry declares is recognized: a registered harness's spelling is, nothing is without one", () => {
    const extra: OwnedNativeSpelling = { harness: "fake", flag: "--fake-only", option: "model", normalized: "--model" };
    expect(recognizeNativeSpelling("--fake-only", SPELLINGS)).toBeNull();
    expect(recognizeNativeSpelling("--fake-only", [...SPELLINGS, extra])?.message).toBe(
      "--fake-only is fake's spelling; use --model",
    );
    expect(recognizeNativeSpelling("--allowedTools", [])).toBeNull();
  });
  it("a harness declaring a spelling that is not one flag token is refused at registration", () => {
    const [first, ...rest] = BUILTIN_HARNESSES;
    const bad = { ...first!, nativeSpellings: [{ flag: "--two words", option: "model", normalized: "--model" }] };
    expect(() => createRegistry([bad, ...rest])).toThrow(/one -x or --long token/);
    expect(builtinRegistry.nativeSpellings.length).toBeGreaterThan(0);
  });
});

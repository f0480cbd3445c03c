import { describe, expect, it } from "vitest";
import { isRetryable } from "../../../src/core/events.js";
import { decodeLines, done } from "./helpers.js";

const SID = "11111111-2222-4333-8444-555555555555";
const init = { type: "system", subtype: "init", session_id: SID, model: "claude-opus-4-8" };

describe("a login problem is an auth failure that is not retryable and says what to run", () => {
  it("the auth class is not retryable", () => {
    expect(isRetryable("auth")).toBe(false);
  });

  it("claude 'Not logged in' hints at running claude, then /login", () => {
    const text = "Not logged in · Please run /login";
    const f = done(
      decodeLines("claude", [init, { type: "result", subtype: "success", is_error: true, result: text }], 1),
    ).failure;
    expect(f).toMatchObject({ class: "auth", authKind: "not-logged-in", retryable: false });
    expect(f?.hint).toMatch(/`claude`.*`\/login`/);
  });

  it("pi 'No API key found for <provider>' names that provider's key variable", () => {
    for (const [provider, variable] of [
      ["google", "GEMINI_API_KEY"],
      ["anthropic", "ANTHROPIC_API_KEY"],
      ["openai", "OPENAI_API_KEY"],
    ]) {
      const f = done(decodeLines("pi", [], 1, { stderr: `No API key found for ${provider}.\n` })).failure;
      expect(f).toMatchObject({ class: "auth", authKind: "not-logged-in", retryable: false });
      expect(f?.hint).toContain(variable);
    }
  });

  it("pi's wall for a provider without a known variable still gets a hint", () => {
    const f = done(decodeLines("pi", [], 1, { stderr: "No API key found for some-gateway.\n" })).failure;
    expect(f).toMatchObject({ class: "auth", retryable: false });
    expect(f?.hint).toMatch(/API key variable/);
  });
});

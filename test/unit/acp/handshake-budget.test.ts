/**
 * The one rule of an ACP agent's handshake budget (src/core/exec/handshake-budget.ts): what the
 * harness declares, else the core's default; a declaration out of bounds is refused when the
 * harness is registered, naming it. The timeout itself: acp-bad-input.test.ts.
 */
import { describe, expect, it } from "vitest";
import { configuredAcpDefinition } from "../../../src/adapters/acp-kind/configured.js";
import { acpHarness } from "../../../src/adapters/acp-kind/kind.js";
import {
  DEFAULT_HANDSHAKE_SECONDS,
  HANDSHAKE_MAX_SECONDS,
  handshakeBudgetMs,
} from "../../../src/core/exec/handshake-budget.js";
import { HmuxError } from "../../../src/core/hmux-error.js";

describe("the ACP handshake budget", () => {
  it("is the core's default when the harness declares none, and its own declaration when it does", () => {
    expect(handshakeBudgetMs("quiet")).toBe(DEFAULT_HANDSHAKE_SECONDS * 1000);
    expect(handshakeBudgetMs("slow", 120_000)).toBe(120_000);
  });

  it("refuses a declaration out of bounds, naming the harness", () => {
    for (const ms of [0, -1, 1.5, HANDSHAKE_MAX_SECONDS * 1000 + 1])
      expect(() => handshakeBudgetMs("odd", ms)).toThrow(
        expect.objectContaining({ code: "invalid-harness", message: expect.stringContaining("odd declares") }),
      );
  });

  it("refuses a harness declaring one out of bounds when it is registered, not when a session waits", () => {
    const definition = configuredAcpDefinition({
      name: "eager",
      command: ["/bin/true"],
      env: {},
      limits: { handshakeMs: 0 },
      configPath: "(test)",
    });
    expect(() => acpHarness(definition)).toThrow(HmuxError);
  });
});

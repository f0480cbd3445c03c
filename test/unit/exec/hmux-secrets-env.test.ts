import { describe, expect, it } from "vitest";
import { composeEnv } from "../../../src/core/exec/env.js";

describe("hmux's own tokens never reach a harness through the inherited environment", () => {
  it("the hook token and socket and the model token are dropped from the base; the user's variables stay", () => {
    const env = composeEnv(
      {
        PATH: "/bin",
        ANTHROPIC_API_KEY: "user-key",
        HMUX_HOOK_TOKEN: "outer-pane-token",
        HMUX_HOOK_SOCKET: "/run/hmux/hooks.sock",
        HMUX_MODEL_TOKEN: "log-token",
      },
      {},
    );
    expect(env).toEqual({ PATH: "/bin", ANTHROPIC_API_KEY: "user-key" });
  });

  it("an adapter that wires its own hook token still passes it", () => {
    expect(composeEnv({ HMUX_HOOK_TOKEN: "outer" }, { HMUX_HOOK_TOKEN: "this-pane" })).toEqual({
      HMUX_HOOK_TOKEN: "this-pane",
    });
  });
});

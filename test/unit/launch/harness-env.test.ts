/**
 * The one harness environment: the user's own, without hmux's variables, and without the
 * harness's vendor credentials when a custom endpoint would receive them.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { harnessEnvironment } from "../../../src/core/launch/harness-env.js";
import { sessionPlanner } from "../../helpers/builtin-harnesses.js";

const HOST = {
  PATH: "/bin",
  HOME: "/home/u",
  GITHUB_TOKEN: "gh-user",
  AWS_PROFILE: "work",
  ANTHROPIC_API_KEY: "sk-ant-user",
  ANTHROPIC_AUTH_TOKEN: "ant-bearer-user",
  OPENAI_API_KEY: "sk-openai-user",
  CODEX_API_KEY: "codex-user",
  GEMINI_API_KEY: "gemini-user",
  HMUX_HOOK_TOKEN: "outer-pane-token",
  HMUX_HOOK_SOCKET: "/run/hmux/hooks.sock",
  HMUX_HOOK_PANE: "native-1",
  HMUX_MODEL_TOKEN: "log-token",
  HMUX_CLAUDE_BIN: "/opt/claude",
  HMUX_SOMETHING_NEW: "x",
  HMUX_ENDPOINT_API_KEY: "gateway-key",
  UNSET: undefined,
};
const credentials = (harness: string) => builtinRegistry.get(harness).credentialEnv;

describe("the harness environment", () => {
  it("without an endpoint: every HMUX_ variable goes, the user's own (vendor keys too) stays", () => {
    const { env, withheld } = harnessEnvironment({ host: HOST, credentialEnv: credentials("claude") });
    expect(Object.keys(env).filter((k) => k.startsWith("HMUX_"))).toEqual([]);
    expect(env).toEqual({
      PATH: "/bin",
      HOME: "/home/u",
      GITHUB_TOKEN: "gh-user",
      AWS_PROFILE: "work",
      ANTHROPIC_API_KEY: "sk-ant-user",
      ANTHROPIC_AUTH_TOKEN: "ant-bearer-user",
      OPENAI_API_KEY: "sk-openai-user",
      CODEX_API_KEY: "codex-user",
      GEMINI_API_KEY: "gemini-user",
    });
    expect(withheld).toEqual([]);
  });

  it("with an endpoint claude loses its Anthropic credentials and keeps the key named for the endpoint", () => {
    const { env, withheld } = harnessEnvironment({
      host: HOST,
      credentialEnv: credentials("claude"),
      endpoint: "http://127.0.0.1:9",
    });
    expect(withheld).toEqual(["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"]);
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(env.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
    expect(env.HMUX_ENDPOINT_API_KEY).toBe("gateway-key");
    expect(env.HMUX_HOOK_TOKEN).toBeUndefined();
    // Not claude's to send: the agent's shell may still need them.
    expect(env).toMatchObject({ OPENAI_API_KEY: "sk-openai-user", GITHUB_TOKEN: "gh-user", AWS_PROFILE: "work" });
  });

  it("with an endpoint codex loses its OpenAI credentials, pi every provider key it reads", () => {
    const endpoint = "https://gateway.example/v1";
    const codex = harnessEnvironment({ host: HOST, credentialEnv: credentials("codex"), endpoint });
    expect(codex.withheld).toEqual(["CODEX_API_KEY", "OPENAI_API_KEY"]);
    expect(codex.env.ANTHROPIC_API_KEY).toBe("sk-ant-user");
    const pi = harnessEnvironment({ host: HOST, credentialEnv: credentials("pi"), endpoint });
    expect(pi.withheld).toEqual(["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "GEMINI_API_KEY", "OPENAI_API_KEY"]);
    expect(pi.env).toMatchObject({ CODEX_API_KEY: "codex-user", AWS_PROFILE: "work" });
  });

  it("every harness that takes an endpoint declares the credentials it would send", () => {
    for (const adapter of builtinRegistry.adapters)
      if (adapter.descriptor.endpoint.value !== null)
        expect(adapter.credentialEnv.length, adapter.name).toBeGreaterThan(0);
  });
});

describe("the key a custom endpoint gets is the one named for it", () => {
  it("a pi session writes HMUX_ENDPOINT_API_KEY into its endpoint provider, as hmux run does, never a vendor key", () => {
    const base = { sessionId: "s1", cwd: "/w", stateDir: "/s", isolate: true, endpoint: "http://127.0.0.1:9" };
    const apiKey = (env: Record<string, string>) => {
      const file = sessionPlanner("pi")({ ...base, env }).files.find((f) => f.path.endsWith("models.json"));
      return (JSON.parse(file!.content) as { providers: { hmux: { apiKey: string } } }).providers.hmux.apiKey;
    };
    expect(apiKey({ HMUX_ENDPOINT_API_KEY: "gateway-key", OPENAI_API_KEY: "sk-openai-user" })).toBe("gateway-key");
    expect(apiKey({ OPENAI_API_KEY: "sk-openai-user" })).toBe("dummy");
  });
});

/**
 * --endpoint points each harness at a compatible server its own way (docs/harness-facts.md: claude-endpoint, codex-endpoint, pi-endpoint) and
 * --isolate moves HOME and every config dir under the per-session state dir.
 */

import { describe, expect, it } from "vitest";
import type { TurnRequest } from "../../../src/core/argv/types.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { planners, sessionPlanner } from "../../helpers/builtin-harnesses.js";

const STATE = "/tmp/hmux-state/s1";
const URL_ = "http://127.0.0.1:4321";

function plan(h: keyof typeof planners, options: TurnOptions, extra: Partial<TurnRequest> = {}) {
  return planners[h]({ options, inputs: { prompt: "go" }, prompt: "go", ...extra });
}

function refusalOf(fn: () => unknown): RefusalError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RefusalError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("endpoint routing", () => {
  it("claude: base URL, a dummy key only when none is set, non-essential traffic off, one retry", () => {
    const inv = plan("claude", { endpoint: `${URL_}/` });
    expect(inv.env).toEqual({
      ANTHROPIC_BASE_URL: URL_,
      ANTHROPIC_API_KEY: "dummy",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_MAX_RETRIES: "1",
    });
    const named = plan("claude", { endpoint: URL_ }, { host: { env: { HMUX_ENDPOINT_API_KEY: "gw-key" } } });
    expect(named.env.ANTHROPIC_API_KEY).toBe("gw-key");
  });

  it("claude: the caller's own ANTHROPIC_API_KEY never goes to a custom endpoint", () => {
    const vendor = plan("claude", { endpoint: URL_ }, { host: { env: { ANTHROPIC_API_KEY: "sk-ant-real" } } });
    expect(vendor.env.ANTHROPIC_API_KEY).toBe("dummy");
    const session = sessionPlanner("claude")({
      sessionId: "s1",
      cwd: "/w",
      env: { ANTHROPIC_API_KEY: "sk-ant-real", PATH: "/bin" },
      stateDir: "/tmp/hmux-s1",
      isolate: false,
      endpoint: URL_,
    });
    expect(session.spawn.env?.ANTHROPIC_API_KEY).not.toBe("sk-ant-real");
    expect(session.spawn.env?.PATH).toBe("/bin");
    const named = sessionPlanner("claude")({
      sessionId: "s1",
      cwd: "/w",
      env: { ANTHROPIC_API_KEY: "sk-ant-real", HMUX_ENDPOINT_API_KEY: "gw-key" },
      stateDir: "/tmp/hmux-s1",
      isolate: false,
      endpoint: URL_,
    });
    expect(named.spawn.env?.ANTHROPIC_API_KEY).toBe("gw-key");
  });

  it("claude: with an endpoint any clean model id passes (a gateway names its own models)", () => {
    expect(plan("claude", { endpoint: URL_, model: "scripted-model" }).argv).toContain("scripted-model");
    expect(refusalOf(() => plan("claude", { model: "scripted-model" })).issue).toBe("unknown-model");
  });

  it("codex: a model provider through -c overrides, update check/analytics/plugins off, bounded retries, a default model", () => {
    const inv = plan("codex", { endpoint: URL_, stallSeconds: 5 });
    const overrides = inv.argv.filter((_, i) => inv.argv[i - 1] === "-c");
    expect(overrides).toEqual([
      'model_provider="hmux"',
      'model_providers.hmux.name="hmux endpoint"',
      `model_providers.hmux.base_url="${URL_}/v1"`,
      'model_providers.hmux.wire_api="responses"',
      'model_providers.hmux.env_key="HMUX_ENDPOINT_API_KEY"',
      "model_providers.hmux.request_max_retries=1",
      "model_providers.hmux.stream_max_retries=0",
      "model_providers.hmux.stream_idle_timeout_ms=5000",
      "check_for_update_on_startup=false",
      "analytics.enabled=false",
      "features.plugins=false",
    ]);
    expect(inv.argv.slice(inv.argv.indexOf("--model"), inv.argv.indexOf("--model") + 2)).toEqual([
      "--model",
      "gpt-5.5",
    ]);
    expect(inv.env).toEqual({ HMUX_ENDPOINT_API_KEY: "dummy" });
    expect(inv.argv.slice(-2)).toEqual(["--", "go"]);
  });

  it("codex: a base URL that already has a path is kept as given", () => {
    const inv = plan("codex", { endpoint: "https://gw.example/openai/v1", model: "m1" });
    expect(inv.argv).toContain('model_providers.hmux.base_url="https://gw.example/openai/v1"');
    expect(inv.argv).toContain("m1");
  });

  it("pi: models.json and settings.json in the isolated agent dir, --provider hmux --model <m>, offline", () => {
    const inv = plan("pi", { endpoint: URL_, model: "double-model" }, { stateDir: STATE });
    const agent = `${STATE}/home/.pi/agent`;
    expect(inv.files.map((f) => f.path)).toEqual([`${agent}/models.json`, `${agent}/settings.json`]);
    const models = JSON.parse(inv.files[0]!.content);
    expect(models.providers.hmux).toMatchObject({ baseUrl: `${URL_}/v1`, api: "openai-completions", apiKey: "dummy" });
    expect(models.providers.hmux.models[0].id).toBe("double-model");
    expect(JSON.parse(inv.files[1]!.content)).toEqual({ retry: { enabled: true, maxRetries: 1, baseDelayMs: 500 } });
    expect(inv.env).toMatchObject({
      PI_CODING_AGENT_DIR: agent,
      PI_OFFLINE: "1",
      PI_TELEMETRY: "0",
      HOME: `${STATE}/home`,
    });
    expect(inv.argv).toEqual(["pi", "-p", "go", "--mode", "json", "--provider", "hmux", "--model", "double-model"]);
    expect(inv.dirs).toContain(agent);
  });

  it("pi: an endpoint without a state dir refuses instead of writing into the user's agent dir", () => {
    expect(refusalOf(() => plan("pi", { endpoint: URL_ })).option).toBe("endpoint");
  });

  it("pi: --endpoint and --provider are mutually exclusive", () => {
    expect(refusalOf(() => plan("pi", { endpoint: URL_, provider: "zai" }, { stateDir: STATE })).issue).toBe(
      "mutually-exclusive-options",
    );
  });

  it("muse and cursor refuse an endpoint and name the harnesses that can be pointed", () => {
    for (const h of ["muse", "cursor"] as const) {
      const err = refusalOf(() => plan(h, { endpoint: URL_ }));
      expect(err.issue).toBe("unsupported-option");
      expect(err.supportedBy?.map((s) => s.harness)).toEqual([
        "claude",
        "codex",
        "pi",
        "opencode",
        "qwen",
        "claude-acp",
        "codex-acp",
        "pi-acp",
      ]);
      expect(err.hint).toMatch(/--endpoint/);
    }
  });

  it("a malformed endpoint is refused with an example of a good one", () => {
    for (const bad of ["ftp://x", "not a url", "http://user:pw@127.0.0.1:1"]) {
      expect(refusalOf(() => plan("claude", { endpoint: bad })).issue).toBe("invalid-option-value");
    }
  });
});

describe("isolation", () => {
  it("--isolate points HOME and every config dir below the state dir and plans their creation", () => {
    for (const h of ["claude", "codex", "pi", "muse", "cursor"] as const) {
      const inv = plan(h, { isolate: true }, { stateDir: `${STATE}/` });
      expect(inv.env).toMatchObject({
        HOME: `${STATE}/home`,
        CLAUDE_CONFIG_DIR: `${STATE}/home/.claude`,
        CODEX_HOME: `${STATE}/home/.codex`,
        PI_CODING_AGENT_DIR: `${STATE}/home/.pi/agent`,
      });
      expect(inv.dirs).toEqual(expect.arrayContaining([`${STATE}/home`, `${STATE}/home/.codex`]));
    }
  });

  it("--isolate without a state dir is refused (the execution layer must create one)", () => {
    expect(refusalOf(() => plan("claude", { isolate: true })).option).toBe("isolate");
  });

  it("the user's --env wins over planned env, and KEY= deletes", () => {
    const inv = plan(
      "claude",
      { isolate: true },
      { stateDir: STATE, inputs: { prompt: "go", env: { HOME: "/custom", FOO: "" } } },
    );
    expect(inv.env.HOME).toBe("/custom");
    expect(inv.env.FOO).toBeNull();
  });

  it("claude autonomy as root adds IS_SANDBOX=1; not as another user", () => {
    expect(plan("claude", { autonomy: true }, { host: { isRoot: true } }).env.IS_SANDBOX).toBe("1");
    expect(plan("claude", { autonomy: true }, { host: { isRoot: false } }).env.IS_SANDBOX).toBeUndefined();
  });
});

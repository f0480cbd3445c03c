/**
 * codex against one endpoint gets one wiring, whichever way it is started: a turn's plan (what
 * `hmux run` spawns) and a session's plan (what `hmux session` and TUI panes spawn) carry the same
 * `-c` overrides and the same endpoint environment.
 */
import { describe, expect, it } from "vitest";
import { CODEX_ENDPOINT_KEY_ENV } from "../../../src/adapters/codex/endpoint.js";
import { adapterFor } from "../../../src/adapters/registry.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { sessionPlanner } from "../../helpers/builtin-harnesses.js";

const ENDPOINTS = ["http://127.0.0.1:4321", "https://gateway.example/openai/v1", "http://localhost:9/"];

function overridesOf(argv: readonly string[]): string[] {
  return argv.filter((_, i) => argv[i - 1] === "-c");
}

function turnPlan(options: TurnOptions, env: Record<string, string>) {
  const inv = adapterFor("codex").planTurn({
    options,
    inputs: { prompt: "go", cwd: "/w" },
    prompt: "go",
    host: { env },
  });
  return { overrides: overridesOf(inv.argv), env: inv.env };
}

function sessionPlan(options: TurnOptions, env: Record<string, string>) {
  const plan = sessionPlanner("codex")({
    sessionId: "s1",
    cwd: "/w",
    env,
    stateDir: "/tmp/hmux-s1",
    isolate: false,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.stallSeconds !== undefined ? { stallSeconds: options.stallSeconds } : {}),
  });
  // The session plan carries the whole child environment; only what the wiring added is compared.
  const added: Record<string, string> = {};
  for (const [k, v] of Object.entries(plan.spawn.env ?? {}))
    if (env[k] !== v || k === CODEX_ENDPOINT_KEY_ENV) added[k] = v;
  return { overrides: overridesOf(plan.spawn.argv), env: added };
}

/** The turn plan renders its model as --model; the session as `-c model=`: the model itself is compared apart. */
const withoutModel = (overrides: readonly string[]) => overrides.filter((o) => !o.startsWith("model="));

describe("codex endpoint wiring", () => {
  for (const endpoint of ENDPOINTS) {
    for (const stallSeconds of [undefined, 5]) {
      it(`a turn and a session against ${endpoint} (stall ${stallSeconds ?? "none"}) get the same overrides and env`, () => {
        const options: TurnOptions = { endpoint, ...(stallSeconds !== undefined ? { stallSeconds } : {}) };
        const turn = turnPlan(options, {});
        const session = sessionPlan(options, {});
        expect(withoutModel(session.overrides)).toEqual(turn.overrides);
        expect(session.env).toEqual(turn.env);
        expect(turn.overrides.some((o) => o.startsWith("model_provider="))).toBe(true);
      });
    }
  }

  it("a key set in hmux's environment reaches codex the same way from a turn and a session", () => {
    const env = { [CODEX_ENDPOINT_KEY_ENV]: "sk-gateway" };
    const turn = turnPlan({ endpoint: ENDPOINTS[1] }, env);
    const session = sessionPlan({ endpoint: ENDPOINTS[1] }, env);
    expect(turn.env).toEqual({ [CODEX_ENDPOINT_KEY_ENV]: "sk-gateway" });
    expect(session.env).toEqual(turn.env);
  });

  it("a session's stall budget bounds codex's stream idle timeout as a turn's does", () => {
    const session = sessionPlan({ endpoint: ENDPOINTS[0], stallSeconds: 12 }, {});
    expect(session.overrides).toContain("model_providers.hmux.stream_idle_timeout_ms=12000");
  });

  it("a session against an endpoint asks for the descriptor's endpoint model, as a turn does", () => {
    const turn = adapterFor("codex").planTurn({
      options: { endpoint: ENDPOINTS[0] },
      inputs: { prompt: "go" },
      prompt: "go",
    });
    const model = turn.argv[turn.argv.indexOf("--model") + 1];
    expect(sessionPlan({ endpoint: ENDPOINTS[0] }, {}).overrides).toContain(`model=${JSON.stringify(model)}`);
  });
});

/**
 * One harness environment per launch: for the same request, the one-shot turn an adapter plans and
 * the session it spawns set the same variables (isolation, endpoint, the harness's own switches),
 * write the same endpoint files and pass the same endpoint argv. A session is one turn's settings
 * kept running, so anything the turn plan would set differently is a drift between two planners.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { TurnRequest } from "../../../src/core/argv/types.js";
import type { SessionRequest } from "../../../src/core/exec/session-plan-types.js";
import { harnessEnvironment } from "../../../src/core/launch/harness-env.js";

const STATE = "/tmp/hmux-agree/s1";
const ENDPOINT = "http://127.0.0.1:4321";
const HOST: Readonly<Record<string, string>> = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/u",
  ANTHROPIC_API_KEY: "sk-ant-user",
  OPENAI_API_KEY: "sk-openai-user",
  CLAUDE_CODE_MAX_RETRIES: "7",
  HMUX_HOOK_TOKEN: "outer-pane-token",
};

/** What one launch asks for, before either channel plans it. */
interface Ask {
  readonly isolate: boolean;
  readonly endpoint?: string;
  readonly model?: string;
  readonly stallSeconds?: number;
  readonly endpointKey?: string;
}

const ASKS: readonly (readonly [string, Ask])[] = [
  ["isolated, against an endpoint", { isolate: true, endpoint: ENDPOINT, model: "scripted-model", stallSeconds: 30 }],
  ["isolated, against an endpoint, with a key named for it", { isolate: true, endpoint: ENDPOINT, endpointKey: "gw" }],
  ["isolated, no endpoint", { isolate: true }],
  ["not isolated, no endpoint", { isolate: false }],
];

const processHarnesses = builtinRegistry.adapters.filter((a) => a.session?.kind === "process").map((a) => a.name);

function hostOf(ask: Ask): Record<string, string> {
  return { ...HOST, ...(ask.endpointKey ? { HMUX_ENDPOINT_API_KEY: ask.endpointKey } : {}) };
}

function turnOf(harness: string, ask: Ask) {
  const request: TurnRequest = {
    options: {
      ...(ask.isolate ? { isolate: true } : {}),
      ...(ask.endpoint ? { endpoint: ask.endpoint } : {}),
      ...(ask.model ? { model: ask.model } : {}),
      ...(ask.stallSeconds !== undefined ? { stallSeconds: ask.stallSeconds } : {}),
    },
    inputs: { prompt: "go" },
    prompt: "go",
    ...(ask.isolate ? { stateDir: STATE } : {}),
    host: { env: hostOf(ask) },
  };
  return builtinRegistry.get(harness).planTurn(request);
}

/** The session as `hmux session` starts it: its base env is the harness environment prepareLaunch hands it. */
function sessionOf(harness: string, ask: Ask) {
  const adapter = builtinRegistry.get(harness);
  const base = harnessEnvironment({
    host: hostOf(ask),
    credentialEnv: adapter.credentialEnv,
    endpoint: ask.endpoint,
  }).env;
  const request: SessionRequest = {
    sessionId: "3f0c8a52-6f2e-4d59-9a3e-1b7f0c2d4e5a",
    cwd: "/w",
    env: base,
    stateDir: STATE,
    isolate: ask.isolate,
    ...(ask.endpoint ? { endpoint: ask.endpoint } : {}),
    ...(ask.model ? { model: ask.model } : {}),
    ...(ask.stallSeconds !== undefined ? { stallSeconds: ask.stallSeconds } : {}),
  };
  if (adapter.session?.kind !== "process") throw new Error(`${harness} has no process session`);
  return { base, plan: adapter.session.plan(request) };
}

/** The variables a plan sets over what the harness would inherit. */
function setOver(base: Readonly<Record<string, string>>, env: Readonly<Record<string, string | null>>) {
  return Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== null && base[k] !== v));
}

/**
 * `-c key=value` overrides: the way codex is pointed at an endpoint. The model is not compared: a
 * turn renders it as a flag, a session as an override.
 */
function overrides(argv: readonly string[]): string[] {
  return argv.filter((o, i) => argv[i - 1] === "-c" && !o.startsWith("model=")).sort();
}

/** The tokens of one flag and its value (`--provider hmux`), wherever it sits. */
function flagValue(argv: readonly string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** Only what a session channel adds on its own: pi's gate waits for hmux's decision, a turn has no gate. */
const SESSION_ONLY = new Set(["HMUX_GATE_TIMEOUT_MS"]);

describe.each(processHarnesses)("%s: the turn plan and the session spawn", (harness) => {
  it.each(ASKS)("set the same environment when %s", (_, ask) => {
    const turn = turnOf(harness, ask);
    const { base, plan } = sessionOf(harness, ask);
    const session = Object.fromEntries(
      Object.entries(setOver(base, plan.spawn.env ?? {})).filter(([k]) => !SESSION_ONLY.has(k)),
    );
    expect(session).toEqual(setOver(base, turn.env));
  });

  it.each(ASKS)("write the same endpoint files and pass the same endpoint argv when %s", (_, ask) => {
    const turn = turnOf(harness, ask);
    const { plan } = sessionOf(harness, ask);
    const written = (files: readonly { path: string; content: string }[]) =>
      files.filter((f) => !f.path.endsWith("/.keep")).map((f) => ({ path: f.path, content: f.content }));
    expect(written(plan.files)).toEqual(written(turn.files));
    expect(overrides(plan.spawn.argv)).toEqual(overrides(turn.argv));
    expect(flagValue(plan.spawn.argv, "--provider")).toBe(flagValue(turn.argv, "--provider"));
  });
});

/**
 * One launch pipeline: the same request, stated the way each entry point states it (`hmux run`'s
 * flags, `hmux session`'s flags, the TUI dialog's fields as the server's create, a native pane's request), gets the same
 * plan or the same refusal. The ports are fakes: an in-memory config file tree, a fixed binary
 * table and a fixed set of directories, so only the entry points' own translation differs.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { allAdapters, builtinRegistry, requireHarness } from "../../../src/adapters/registry.js";
import { addTurnFlags, type RawTurnFlags, turnOptionsFromFlags } from "../../../src/cli/commands/run-options.js";
import { type SessionFlags, sessionRequest } from "../../../src/cli/commands/session.js";
import { serverLaunchRequest } from "../../../src/cli/server-launcher.js";
import { loadConfigTiers } from "../../../src/core/config/load.js";
import { prepareLaunch } from "../../../src/core/launch/prepare.js";
import { decideTurnGate } from "../../../src/core/launch/turn-gate.js";
import type { LaunchEntry, LaunchOutcome, LaunchPorts, LaunchRequest } from "../../../src/core/launch/types.js";
import { sessionPlanRequest, turnPlanRequest } from "../../../src/launch/plan-step.js";
import { nativeLaunchRequest } from "../../../src/main/native-launch.js";
import type { NativeKind } from "../../../src/native/native-plan.js";

const WORK = "/work/repo";
const USER_CONFIG = "/cfg/hmux/config.json";
const PROJECT_CONFIG = `${WORK}/.hmux/config.json`;

/** What a user asks for, before any entry point spells it. */
interface Ask {
  readonly harness: string;
  readonly cwd?: string;
  readonly model?: string;
  readonly effort?: string;
  readonly endpoint?: string;
}

interface World {
  readonly files?: Readonly<Record<string, unknown>>;
  readonly missingBinaries?: readonly string[];
}

/** hmux's own environment: the user's variables, vendor keys, and hmux's own tokens. */
const HOST_ENV: Readonly<Record<string, string>> = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/u",
  GITHUB_TOKEN: "gh-user",
  ANTHROPIC_API_KEY: "sk-ant-user",
  ANTHROPIC_AUTH_TOKEN: "ant-bearer-user",
  OPENAI_API_KEY: "sk-openai-user",
  HMUX_HOOK_TOKEN: "outer-pane-token",
  HMUX_MODEL_TOKEN: "request-log-token",
  HMUX_CLAUDE_BIN: "/opt/claude",
  HMUX_ENDPOINT_API_KEY: "gateway-key",
};

function fakePorts(world: World): LaunchPorts {
  const files = new Map(Object.entries(world.files ?? {}).map(([p, v]) => [p, JSON.stringify(v)]));
  const dirs = new Set([WORK, `${WORK}/.git`, "/work"]);
  return {
    harness: requireHarness,
    harnesses: allAdapters,
    isDirectory: (path) => dirs.has(path),
    configFiles: (cwd) =>
      loadConfigTiers({
        env: { XDG_CONFIG_HOME: "/cfg" },
        harnesses: builtinRegistry.toolRules,
        cwd,
        reader: {
          exists: (p) => files.has(p) || dirs.has(p),
          readText: (p) => files.get(p) ?? "",
        },
      }),
    binary: (harness) =>
      world.missingBinaries?.includes(harness)
        ? { ok: false, message: `${harness} is not installed`, hint: `install ${harness}` }
        : { ok: true, binary: { executable: `/bin/${harness}`, prefixArgs: [] } },
    stateDir: () => ({ dir: "/state/s1" }),
    host: { isRoot: false, env: HOST_ENV },
  };
}

/** `hmux run <harness> "go" [flags]`, parsed by run's own flag table. */
function viaRun(ask: Ask): LaunchRequest {
  const cmd = addTurnFlags(new Command("run").exitOverride(), builtinRegistry.harnessOptions);
  const argv = [
    ...(ask.model ? ["--model", ask.model] : []),
    ...(ask.effort ? ["--effort", ask.effort] : []),
    ...(ask.endpoint ? ["--endpoint", ask.endpoint] : []),
  ];
  cmd.parse(argv, { from: "user" });
  const flags = cmd.opts<RawTurnFlags>();
  const cwd = ask.cwd ?? WORK;
  return turnPlanRequest(
    {
      kind: "run",
      harness: ask.harness,
      cwd,
      args: turnOptionsFromFlags(flags, cmd, builtinRegistry.harnessOptions),
      workspace: { flag: undefined },
      prompt: { text: "go", explicit: false },
      passthrough: [],
      callerEnv: {},
      turnLabel: "run-1",
    },
    { cwd },
  );
}

/** `hmux session <harness> --json [flags]`. */
function viaSession(ask: Ask): LaunchRequest {
  const flags: SessionFlags = {
    json: true,
    cwd: ask.cwd ?? WORK,
    ...(ask.model ? { model: ask.model } : {}),
    ...(ask.effort ? { effort: ask.effort } : {}),
    ...(ask.endpoint ? { endpoint: ask.endpoint } : {}),
  };
  const request = sessionRequest(ask.harness, flags);
  return sessionPlanRequest(request, { cwd: request.cwd, identity: { sessionId: "s1" } });
}

/** The TUI's new-session dialog: its fields become the server's create options, which the server plans as a session. */
function viaPane(ask: Ask): LaunchRequest {
  const cwd = ask.cwd ?? WORK;
  const request = serverLaunchRequest({
    harness: ask.harness,
    cwd,
    options: {
      ...(ask.model ? { model: ask.model } : {}),
      ...(ask.effort ? { effort: ask.effort } : {}),
      ...(ask.endpoint ? { endpoint: ask.endpoint } : {}),
    },
  });
  return sessionPlanRequest(request, { cwd, identity: { sessionId: "s1" } });
}

/** A native pane (`native <harness>` in the dialog, or `hmux native`): it has no effort field. */
function viaNative(ask: Ask): LaunchRequest {
  return nativeLaunchRequest({
    kind: ask.harness as NativeKind,
    cwd: ask.cwd ?? WORK,
    ...(ask.model ? { model: ask.model } : {}),
    ...(ask.endpoint ? { endpoint: ask.endpoint } : {}),
  });
}

const ENTRIES: Readonly<Record<LaunchEntry, (ask: Ask) => LaunchRequest>> = {
  run: viaRun,
  session: viaSession,
  pane: viaPane,
  native: viaNative,
};

/** What must agree: the decisions, not the prompt each entry point checks its plan with. */
function decisions(outcome: LaunchOutcome) {
  if (!outcome.ok) {
    const [first] = outcome.refusals;
    return { refused: first?.message, issue: (first as { issue?: string } | undefined)?.issue };
  }
  const p = outcome.plan;
  return {
    harness: p.harness,
    cwd: p.cwd,
    options: p.options,
    provenance: p.resolved.provenance,
    divergence: p.resolved.divergence,
    escalateQuestions: p.escalateQuestions,
    isolate: p.isolate,
    binary: p.binary,
    env: p.env,
    notes: p.notes,
  };
}

interface Row {
  readonly name: string;
  readonly ask: Ask;
  readonly world?: World;
  /** Entry points that cannot take this harness at all (no channel of that kind). */
  readonly without?: readonly LaunchEntry[];
  readonly expect: (d: ReturnType<typeof decisions>) => void;
}

const ROWS: readonly Row[] = [
  {
    name: "a plain claude launch",
    ask: { harness: "claude" },
    expect: (d) => expect(d).toMatchObject({ harness: "claude", escalateQuestions: true, isolate: false }),
  },
  {
    name: "model and effort from the user config file",
    ask: { harness: "codex" },
    world: { files: { [USER_CONFIG]: { version: 1, model: "gpt-5.5", effort: "high" } } },
    expect: (d) =>
      expect(d).toMatchObject({
        options: { model: "gpt-5.5", effort: "high" },
        provenance: expect.arrayContaining([{ key: "model", value: "gpt-5.5", tier: "user-config" }]),
      }),
  },
  {
    name: "an endpoint off loopback (a company gateway)",
    ask: { harness: "codex", endpoint: "https://gateway.example/openai/v1" },
    expect: (d) => expect(d).toMatchObject({ options: { endpoint: "https://gateway.example/openai/v1" } }),
  },
  {
    name: "the harness starts from the user's environment, without hmux's own variables",
    ask: { harness: "claude" },
    expect: (d) => {
      expect(d.env).toMatchObject({ HOME: "/home/u", GITHUB_TOKEN: "gh-user", ANTHROPIC_API_KEY: "sk-ant-user" });
      expect(Object.keys(d.env ?? {}).filter((k) => k.startsWith("HMUX_"))).toEqual([]);
    },
  },
  {
    name: "claude with an endpoint gets no Anthropic credential, only the key named for the endpoint",
    ask: { harness: "claude", endpoint: "https://gateway.example" },
    expect: (d) => {
      expect(d.env?.ANTHROPIC_API_KEY).toBeUndefined();
      expect(d.env?.ANTHROPIC_AUTH_TOKEN).toBeUndefined();
      expect(d.env).toMatchObject({ HMUX_ENDPOINT_API_KEY: "gateway-key", OPENAI_API_KEY: "sk-openai-user" });
      expect(d.env?.HMUX_HOOK_TOKEN).toBeUndefined();
      expect(d.notes?.join("\n")).toContain("ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN not passed to claude");
      // The note claims only what holds: the other keys in the environment still reach the harness's tools.
      expect(d.notes?.join("\n")).not.toContain("no vendor key reaches the endpoint");
      expect(d.notes?.join("\n")).toContain(
        "the rest of your environment (other keys and tokens) still reaches its tools",
      );
    },
  },
  {
    name: "codex with an endpoint gets no OpenAI key",
    ask: { harness: "codex", endpoint: "http://127.0.0.1:9/v1" },
    expect: (d) => {
      expect(d.env?.OPENAI_API_KEY).toBeUndefined();
      expect(d.env).toMatchObject({ ANTHROPIC_API_KEY: "sk-ant-user", HMUX_ENDPOINT_API_KEY: "gateway-key" });
    },
  },
  {
    name: "pi with an endpoint is isolated",
    ask: { harness: "pi", endpoint: "http://127.0.0.1:9" },
    expect: (d) => expect(d).toMatchObject({ isolate: true }),
  },
  {
    name: "a trusted project that turns questions off",
    ask: { harness: "claude" },
    world: {
      files: {
        [USER_CONFIG]: { version: 1, trustedProjects: [WORK] },
        [PROJECT_CONFIG]: { version: 1, escalateQuestions: false },
      },
    },
    expect: (d) => expect(d).toMatchObject({ escalateQuestions: false }),
  },
  {
    name: "an endpoint that is not http(s)",
    ask: { harness: "claude", endpoint: "ftp://127.0.0.1:9" },
    expect: (d) => expect(d).toMatchObject({ issue: "invalid-option-value", refused: expect.stringContaining("ftp") }),
  },
  {
    name: "an effort the harness does not have",
    ask: { harness: "codex", effort: "ultra" },
    without: ["native"],
    expect: (d) => expect(d).toMatchObject({ issue: "unknown-effort" }),
  },
  {
    name: "a model claude does not know, without an endpoint",
    ask: { harness: "claude", model: "gpt-4o" },
    expect: (d) => expect(d).toMatchObject({ issue: "unknown-model" }),
  },
  {
    name: "a working directory that does not exist",
    ask: { harness: "pi", cwd: "/nowhere" },
    expect: (d) =>
      expect(d).toMatchObject({ issue: "invalid-option-value", refused: expect.stringContaining("/nowhere") }),
  },
  {
    name: "an unknown harness",
    ask: { harness: "claudee" },
    expect: (d) => expect(d).toMatchObject({ issue: "unknown-harness" }),
  },
  {
    name: "a binary that is not installed",
    ask: { harness: "codex" },
    world: { missingBinaries: ["codex"] },
    expect: (d) => expect(d).toMatchObject({ issue: "missing-binary", refused: "codex is not installed" }),
  },
  {
    name: "a bad config file",
    ask: { harness: "claude" },
    world: { files: { [USER_CONFIG]: { version: 1, model: 42 } } },
    expect: (d) => expect(d.refused).toContain(USER_CONFIG),
  },
  {
    name: "a harness with no session channel (one process per turn)",
    ask: { harness: "muse" },
    // `hmux run` refuses it without --autonomy (no approval channel): its own test below.
    without: ["run", "native"],
    expect: (d) => expect(d).toMatchObject({ harness: "muse", escalateQuestions: true }),
  },
];

describe("every entry point gets the same plan or the same refusal", () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const entries = (Object.keys(ENTRIES) as LaunchEntry[]).filter((e) => !row.without?.includes(e));
      const results = entries.map((entry) =>
        decisions(prepareLaunch(ENTRIES[entry](row.ask), fakePorts(row.world ?? {}))),
      );
      const [first, ...rest] = results;
      row.expect(first!);
      for (const [i, other] of rest.entries())
        expect({ entry: entries[i + 1], ...other }).toEqual({ entry: entries[i + 1], ...first });
    });
  }

  it("hmux run refuses a harness it cannot gate unless --autonomy, naming the harnesses it gates", () => {
    for (const harness of ["muse", "cursor"]) {
      const refused = prepareLaunch(viaRun({ harness }), fakePorts({}));
      expect(decisions(refused)).toMatchObject({ issue: "no-approval-channel" });
      expect(!refused.ok && (refused.refusals[0] as { supported?: string[] }).supported).toEqual([
        "claude",
        "codex",
        "pi",
        "opencode",
        "qwen",
        "claude-acp",
        "codex-acp",
        "pi-acp",
      ]);
      expect(!refused.ok && refused.refusals[0]!.message).toContain("--autonomy");
      const allowed = prepareLaunch({ ...viaRun({ harness }), args: { autonomy: true } }, fakePorts({}));
      expect(allowed.ok && allowed.plan.gate).toMatchObject({ kind: "unchecked" });
    }
  });

  it("hmux run gates every harness: its own permission system on claude, hmux's policy through the session channel on codex and pi", () => {
    const gates = ["claude", "codex", "pi"].map((harness) => {
      const outcome = prepareLaunch(viaRun({ harness }), fakePorts({}));
      return [harness, outcome.ok ? outcome.plan.gate?.kind : "refused"];
    });
    expect(gates).toEqual([
      ["claude", "harness"],
      ["codex", "policy-session"],
      ["pi", "policy-session"],
    ]);
  });

  it("a setting the gating session channel cannot carry is refused by name, not dropped", () => {
    const request = viaRun({ harness: "pi" });
    const outcome = prepareLaunch({ ...request, args: { ...request.args, systemPrompt: "be brief" } }, fakePorts({}));
    expect(decisions(outcome)).toMatchObject({ issue: "unsupported-option" });
    expect(!outcome.ok && (outcome.refusals[0] as { option?: string }).option).toBe("systemPrompt");
  });

  it("a harness's own setting the gating session carries passes; one a user chose that it does not is refused by name", () => {
    const request = viaRun({ harness: "codex" });
    const withOwn = (section: Record<string, unknown>) =>
      prepareLaunch({ ...request, args: { ...request.args, harnessOptions: { codex: section } } }, fakePorts({}));
    // codex's session takes its sandbox (thread/start) and its context window (-c), so both stay.
    const carried = withOwn({ sandbox: "read-only", contextWindow: 1000 });
    expect(carried.ok && carried.plan.gate?.kind).toBe("policy-session");
    expect(carried.ok && carried.plan.options.harnessOptions).toEqual({
      codex: { sandbox: "read-only", contextWindow: 1000 },
    });
    const pi = viaRun({ harness: "pi" });
    const elsewhere = prepareLaunch(
      { ...pi, args: { ...pi.args, harnessOptions: { codex: { sandbox: "read-only" } } } },
      fakePorts({}),
    );
    expect(decisions(elsewhere)).toMatchObject({ issue: "unsupported-option" });
    expect(!elsewhere.ok && (elsewhere.refusals[0] as { option?: string }).option).toBe("codex.sandbox");
  });

  it("the gate checks a harness's own settings by their <harness>.<key> names: chosen and not carried is refused", () => {
    const codex = builtinRegistry.get("codex");
    if (codex.session?.kind !== "process") throw new Error("codex has a process session");
    const narrow = { ...codex, session: { ...codex.session, carries: ["access"] } };
    const gate = (tier: "arg" | "profile") =>
      decideTurnGate({
        harness: narrow,
        options: { harnessOptions: { codex: { sandbox: "read-only" } } },
        tiers: new Map([["codex.sandbox", tier]]),
        passthrough: [],
        resumeLast: false,
        harnesses: [narrow],
      });
    expect(() => gate("arg")).toThrow(/cannot carry codex.sandbox \("read-only", from arg\)/);
    // A profile value it cannot carry is the harness's default there, not a loss.
    expect(gate("profile").kind).toBe("policy-session");
  });

  it("the comparison can fail: a flag only run passes changes run's plan and no other", () => {
    const run = decisions(prepareLaunch(viaRun({ harness: "claude", effort: "high" }), fakePorts({})));
    const session = decisions(prepareLaunch(viaSession({ harness: "claude" }), fakePorts({})));
    expect(run).not.toEqual(session);
  });
});

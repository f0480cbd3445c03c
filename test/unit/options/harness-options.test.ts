/**
 * A harness's own settings (codex's context window, muse's step cap) come from its module: their
 * flags and config keys are derived from its specs, every tier resolves them with provenance, and
 * its schema alone says which values are allowed.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import type { HarnessOptionSpec } from "../../../src/adapters/adapter.js";
import { BUILTIN_HARNESSES, builtinRegistry, createRegistry } from "../../../src/adapters/registry.js";
import { addTurnFlags, type RawTurnFlags, turnOptionsFromFlags } from "../../../src/cli/commands/run-options.js";
import { parseConfig } from "../../../src/core/config/parse.js";
import { resolveTurnOptions } from "../../../src/core/options/resolve.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";
import { config } from "./helpers.js";

const OPTIONS = builtinRegistry.harnessOptions;

function typed(argv: readonly string[]) {
  const cmd = addTurnFlags(new Command("run").exitOverride(), OPTIONS);
  cmd.parse(["node", "hmux", ...argv]);
  return turnOptionsFromFlags(cmd.opts<RawTurnFlags>(), cmd, OPTIONS);
}

function resolveFor(harness: string, input: Partial<Parameters<typeof resolveTurnOptions>[0]> = {}) {
  const adapter = builtinRegistry.get(harness);
  return resolveTurnOptions({
    harness,
    expresses: adapter.descriptor.expresses,
    mode: "launch",
    args: {},
    harnessSettings: adapter.options,
    ...input,
  });
}

describe("harness options on the command line", () => {
  it("each spec is a --<harness>-<key> flag, and its old flag still works as an alias", () => {
    expect(typed(["--codex-context-window", "200000"]).harnessOptions).toEqual({ codex: { contextWindow: 200_000 } });
    expect(typed(["--context-window", "200000"]).harnessOptions).toEqual({ codex: { contextWindow: 200_000 } });
    expect(typed(["--muse-max-steps", "7"]).harnessOptions).toEqual({ muse: { maxSteps: 7 } });
    expect(typed(["--max-steps", "7"]).harnessOptions).toEqual({ muse: { maxSteps: 7 } });
    expect(typed([]).harnessOptions).toBeUndefined();
  });

  it("an integer setting given a word is a usage error naming the flag and what it takes", () => {
    expect(() => typed(["--codex-context-window", "big"])).toThrow(/--codex-context-window expects an integer from 1/);
  });

  it("the flag and its alias together are one setting given twice", () => {
    expect(() => typed(["--codex-context-window", "1", "--context-window", "2"])).toThrow(/are one setting/);
  });
});

describe("harness options in config files", () => {
  it("harnessOptions.<harness>.<key> is read from a config file; a harness that is not registered is an error", () => {
    const good = parseConfig(
      JSON.stringify({ version: 1, harnessOptions: { codex: { contextWindow: 1000 } } }),
      "/c.json",
      TOOL_RULES,
    );
    expect(good.ok).toBe(true);
    const bad = parseConfig(JSON.stringify({ version: 1, harnessOptions: { nope: { a: 1 } } }), "/c.json", TOOL_RULES);
    expect(bad.ok).toBe(false);
  });
});

describe("harness options resolve across the tiers with provenance", () => {
  it("the profile value comes from the module, a config tier beats it, an arg beats both", () => {
    expect(resolveFor("codex").provenance).toContainEqual({
      key: "codex.contextWindow",
      value: 272_000,
      tier: "profile",
    });
    const user = config({ harnessOptions: { codex: { contextWindow: 100_000 } } });
    const project = config({ harnessOptions: { codex: { contextWindow: 150_000 } } });
    const fromProject = resolveFor("codex", { user, project });
    expect(fromProject.options.harnessOptions).toEqual({
      codex: { contextWindow: 150_000, sandbox: "workspace-write" },
    });
    expect(fromProject.provenance).toContainEqual({
      key: "codex.contextWindow",
      value: 150_000,
      tier: "project-config",
    });
    const fromArg = resolveFor("codex", { user, project, args: { harnessOptions: { codex: { contextWindow: 9 } } } });
    expect(fromArg.provenance).toContainEqual({ key: "codex.contextWindow", value: 9, tier: "arg" });
  });

  it("another harness's section of a config file is left out; one typed as an arg is kept for the planner to refuse", () => {
    const user = config({ harnessOptions: { muse: { maxSteps: 5 } } });
    const claude = resolveFor("claude", { user });
    expect(claude.options.harnessOptions).toBeUndefined();
    expect(claude.divergence.map((d) => d.key)).not.toContain("muse.maxSteps");
    const typedElsewhere = resolveFor("claude", { args: { harnessOptions: { muse: { maxSteps: 5 } } } });
    expect(typedElsewhere.options.harnessOptions).toEqual({ muse: { maxSteps: 5 } });
    expect(() =>
      builtinRegistry
        .get("claude")
        .planTurn({ options: typedElsewhere.options, inputs: { prompt: "go" }, prompt: "go" }),
    ).toThrow(/--muse-max-steps is muse's setting; this run is claude/);
  });

  it("a resolved value reaches the harness's argv", () => {
    const r = resolveFor("codex", { args: { harnessOptions: { codex: { contextWindow: 4096 } } } });
    const argv = builtinRegistry
      .get("codex")
      .planTurn({ options: r.options, inputs: { prompt: "go" }, prompt: "go" }).argv;
    expect(argv).toContain("model_context_window=4096");
  });
});

describe("a module's option specs are checked when it registers", () => {
  const withCodexOptions = (options: readonly HarnessOptionSpec[]) =>
    createRegistry(BUILTIN_HARNESSES.map((m) => (m.name === "codex" ? { ...m, options } : m)));
  const sandbox = builtinRegistry.get("codex").options!.find((o) => o.key === "sandbox")!;

  it("the built-in specs register", () => {
    expect(() => withCodexOptions(builtinRegistry.get("codex").options!)).not.toThrow();
  });

  it("a profile value or a looseness rung its own check refuses, or an exclusion with no normalized setting, is refused", () => {
    expect(() => withCodexOptions([{ ...sandbox, profile: "wide-open" }])).toThrow(
      /harness codex: option sandbox: its profile value "wide-open" is not one it accepts/,
    );
    expect(() => withCodexOptions([{ ...sandbox, looseness: ["read-only", "everything"] }])).toThrow(
      /its looseness order names "everything"/,
    );
    expect(() => withCodexOptions([{ ...sandbox, exclusiveWith: ["sandbox"] }])).toThrow(/no normalized setting/);
  });

  it("two harnesses claiming one legacy spelling is refused: the old flag would mean two settings", () => {
    expect(() => withCodexOptions([{ ...sandbox, legacyFlag: "--write" }])).toThrow(
      /claims the legacy spelling --write, already/,
    );
  });
});

describe("codex's session takes its own settings from the session request", () => {
  const BWRAP =
    "ERROR codex_app_server: Codex could not find bubblewrap on PATH. Codex will use the bundled bubblewrap.";
  const session = builtinRegistry.get("codex").session;
  if (session?.kind !== "process") throw new Error("codex has a process session");
  const request = { sessionId: "s1", cwd: "/w", env: {}, stateDir: "/tmp/s", isolate: false } as const;
  const asked = (extra: object) => {
    const out = session.createBridge({ ...request, ...extra }).text(BWRAP, "stderr");
    const event = out.flatMap((o) => (o.kind === "event" ? [o.event] : [])).find((e) => e.kind === "divergence");
    return (event as { asked?: string } | undefined)?.asked;
  };

  it("the bridge starts in codex's own sandbox, else the one --access renders, else codex's default", () => {
    expect(asked({ harnessOptions: { codex: { sandbox: "read-only" } } })).toBe("read-only");
    expect(asked({ access: "read" })).toBe("read-only");
    expect(asked({})).toBe("workspace-write");
  });

  it("the app-server spawn renders the context window as exec does", () => {
    const argv = session.plan({ ...request, harnessOptions: { codex: { contextWindow: 4096 } } }).spawn.argv;
    expect(argv).toContain("model_context_window=4096");
    expect(session.plan(request).spawn.argv.join(" ")).not.toContain("model_context_window");
  });
});

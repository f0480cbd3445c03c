import { describe, expect, it } from "vitest";
import { claudeHookSettings as claudeHooks, claudeOnboarding } from "../../../src/adapters/claude/native-pane.js";
import { codexHookFlags as codexHooks } from "../../../src/adapters/codex/native-pane.js";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { HOOK_EVENTS as EVENTS, HOOK_EVENTS } from "../../../src/native/hooks/report-schema.js";
import { hookCommand, planNative, shellQuote } from "../../../src/native/native-plan.js";

const claudeHookSettings = () => claudeHooks((e) => hookCommand(e as (typeof EVENTS)[number]), EVENTS);
const codexHookFlags = () => codexHooks((e) => hookCommand(e as (typeof EVENTS)[number]), EVENTS);

import type { ResolvedBinary } from "../../../src/spawn/binaries.js";

const bin = (harness: "claude" | "codex" | "pi"): ResolvedBinary => ({
  harness,
  executable: `/bin/${harness}`,
  prefixArgs: [],
  source: "path",
});
const hookEnv = { HMUX_HOOK_SOCKET: "/tmp/x/hooks.sock", HMUX_HOOK_TOKEN: "tok", HMUX_HOOK_PANE: "p1" };
const host = { PATH: "/usr/bin", HOME: "/home/u", SECRET: "s", TMUX: "/tmp/tmux", SHELL: "/bin/zsh" };

describe("native launch plans", () => {
  it("claude gets every lifecycle hook inline, reporting through the shipped script", () => {
    const settings = JSON.parse(claudeHookSettings()) as {
      hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
    };
    expect(Object.keys(settings.hooks).sort()).toEqual([...HOOK_EVENTS].sort());
    expect(settings.hooks.PermissionRequest![0]!.hooks[0]!.command).toBe(hookCommand("PermissionRequest"));
    expect(hookCommand("Stop", "/usr/bin/node", "/a b/report.mjs")).toBe("/usr/bin/node '/a b/report.mjs' Stop");
  });

  it("codex hooks are -c overrides, trusted for this run because hmux wrote them", () => {
    const plan = planNative({
      registry: builtinRegistry,
      kind: "codex",
      cwd: "/w",
      hostEnv: host,
      binary: bin("codex"),
      hookEnv,
    });
    expect(plan.argv).toContain("--dangerously-bypass-hook-trust");
    expect(plan.argv.join(" ")).toContain(
      `hooks.PermissionRequest=[{matcher="*",hooks=[{type="command",command=${JSON.stringify(hookCommand("PermissionRequest"))}`,
    );
    expect(codexHookFlags().filter((a) => a === "-c")).toHaveLength(6);
    expect(plan.hooks).toBe(true);
  });

  it("without an endpoint the harness keeps the user's env (its login), minus tmux, plus hook env", () => {
    const plan = planNative({
      registry: builtinRegistry,
      kind: "claude",
      cwd: "/w",
      hostEnv: host,
      binary: bin("claude"),
      hookEnv,
    });
    expect(plan.env).toMatchObject({ HOME: "/home/u", SECRET: "s", TERM: "xterm-256color", HMUX_HOOK_TOKEN: "tok" });
    expect(plan.env.TMUX).toBeUndefined();
    expect(plan.files).toEqual([]);
  });

  it("with an endpoint claude runs isolated, pointed at it, first-run dialogs answered", () => {
    const plan = planNative({
      registry: builtinRegistry,
      kind: "claude",
      cwd: "/w",
      hostEnv: host,
      binary: bin("claude"),
      hookEnv,
      endpoint: new URL("http://127.0.0.1:9/"),
      stateDir: "/s",
    });
    expect(plan.env).toMatchObject({
      HOME: "/s/home",
      CLAUDE_CONFIG_DIR: "/s/home/.claude",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
      ANTHROPIC_API_KEY: "dummy",
    });
    // Isolation moves HOME and the config dirs, not the rest of the user's environment (vendor
    // keys are withheld earlier, by the launch plan's harness environment).
    expect(plan.env.SECRET).toBe("s");
    expect(plan.argv).toEqual(expect.arrayContaining(["--model", "hmux-model", "--settings"]));
    expect(plan.files.map((f) => f.path)).toEqual(["/s/home/.claude/.claude.json"]);
    expect(JSON.parse(claudeOnboarding("/w", "dummy"))).toMatchObject({
      hasCompletedOnboarding: true,
      projects: { "/w": { hasTrustDialogAccepted: true } },
      customApiKeyResponses: { approved: ["dummy"] },
    });
  });

  it("with an endpoint claude runs in its default (asking) permission mode, not 2.1.332's auto mode", () => {
    const plan = planNative({
      registry: builtinRegistry,
      kind: "claude",
      cwd: "/w",
      hostEnv: host,
      binary: bin("claude"),
      endpoint: new URL("http://127.0.0.1:9/"),
      stateDir: "/s",
    });
    const at = plan.argv.indexOf("--permission-mode");
    expect(at).toBeGreaterThan(0);
    expect(plan.argv[at + 1]).toBe("default");
  });

  it("with an endpoint codex asks for approvals on request, so its dialog can appear", () => {
    const plan = planNative({
      registry: builtinRegistry,
      kind: "codex",
      cwd: "/w",
      hostEnv: host,
      binary: bin("codex"),
      hookEnv,
      endpoint: new URL("http://127.0.0.1:9/"),
      stateDir: "/s",
    });
    expect(plan.argv.join(" ")).toContain('approval_policy="on-request"');
    expect(plan.argv.join(" ")).toContain('model_providers.hmux.base_url="http://127.0.0.1:9/v1"');
    expect(plan.env.CODEX_HOME).toBe("/s/home/.codex");
  });

  it("pi and the shell get no hooks (their state is unknown)", () => {
    expect(
      planNative({ registry: builtinRegistry, kind: "pi", cwd: "/w", hostEnv: host, binary: bin("pi"), hookEnv }).hooks,
    ).toBe(false);
    const shell = planNative({ registry: builtinRegistry, kind: "shell", cwd: "/w", hostEnv: host, hookEnv });
    expect(shell.hooks).toBe(false);
    expect(shell.argv).toEqual(["/bin/zsh"]);
    expect(shell.env.HMUX_HOOK_TOKEN).toBeUndefined();
  });

  it("an endpoint without a state dir is a bug, refused", () => {
    expect(() =>
      planNative({
        registry: builtinRegistry,
        kind: "pi",
        cwd: "/w",
        hostEnv: host,
        binary: bin("pi"),
        endpoint: new URL("http://127.0.0.1:9/"),
      }),
    ).toThrow(/state dir/);
  });

  it("shell quoting leaves plain words alone and single-quotes the rest", () => {
    expect(shellQuote("/usr/bin/node")).toBe("/usr/bin/node");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

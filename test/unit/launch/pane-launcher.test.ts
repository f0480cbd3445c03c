import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtinRegistry, registryWith } from "../../../src/adapters/registry.js";
import { READ_ONLY_COMMANDS, READ_ONLY_TOOLS } from "../../../src/core/config/policy-default.js";
import { createAppContext } from "../../../src/main/context.js";
import { PaneLauncher, settingsView } from "../../../src/main/pane-launcher.js";
import { createTuiLauncher } from "../../../src/main/tui-launcher.js";
import { processSessionHarnesses } from "../../../src/session/launch.js";
import { mimic } from "../../support/fake-harness/adapter.js";

// validate() never spawns: it runs the resolver, planTurn and the binary lookup only.
const home = mkdtempSync(join(tmpdir(), "hmux-ui-launch-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const launcher = new PaneLauncher({
  env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, "config") },
  defaultCwd: home,
});

describe("new-session validation before any spawn", () => {
  it("an unknown harness is refused naming the ones that exist", () => {
    const v = launcher.validate({ harness: "nope" });
    expect(v).toMatchObject({ ok: false, issue: "unknown-harness" });
    expect(!v.ok && v.supported).toContain("claude");
  });

  it("a harness without a session channel is refused with a hint", () => {
    expect(launcher.validate({ harness: "muse" })).toMatchObject({
      ok: false,
      issue: "no-session-mode",
      hint: expect.stringContaining("hmux run muse"),
    });
  });

  it("an effort the harness does not have is refused by its planner with the supported values", () => {
    const v = launcher.validate({ harness: "codex", effort: "ultra" });
    expect(v).toMatchObject({ ok: false, issue: "unknown-effort" });
    expect(!v.ok && v.supported).toContain("high");
  });

  it("an endpoint that is not an http(s) base URL and a missing cwd are refused", () => {
    expect(launcher.validate({ harness: "claude", endpoint: "ftp://example.com/v1" })).toMatchObject({
      ok: false,
      issue: "invalid-option-value",
    });
    expect(launcher.validate({ harness: "claude", cwd: join(home, "missing") })).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a directory"),
    });
  });

  it("a plain claude, codex or pi session passes", () => {
    for (const harness of ["claude", "codex", "pi"]) expect(launcher.validate({ harness })).toEqual({ ok: true });
  });
});

describe("what a pane allows without asking", () => {
  const rowsOf = (l: PaneLauncher, harness: string) => {
    const outcome = l.plan({ harness });
    if (!outcome.ok) throw outcome.refusals[0];
    return settingsView(outcome.plan.resolved, outcome.plan.policy).filter((r) => r.key.startsWith("policy."));
  };

  it("with no config, every pane harness shows hmux's default policy with tier default", () => {
    for (const harness of processSessionHarnesses(builtinRegistry))
      expect(rowsOf(launcher, harness)).toEqual([
        { key: "policy.allowTools", value: [...READ_ONLY_TOOLS], tier: "default" },
        { key: "policy.allowCommands", value: [...READ_ONLY_COMMANDS], tier: "default" },
      ]);
  });

  it("a user config's policy replaces it, and the inspector names that tier", () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-ui-policy-"));
    try {
      mkdirSync(join(dir, "config", "hmux"), { recursive: true });
      writeFileSync(
        join(dir, "config", "hmux", "config.json"),
        JSON.stringify({ version: 1, policy: { allowCommands: ["make"] } }),
      );
      const configured = new PaneLauncher({
        env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, "config") },
        defaultCwd: dir,
      });
      expect(rowsOf(configured, "pi")).toEqual([
        { key: "policy.allowTools", value: [], tier: "user-config" },
        { key: "policy.allowCommands", value: ["make"], tier: "user-config" },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what the new-session dialog is offered", () => {
  it("every harness a pane can run, a registered one included, then the native panes; and the TUI's endpoint", async () => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CONFIG_HOME: join(home, "config") };
    const app = createAppContext({ env, registry: registryWith([mimic]) });
    const tui = createTuiLauncher(app, home, { defaultEndpoint: "http://127.0.0.1:4100" });
    const offered = tui.launcher.harnesses ?? [];
    expect(offered).toEqual(expect.arrayContaining(["claude", "codex", "pi", "mimic", "shell", "native claude"]));
    expect(offered).not.toContain("muse");
    expect(offered.indexOf("mimic")).toBeLessThan(offered.indexOf("shell"));
    expect(tui.launcher.defaultEndpoint).toBe("http://127.0.0.1:4100");
    await tui.close();
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PaneLauncher } from "../../../src/app/pane-launcher.js";

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

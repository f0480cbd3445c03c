/**
 * The server's `plan` op: a dry run of the launch decision a create would make. It answers the
 * pipeline's refusals with their kind, hint and alternatives, or the settings the session would
 * get with the tier of each; it creates nothing either way.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../../src/cli/context.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { createAppContext } from "../../../src/main/context.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function planner() {
  const home = mkdtempSync(join(tmpdir(), "hmux-plan-op-"));
  cleanups.push(() => rmSync(home, { recursive: true, force: true }));
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_STATE_HOME: join(home, "state"),
  };
  const context: CliContext = { ...createAppContext({ env }), output: memoryOutput(), input: Readable.from([]) };
  const table = new SessionTable({
    launcher: serverLauncher(context),
    planner: serverPlanner(context),
    clock: systemClock,
  });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-plan-srv-" });
  const client = await served.client();
  return {
    home,
    table,
    plan: (harness: string, options = {}) => client.request({ op: "plan", harness, cwd: home, options }),
    planNative: (harness: string, options = {}) =>
      client.request({ op: "plan", harness, cwd: home, options, native: true }),
  };
}

describe("the server's plan for a new pane", () => {
  it("names the planned harness's own settings from its registry, also when it refuses one of them", async () => {
    const p = await planner();
    const codex = (await p.plan("codex")).plan;
    expect(codex.fields?.map((f) => [f.key, f.flag, f.kind])).toEqual([
      ["contextWindow", "--codex-context-window", "integer"],
      ["sandbox", "--codex-sandbox", "string"],
    ]);
    expect(codex.fields?.find((f) => f.key === "sandbox")?.choices).toEqual([
      "read-only",
      "workspace-write",
      "danger-full-access",
    ]);
    const refused = (await p.plan("codex", { harnessOptions: { codex: { sandbox: "everything" } } })).plan;
    expect(refused).toMatchObject({ ok: false, refusals: [{ issue: "invalid-option-value" }] });
    expect(refused.fields?.map((f) => f.key)).toEqual(["contextWindow", "sandbox"]);
    // A harness with no settings of its own has no extra fields; an unknown one none either.
    expect((await p.plan("claude")).plan.fields).toBeUndefined();
    expect((await p.plan("nope")).plan.fields).toBeUndefined();
  });

  it("refuses an unknown harness naming the ones that exist, and an effort the harness lacks with its values", async () => {
    const p = await planner();
    const unknown = (await p.plan("nope")).plan;
    expect(unknown).toMatchObject({ ok: false, refusals: [{ issue: "unknown-harness" }] });
    expect(!unknown.ok && unknown.refusals[0]?.supported).toContain("claude");
    const effort = (await p.plan("codex", { effort: "ultra" })).plan;
    expect(effort).toMatchObject({ ok: false, refusals: [{ issue: "unknown-effort" }] });
  });

  it("accepts a plain pane with its resolved settings and their tiers, and opens no session", async () => {
    const p = await planner();
    const v = (await p.plan("pi", { effort: "high" })).plan;
    expect(v).toMatchObject({ ok: true, harness: "pi", cwd: p.home });
    expect(v.ok && v.settings.find((s) => s.key === "effort")).toEqual({ key: "effort", value: "high", tier: "arg" });
    expect(p.table.list()).toEqual([]);
  });

  it("plans a native pane (its launcher's module loaded with this first native plan), and opens no session", async () => {
    const p = await planner();
    const shell = (await p.planNative("shell")).plan;
    expect(shell).toMatchObject({ ok: true, harness: "shell", cwd: p.home, settings: [] });
    // A native pane takes only its model and endpoint from the ask: the rest it asks in its own UI.
    const pane = (await p.planNative("pi", { model: "pane-model" })).plan;
    expect(pane).toMatchObject({ ok: true, harness: "pi" });
    expect(pane.ok && pane.settings.find((s) => s.key === "model")).toEqual({
      key: "model",
      value: "pane-model",
      tier: "arg",
    });
    expect(p.table.list()).toEqual([]);
  });
});

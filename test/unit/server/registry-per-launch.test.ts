/**
 * The registry a launch runs with is the one in force in the launch's folder, as its config files
 * are now: a harness a trusted project registers is known to a launch there wherever hmux was
 * started (the server runs at /), and one the user config gains or loses after the server started
 * is known, or unknown, to the next plan and create without a restart.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../../src/cli/context.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { loadAppContext } from "../../../src/main/context.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function box() {
  const root = mkdtempSync(join(tmpdir(), "hmux-registry-per-launch-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: join(root, "home"),
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_STATE_HOME: join(root, "state"),
  };
  mkdirSync(env.HOME, { recursive: true });
  const userConfig = (body: object, when?: number) => {
    const file = join(env.XDG_CONFIG_HOME, "hmux", "config.json");
    mkdirSync(join(env.XDG_CONFIG_HOME, "hmux"), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: 1, ...body }));
    // Each edit a second apart, so the test holds to a changed mtime, not to a clock's resolution.
    if (when !== undefined) utimesSync(file, when, when);
  };
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".hmux"), { recursive: true });
  writeFileSync(
    join(project, ".hmux", "config.json"),
    JSON.stringify({ version: 1, harnesses: { mimic: { module: MIMIC_PLUGIN } } }),
  );
  const elsewhere = join(root, "elsewhere");
  mkdirSync(elsewhere);
  return { root, env, userConfig, project, elsewhere };
}

/** A server as `hmux server --foreground` composes it, started at / as the daemon is. */
async function serverAtRoot(env: Record<string, string>) {
  const app = await loadAppContext({ env }, "/");
  const context: CliContext = { ...app, output: memoryOutput(), input: Readable.from([]) };
  const table = new SessionTable({
    launcher: serverLauncher(context),
    planner: serverPlanner(context),
    clock: systemClock,
    killWaitMs: 2_000,
  });
  cleanups.push(() => table.killAll());
  const served = await serveFresh(table, cleanups, { prefix: "hmux-registry-srv-" });
  const client = await served.client();
  return {
    table,
    plan: async (harness: string, cwd: string) =>
      (await client.request({ op: "plan", harness, cwd, options: {} })).plan,
    create: (harness: string, cwd: string) => client.request({ op: "create", harness, cwd, options: {} }),
  };
}

describe("a launch runs with the registry of its own folder", () => {
  it("a harness a trusted project registers is planned and opened there by a server started at /", async () => {
    const b = box();
    b.userConfig({ trustedProjects: [b.project] });
    const server = await serverAtRoot(b.env);
    expect(await server.plan("mimic", b.project)).toMatchObject({ ok: true, harness: "mimic", cwd: b.project });
    const created = await server.create("mimic", b.project);
    expect(created.session).toMatchObject({ harness: "mimic" });
    // Elsewhere the project's harness is not in force.
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
  }, 30_000);

  it("an untrusted project's harness stays unknown there", async () => {
    const b = box();
    b.userConfig({});
    const server = await serverAtRoot(b.env);
    expect(await server.plan("mimic", b.project)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
  });
});

describe("a running server reads the user config's harnesses again when the file changes", () => {
  it("a harness added after the server started is known to the next plan and create; one removed is not", async () => {
    const b = box();
    const t0 = Math.floor(Date.now() / 1000);
    b.userConfig({}, t0);
    const server = await serverAtRoot(b.env);
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
    b.userConfig({ harnesses: { mimic: { module: MIMIC_PLUGIN } } }, t0 + 1);
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({ ok: true, harness: "mimic" });
    expect((await server.create("mimic", b.elsewhere)).session).toMatchObject({ harness: "mimic" });
    b.userConfig({}, t0 + 2);
    expect(await server.plan("mimic", b.elsewhere)).toMatchObject({
      ok: false,
      refusals: [{ issue: "unknown-harness" }],
    });
    await expect(server.create("mimic", b.elsewhere)).rejects.toMatchObject({ code: expect.any(String) });
  }, 30_000);
});

/**
 * The server's `plan` op: a dry run of the launch decision a create would make, asked by a TUI's
 * dialog over the wire (here local mode's in-process server, the same hub and table). It answers
 * the pipeline's refusals with their kind, hint and alternatives, or the settings the session
 * would get with the tier of each; it creates nothing either way.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { registryWith } from "../../../src/adapters/registry.js";
import type { CliContext } from "../../../src/cli/context.js";
import { VERSION } from "../../../src/cli/main.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { READ_ONLY_COMMANDS, READ_ONLY_TOOLS } from "../../../src/core/config/policy-default.js";
import { createAppContext } from "../../../src/main/context.js";
import { dialogHarnesses } from "../../../src/main/open-tui.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import type { ServerClient } from "../../../src/server/client.js";
import { startInProcessServer } from "../../../src/server/in-process.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { processSessionHarnesses } from "../../../src/session/launch.js";
import { systemClock } from "../../../src/spawn/clock.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import type { NewSessionRequest } from "../../../src/ui/session-launcher.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { mimic } from "../../support/fake-harness/adapter.js";

const home = mkdtempSync(join(tmpdir(), "hmux-plan-op-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

function contextFor(dir: string): CliContext {
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, "config"),
    XDG_STATE_HOME: join(dir, "state"),
  };
  const app = createAppContext({ env });
  return { ...app, output: memoryOutput(), input: Readable.from([]) };
}

/** A TUI's pane launcher on a server (in this process) built as every hmux server's is. */
async function dialogOn(
  dir: string,
): Promise<{ plan(r: NewSessionRequest): ReturnType<ServerPanes["plan"]>; table: SessionTable; client: ServerClient }> {
  const context = contextFor(dir);
  const table = new SessionTable({
    launcher: serverLauncher(context),
    planner: serverPlanner(context),
    clock: systemClock,
  });
  const server = startInProcessServer({ table, version: VERSION, clock: systemClock, home: dir });
  const client = await server.connect();
  stops.push(async () => {
    client.close();
    await server.stop("test over");
  });
  const panes = new ServerPanes({
    link: client,
    registry: context.registry,
    cwd: dir,
    nativeKinds: nativeKinds(context.registry),
  });
  return { plan: (r) => panes.plan(r), table, client };
}

describe("the server's plan for a new pane, before anything starts", () => {
  it("refuses an unknown harness naming the ones that exist", async () => {
    const dialog = await dialogOn(home);
    const v = await dialog.plan({ harness: "nope" });
    expect(v).toMatchObject({ ok: false, refusals: [{ issue: "unknown-harness" }] });
    expect(!v.ok && v.refusals[0]?.supported).toContain("claude");
  });

  it("refuses an effort the harness does not have, with the supported values", async () => {
    const dialog = await dialogOn(home);
    const v = await dialog.plan({ harness: "codex", effort: "ultra" });
    expect(v).toMatchObject({ ok: false, refusals: [{ issue: "unknown-effort" }] });
    expect(!v.ok && v.refusals[0]?.supported).toContain("high");
  });

  it("refuses an endpoint that is not an http(s) base URL, and a missing cwd", async () => {
    const dialog = await dialogOn(home);
    expect(await dialog.plan({ harness: "claude", endpoint: "ftp://example.com/v1" })).toMatchObject({
      ok: false,
      refusals: [{ issue: "invalid-option-value" }],
    });
    expect(await dialog.plan({ harness: "claude", cwd: join(home, "missing") })).toMatchObject({
      ok: false,
      refusals: [{ message: expect.stringContaining("not a directory") }],
    });
  });

  it("accepts a plain claude, codex or pi pane with its resolved settings, and opens no session", async () => {
    const dialog = await dialogOn(home);
    for (const harness of ["claude", "codex", "pi"]) {
      const v = await dialog.plan({ harness, effort: "high" });
      expect(v).toMatchObject({ ok: true, harness, cwd: home });
      expect(v.ok && v.settings.find((s) => s.key === "effort")).toEqual({ key: "effort", value: "high", tier: "arg" });
    }
    expect(dialog.table.list()).toEqual([]);
    expect(await dialog.client.list()).toEqual([]);
    // No journal, no state dir: the plan only named where they would go.
    expect(readdirSync(home).filter((f) => f === "state")).toEqual([]);
  });

  it("shows hmux's default policy with tier default, and a user config's policy with its tier", async () => {
    const policyOf = async (dir: string, harness: string) => {
      const v = await (await dialogOn(dir)).plan({ harness });
      if (!v.ok) throw new Error(v.refusals[0]?.message);
      return v.settings.filter((r) => r.key.startsWith("policy."));
    };
    for (const harness of processSessionHarnesses())
      expect(await policyOf(home, harness)).toEqual([
        { key: "policy.allowTools", value: [...READ_ONLY_TOOLS], tier: "default" },
        { key: "policy.allowCommands", value: [...READ_ONLY_COMMANDS], tier: "default" },
      ]);
    const dir = mkdtempSync(join(tmpdir(), "hmux-plan-policy-"));
    try {
      mkdirSync(join(dir, "config", "hmux"), { recursive: true });
      writeFileSync(
        join(dir, "config", "hmux", "config.json"),
        JSON.stringify({ version: 1, policy: { allowCommands: ["make"] } }),
      );
      expect(await policyOf(dir, "pi")).toEqual([
        { key: "policy.allowTools", value: [], tier: "user-config" },
        { key: "policy.allowCommands", value: ["make"], tier: "user-config" },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("plans a worktree pane without making the worktree, and says one is made when it starts", async () => {
    const dialog = await dialogOn(home);
    const v = await dialog.plan({ harness: "pi", worktree: true });
    expect(v).toMatchObject({ ok: true, notes: [expect.stringContaining("a git worktree of")] });
    expect(dialog.table.list()).toEqual([]);
  });
});

describe("what the new-session dialog is offered", () => {
  it("every harness a pane can run, a registered one included, then the native panes; and the TUI's endpoint", () => {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, XDG_CONFIG_HOME: join(home, "config") };
    const app = createAppContext({ env, registry: registryWith([mimic]) });
    const offer = dialogHarnesses(app);
    const link = { request: () => Promise.reject(new Error("unused")), onTable: () => () => undefined };
    const launcher = new ServerPanes({
      link: link as never,
      registry: app.registry,
      cwd: home,
      nativeKinds: nativeKinds(app.registry),
      createNative: () => Promise.reject(new Error("unused")),
      defaults: { defaultEndpoint: "http://127.0.0.1:4100" },
    }).launcher(offer.first, offer.harnesses);
    const offered = launcher.harnesses ?? [];
    expect(offered).toEqual(expect.arrayContaining(["claude", "codex", "pi", "mimic", "shell", "native claude"]));
    expect(offered).not.toContain("muse");
    expect(offered.indexOf("mimic")).toBeLessThan(offered.indexOf("shell"));
    expect(launcher.defaultEndpoint).toBe("http://127.0.0.1:4100");
  });
});

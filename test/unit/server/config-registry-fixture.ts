/**
 * A server as `hmux server --foreground` composes it (started at /, its registry read per launch
 * cwd from the config files under an isolated HOME), and a box to edit those files in: the user
 * config, a git project whose .hmux registers mimic, and a folder elsewhere.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { CliContext } from "../../../src/cli/context.js";
import { serverHarnesses } from "../../../src/cli/server-harnesses.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { loadAppContext } from "../../../src/main/context.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

export function box(cleanups: Cleanups) {
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
export async function serverAtRoot(env: Record<string, string>, cleanups: Cleanups) {
  const app = await loadAppContext({ env }, "/");
  const context: CliContext = { ...app, output: memoryOutput(), input: Readable.from([]) };
  const table = new SessionTable({
    launcher: serverLauncher(context),
    planner: serverPlanner(context),
    harnesses: serverHarnesses(context),
    clock: systemClock,
    killWaitMs: 2_000,
  });
  cleanups.push(() => table.killAll());
  const served = await serveFresh(table, cleanups, { prefix: "hmux-registry-srv-" });
  const client = await served.client();
  return {
    table,
    client,
    plan: async (harness: string, cwd: string) =>
      (await client.request({ op: "plan", harness, cwd, options: {} })).plan,
    harnesses: (cwd: string) => client.request({ op: "harnesses", cwd }),
    create: (harness: string, cwd: string) => client.request({ op: "create", harness, cwd, options: {} }),
  };
}

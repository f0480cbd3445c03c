/**
 * One decision budget rule for every session: a TUI pane (on this user's server or local mode's, which is the same server code), its plan, a
 * session `hmux new` opens, a resumed session and a TUI race contestant all wait the same for an
 * answer — the launch plan's budget — and a config file's `decisionBudget` moves them all at once.
 * `hmux run` (a `hmux race` contestant's turn) has nobody to ask: the same rule says so.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import type { CliContext } from "../../../src/cli/context.js";
import { VERSION } from "../../../src/cli/main.js";
import { serverLaunchRequest } from "../../../src/cli/server-launcher.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { prepareLaunch } from "../../../src/core/launch/prepare.js";
import { launch } from "../../../src/launch/launch.js";
import { turnPlanRequest } from "../../../src/launch/plan-step.js";
import { createAppContext } from "../../../src/main/context.js";
import { type CreateSpec, type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { memoryOutput, runHmux } from "../../helpers/hmux-in-process.js";
import type { FakeSession } from "../server/fixture.js";
import { serverSession } from "../server/fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";
import { flush } from "../session/session-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  process.exitCode = undefined;
});

/** A folder to work in, and a user config dir holding `userConfig` when given. */
function world(userConfig?: object) {
  const root = mkdtempSync(join(tmpdir(), "hmux-budget-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const work = join(root, "work");
  mkdirSync(work);
  const env = { HOME: root, XDG_CONFIG_HOME: join(root, "cfg"), XDG_STATE_HOME: join(root, "state") };
  if (userConfig) {
    mkdirSync(join(env.XDG_CONFIG_HOME, "hmux"), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME, "hmux", "config.json"), JSON.stringify({ version: 1, ...userConfig }));
  }
  const app = createAppContext({ env });
  const context: CliContext = {
    ...app,
    launch: { ...app.launch, binary: () => ({ ok: true, binary: { executable: "/bin/true", prefixArgs: [] } }) },
    output: memoryOutput(),
    input: Readable.from([]),
  };
  return { work, env, context };
}

/** A server whose table records what each session was opened with (the server launcher's input). */
async function recordingServer() {
  const specs: CreateSpec[] = [];
  const sessions: FakeSession[] = [];
  const launcher: Launcher = (spec) => {
    specs.push(spec);
    // A resume continues the session it names, as the real launcher's does.
    const s = serverSession({ sessionId: spec.options.resume ?? randomUUID() });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-budget-srv-", version: VERSION });
  return { ...served, table, specs, sessions };
}

/** What the server's launcher gives the session runtime for a spec: its budget in ms, also shown in its settings. */
async function budgetOnServer(context: CliContext, spec: CreateSpec): Promise<number | undefined> {
  // The budget does not depend on a worktree (this folder is no repository to make one in).
  const { worktree: _worktree, ...options } = spec.options;
  const launched = await launch(serverLaunchRequest({ ...spec, options }), context);
  await launched.handle.abort("killed");
  await launched.released;
  const shown = launched.settings.find((s) => s.key === "decisionBudget");
  expect(shown?.value).toBe((launched.options.decisionBudgetMs ?? 0) / 1000);
  return launched.options.decisionBudgetMs;
}

/** Every entry point's budget for one claude session in `work`, as each one opens it. */
async function budgets(userConfig?: object) {
  const { work, env, context } = world(userConfig);
  const server = await recordingServer();
  const client = await server.client();
  const panes = new ServerPanes({ now: Date.now, link: client, cwd: work });
  await panes.create({ harness: "claude" });
  // A TUI race contestant is a pane in its own worktree (src/ui/store/update-race.ts).
  await panes.create({ harness: "claude", prompt: "go", worktree: "race-1-claude" });
  const created = await runHmux(["new", "claude", "--cwd", work], {
    env: { ...process.env, ...env, XDG_RUNTIME_DIR: server.dir },
  });
  expect(created.code, created.stderr).toBe(0);
  const fromNew = server.specs.at(-1)!;
  server.sessions.at(-1)!.child().exit(0);
  await flush();
  await server.table.resume(server.table.list().at(-1)!.id);
  const [pane, contestant, viaNew, resumed] = server.specs;
  expect(resumed?.options.resume).toBeDefined();
  // What the dialog is shown before the pane starts: the server's plan for the same spec.
  const planned = await serverPlanner(context)(pane!);
  if (!planned.ok) throw new Error(planned.refusals[0]?.message);
  const run = prepareLaunch(
    turnPlanRequest(
      {
        kind: "run",
        harness: "claude",
        cwd: work,
        args: {},
        workspace: { flag: undefined },
        prompt: { text: "go", explicit: false },
        passthrough: [],
        callerEnv: {},
        turnLabel: "run-1",
      },
      { cwd: work },
    ),
    { ...context.launch, stateDir: () => ({ dir: join(work, "state") }) },
  );
  if (!run.ok) throw run.refusals[0];
  expect(fromNew).toBe(viaNew);
  return {
    tuiPaneOnServer: await budgetOnServer(context, pane!),
    tuiRaceContestant: await budgetOnServer(context, contestant!),
    hmuxNew: await budgetOnServer(context, viaNew!),
    resumed: await budgetOnServer(context, resumed!),
    tuiPanePlanned: (planned.settings.find((s) => s.key === "decisionBudget")?.value as number) * 1000,
    hmuxRun: run.plan.decisionBudget,
  };
}

describe("the decision budget rule", () => {
  it("gives a TUI pane, hmux new, a resumed session and a race contestant the same budget: 10 minutes", async () => {
    const b = await budgets();
    expect(b).toEqual({
      tuiPaneOnServer: 600_000,
      tuiRaceContestant: 600_000,
      hmuxNew: 600_000,
      resumed: 600_000,
      tuiPanePlanned: 600_000,
      hmuxRun: { ms: null, tier: "default" },
    });
  });

  it("moves every one of them together when the user config sets decisionBudget", async () => {
    const b = await budgets({ decisionBudget: 1800 });
    expect(b).toEqual({
      tuiPaneOnServer: 1_800_000,
      tuiRaceContestant: 1_800_000,
      hmuxNew: 1_800_000,
      resumed: 1_800_000,
      tuiPanePlanned: 1_800_000,
      hmuxRun: { ms: null, tier: "default" },
    });
  });
});

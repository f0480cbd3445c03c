/**
 * Every entry kind goes through the one launch(): `hmux run`, `hmux session`, the server's create
 * and resume, and a race contestant each only state a request and call it (spied on here), and for
 * the same ask — one harness, one model and effort, one worktree, the same config tiers — each
 * arrives with the same settings, tier by tier, the same harness environment, the decision budget
 * of the one rule, the same worktree held under its own session id, and a journal exactly where
 * the kind keeps one.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addTurnFlags } from "../../../src/cli/commands/run-options.js";
import type { CliContext } from "../../../src/cli/context.js";
import { launchContestant } from "../../../src/cli/race-contestant.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { serverPlanner } from "../../../src/cli/server-planner.js";
import { DEFAULT_DECISION_BUDGET_SECONDS } from "../../../src/core/launch/decision-budget.js";
import * as launching from "../../../src/launch/launch.js";
import type {
  LaunchedPane,
  LaunchedSession,
  LaunchedTurn,
  LaunchKind,
  LaunchRequest,
} from "../../../src/launch/types.js";
import { createAppContext } from "../../../src/main/context.js";
import { loadRegistry } from "../../../src/main/load-registry.js";
import { launchNative } from "../../../src/main/native-launch.js";
import { CreateOptionsSchema } from "../../../src/protocol/requests.js";
import { journalPath, readMeta } from "../../../src/session/journal.js";
import { memoryOutput, runHmux } from "../../helpers/hmux-in-process.js";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";
import { fakeFactory } from "../native/fake-pty.js";
import { GitFixture } from "../workspace/git-fixture.js";

/** What the kinds with a worktree, a journal and turns get back (a native pane's is apart, below). */
type Launched = LaunchedTurn | LaunchedSession;

vi.mock("../../../src/launch/launch.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/launch/launch.js")>();
  return { ...real, launch: vi.fn(real.launch) };
});

const MUSE = join(import.meta.dirname, "..", "decode", "hcn-fixtures", "harnesses", "muse.ndjson");
const launchSpy = vi.mocked(launching.launch);

let fx: GitFixture | undefined;
afterEach(() => {
  fx?.cleanup();
  launchSpy.mockClear();
});

/**
 * A repository with a user config and a project config, and a stand-in claude that prints a stream
 * and exits. The user config may register harnesses too: the context's registry is the one the
 * config files define, as a command's or the server's is.
 */
async function world(userConfig: object = {}) {
  fx = new GitFixture();
  const bin = join(fx.root, "fake-claude.mjs");
  writeFileSync(
    bin,
    `#!${process.execPath}\nprocess.stdout.write(require("node:fs").readFileSync(${JSON.stringify(MUSE)}));\n`,
    { mode: 0o755 },
  );
  mkdirSync(join(fx.env.XDG_CONFIG_HOME!, "hmux"), { recursive: true });
  writeFileSync(
    join(fx.env.XDG_CONFIG_HOME!, "hmux", "config.json"),
    // provider: a setting claude cannot express, so every kind reports the same divergence.
    JSON.stringify({ version: 1, memory: true, provider: "openai", ...userConfig }),
  );
  mkdirSync(join(fx.repo, ".hmux"), { recursive: true });
  writeFileSync(join(fx.repo, ".hmux", "config.json"), JSON.stringify({ version: 1, autonomy: false }));
  fx.commit("project config");
  const env = { ...fx.env, PATH: process.env.PATH ?? "/usr/bin:/bin", HMUX_CLAUDE_BIN: bin, CALLER_VAR: "kept" };
  const app = createAppContext({ env, registry: await loadRegistry(fx.repo, env) });
  const context: CliContext = { ...app, output: memoryOutput(), input: Readable.from([]) };
  return { repo: fx.repo, env, context };
}

/** The ask every entry point is given, each in its own spelling. */
const MODEL = "sonnet";
const EFFORT = "high";
const WORKTREE = "same-ask";

/** What launch() was called with, and what it gave back, for the calls made since `from`. */
async function launchesSince(from: number): Promise<{ request: LaunchRequest; launched: Launched }[]> {
  const calls = launchSpy.mock.calls.slice(from);
  const results = launchSpy.mock.results.slice(from);
  return Promise.all(calls.map(async ([request], i) => ({ request, launched: (await results[i]!.value) as Launched })));
}

/** Each entry kind, in turn, through its own front; the same worktree is taken again by each (released in between). */
async function everyEntry(
  userConfig: object = {},
  harness = "claude",
  ask: { readonly model: string; readonly effort?: string } = { model: MODEL, effort: EFFORT },
) {
  const askFlags = ["--model", ask.model, ...(ask.effort ? ["--effort", ask.effort] : [])];
  const { repo, env, context } = await world(userConfig);
  const byKind = new Map<LaunchKind, Launched>();
  const take = async (kind: LaunchKind, from: number) => {
    const made = await launchesSince(from);
    expect(made.map((m) => m.request.kind)).toEqual([kind]);
    byKind.set(kind, made[0]!.launched);
  };
  const hmux = { env, input: Readable.from([]) };

  let from = launchSpy.mock.calls.length;
  const run = await runHmux(["run", harness, "go", "--cwd", repo, ...askFlags, "--worktree", WORKTREE], hmux);
  // (a gated run's policy line says it "does not allow" a call: not a refusal of the launch)
  expect(run.stderr, run.stderr).not.toMatch(/refused|\bnot a\b/);
  await take("run", from);

  from = launchSpy.mock.calls.length;
  const session = await runHmux(
    ["session", harness, "--json", "--cwd", repo, ...askFlags, "--worktree", WORKTREE],
    hmux,
  );
  expect(session.stdout).toContain('"kind":"session"');
  await take("session", from);

  const server = serverLauncher(context);
  const options = { ...ask, worktree: WORKTREE };
  from = launchSpy.mock.calls.length;
  const created = await server({ harness, cwd: repo, options });
  await take("server-create", from);
  await created.handle.abort("killed");
  const createdLaunch = byKind.get("server-create");
  if (createdLaunch?.kind !== "session") throw new Error("the server's create opened no session");
  await createdLaunch.released;

  from = launchSpy.mock.calls.length;
  const resumed = await server({
    harness,
    cwd: created.cwd,
    options: { ...options, resume: created.handle.sessionId },
  });
  await take("server-resume", from);
  await resumed.handle.abort("killed");
  const resumedLaunch = byKind.get("server-resume");
  if (resumedLaunch?.kind === "session") await resumedLaunch.released;

  const cmd = addTurnFlags(new Command("race").exitOverride(), context.registry.harnessOptions);
  cmd.parse(askFlags, { from: "user" });
  from = launchSpy.mock.calls.length;
  const contestant = await launchContestant(context, {
    harness,
    prompt: "go",
    flags: cmd.opts(),
    cmd,
    callerEnv: {},
    cwd: repo,
    place: { worktree: WORKTREE, turnLabel: "race-r1" },
    onNote: () => {},
  });
  await take("race-contestant", from);
  contestant.release();
  return { byKind, env, run, context };
}

const SESSION_KINDS: readonly LaunchKind[] = ["session", "server-create", "server-resume"];
const TURN_KINDS: readonly LaunchKind[] = ["run", "race-contestant"];

describe("every entry kind", () => {
  it("goes through launch() and arrives with the same settings, env, budget rule, worktree and journal", async () => {
    const { byKind, env } = await everyEntry();
    const all = [...byKind.values()];
    expect([...byKind.keys()].sort()).toEqual([...SESSION_KINDS, ...TURN_KINDS].sort());

    // The same settings, tier by tier, with the request's, the project's and the user's tiers all in play.
    const reference = byKind.get("session")!;
    expect(reference.settings.find((s) => s.key === "model")).toMatchObject({ value: MODEL, tier: "arg" });
    expect(reference.settings.find((s) => s.key === "autonomy")).toMatchObject({
      value: false,
      tier: "project-config",
    });
    expect(reference.settings.find((s) => s.key === "memory")).toMatchObject({ value: true, tier: "user-config" });
    expect(reference.settings.some((s) => s.divergence !== undefined)).toBe(true);
    // The decision budget is a setting only where somebody can be asked; every other row is the same everywhere.
    const withoutBudget = (l: Launched) => l.settings.filter((s) => s.key !== "decisionBudget");
    for (const l of all) expect(withoutBudget(l)).toEqual(withoutBudget(reference));

    // The same harness environment: the caller's variables, none of hmux's own.
    for (const l of all) expect(l.plan.env).toEqual(reference.plan.env);
    expect(reference.plan.env.CALLER_VAR).toBe("kept");
    expect(Object.keys(reference.plan.env).filter((k) => k.startsWith("HMUX_"))).toEqual([]);

    // One budget rule: the 10-minute default for every session; a one-shot turn has nobody to ask.
    for (const kind of SESSION_KINDS) {
      const l = byKind.get(kind)!;
      expect(l.plan.decisionBudget).toEqual({ ms: DEFAULT_DECISION_BUDGET_SECONDS * 1000, tier: "default" });
      if (l.kind === "session") expect(l.options.decisionBudgetMs).toBe(DEFAULT_DECISION_BUDGET_SECONDS * 1000);
    }
    for (const kind of TURN_KINDS) expect(byKind.get(kind)!.plan.decisionBudget).toEqual({ ms: null, tier: "default" });

    // The same worktree, each time held under the launch's own session id, and let go after.
    const entry = reference.lease!.entry;
    for (const l of all) {
      expect(l.lease?.entry).toMatchObject({ name: entry.name, path: entry.path, branch: entry.branch });
      expect(l.lease?.holder.sessionId).toBe(l.sessionId);
      expect(l.cwd).toBe(entry.path);
    }
    expect(new Set(all.map((l) => l.sessionId)).size).toBe(all.length - 1); // a resume continues its session's id
    expect(byKind.get("server-resume")!.sessionId).toBe(byKind.get("server-create")!.sessionId);

    // A journal for every session, with the same facts; none for a one-shot turn.
    for (const kind of SESSION_KINDS) {
      const meta = readMeta(journalPath(byKind.get(kind)!.sessionId, env));
      expect(meta).toMatchObject({ harness: "claude", cwd: entry.path, model: MODEL, isolate: false });
    }
    for (const kind of TURN_KINDS) expect(existsSync(journalPath(byKind.get(kind)!.sessionId, env))).toBe(false);
  });

  it("a native pane goes through launch() too, with a session's settings and harness environment for the same ask", async () => {
    // A native pane has no effort field: the ask is the model alone, for both.
    const { byKind, context } = await everyEntry({}, "claude", { model: MODEL });
    const session = byKind.get("session")!;
    const from = launchSpy.mock.calls.length;
    const { session: pane } = await launchNative(
      { kind: "claude", cwd: fx!.repo, model: MODEL, cols: 80, rows: 24 },
      { hostEnv: context.env, ports: context, clock: context.clock, spawn: fakeFactory().factory },
    );
    await pane.close();
    const calls = launchSpy.mock.calls.slice(from).map(([request]) => request);
    expect(calls).toEqual([{ kind: "native", harness: "claude", cwd: fx!.repo, args: { model: MODEL } }]);
    const launched = (await launchSpy.mock.results[from]!.value) as LaunchedPane;
    expect(launched.kind).toBe("pane");
    // No decision budget (hmux asks nobody for it) and no worktree: every other setting as the session's.
    const common = (settings: readonly { key: string }[]) =>
      settings.filter((s) => s.key !== "decisionBudget" && s.key !== "workspace");
    expect(common(launched.settings)).toEqual(common(session.settings));
    expect(launched.plan.env).toEqual(session.plan.env);
  });

  it("moves every session kind's budget at once when the user config sets decisionBudget, and no turn's", async () => {
    const { byKind } = await everyEntry({ decisionBudget: 1800 });
    for (const kind of SESSION_KINDS) {
      const l = byKind.get(kind)!;
      expect(l.plan.decisionBudget).toEqual({ ms: 1_800_000, tier: "user-config" });
      expect(l.settings.find((s) => s.key === "decisionBudget")).toMatchObject({ value: 1800, tier: "user-config" });
      if (l.kind === "session") expect(l.options.decisionBudgetMs).toBe(1_800_000);
    }
    for (const kind of TURN_KINDS) expect(byKind.get(kind)!.plan.decisionBudget).toEqual({ ms: null, tier: "default" });
  });

  it("passes a harness's own setting from the config file through every kind identically, to the harness's argv", async () => {
    // mimic, registered only in the user config, with its own setting there: no entry kind names it.
    const { byKind, run } = await everyEntry(
      { harnesses: { mimic: { module: MIMIC_PLUGIN } }, harnessOptions: { mimic: { greeting: "Ahoy" } } },
      "mimic",
      { model: "mimic-1" },
    );
    expect([...byKind.keys()].sort()).toEqual([...SESSION_KINDS, ...TURN_KINDS].sort());
    for (const [kind, l] of byKind) {
      expect(
        l.settings.find((s) => s.key === "mimic.greeting"),
        kind,
      ).toEqual({
        key: "mimic.greeting",
        value: "Ahoy",
        tier: "user-config",
      });
      expect(l.plan.options.harnessOptions, kind).toEqual({ mimic: { greeting: "Ahoy" } });
      expect(l.plan.invocation.argv.join(" "), kind).toContain("--greeting Ahoy");
      // A session opens its harness with the same section, which its spawn renders.
      if (l.kind === "session") expect(l.options.harnessOptions, kind).toEqual({ mimic: { greeting: "Ahoy" } });
    }
    // The one-shot turn ran gated through mimic's session, which carries the setting to the harness.
    expect(run.stdout).toContain("Ahoy! mimic heard: go");
  });

  it("takes a harness's own setting as --<harness>-<key> on every command that has flags, and in the server's create options, with the arg tier", async () => {
    const { repo, env, context } = await world({ harnesses: { mimic: { module: MIMIC_PLUGIN } } });
    const hmux = { env, input: Readable.from([]) };
    const own = ["--mimic-greeting", "Hey"];
    const from = launchSpy.mock.calls.length;
    const run = await runHmux(["run", "mimic", "go", "--cwd", repo, ...own], hmux);
    expect(run.stdout).toContain("Hey! mimic heard: go");
    const session = await runHmux(["session", "mimic", "--json", "--cwd", repo, "--no-journal", ...own], hmux);
    expect(session.stdout).toContain('"kind":"session"');
    const cmd = addTurnFlags(new Command("race").exitOverride(), context.registry.harnessOptions);
    cmd.parse(own, { from: "user" });
    const contestant = await launchContestant(context, {
      harness: "mimic",
      prompt: "go",
      flags: cmd.opts(),
      cmd,
      callerEnv: {},
      cwd: repo,
      place: { worktree: "own-flag", turnLabel: "race-r1" },
      onNote: () => {},
    });
    contestant.release();
    // hmux new sends them in its create options (protocol CreateOptions.harnessOptions).
    const options = CreateOptionsSchema.parse({ harnessOptions: { mimic: { greeting: "Hey" } } });
    const created = await serverLauncher(context)({ harness: "mimic", cwd: repo, options });
    await created.handle.abort("killed");
    const made = await launchesSince(from);
    expect(made.map((m) => m.request.kind)).toEqual(["run", "session", "race-contestant", "server-create"]);
    const planned = await serverPlanner(context)({ harness: "mimic", cwd: repo, options });
    expect(planned.ok && planned.settings.find((s) => s.key === "mimic.greeting")).toMatchObject({ tier: "arg" });
    for (const { launched } of made) {
      expect(launched.settings.find((s) => s.key === "mimic.greeting")).toEqual({
        key: "mimic.greeting",
        value: "Hey",
        tier: "arg",
      });
      expect(launched.plan.invocation.argv.join(" ")).toContain("--greeting Hey");
    }
    for (const { launched } of made) if (launched.kind === "session") await launched.released;
    const bad = await runHmux(["session", "mimic", "--json", "--cwd", repo, "--mimic-greeting", "two words"], hmux);
    expect(bad.code).toBe(2);
    expect(bad.stdout + bad.stderr).toContain(
      'mimic greeting "two words" is not valid: greeting takes one word of letters',
    );
  });

  it("refuses a bad value of a harness's own setting in the config file at load, naming file, harness and key, on every entry point", async () => {
    const { repo, env, context } = await world({ harnessOptions: { codex: { sandbox: "wide-open" } } });
    const file = join(fx!.env.XDG_CONFIG_HOME!, "hmux", "config.json");
    const run = await runHmux(["run", "claude", "go", "--cwd", repo], { env, input: Readable.from([]) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: harnessOptions.codex.sandbox: codex's sandbox takes one of read-only`);
    const session = await runHmux(["session", "claude", "--json", "--cwd", repo], { env, input: Readable.from([]) });
    expect(session.code).toBe(2);
    expect(session.stderr + session.stdout).toContain("harnessOptions.codex.sandbox");
    await expect(serverLauncher(context)({ harness: "claude", cwd: repo, options: {} })).rejects.toMatchObject({
      code: "invalid-config",
      message: expect.stringContaining(`${file}: harnessOptions.codex.sandbox`),
    });
    // The server's dry run, which `hmux new` and every TUI dialog ask before anything starts.
    const planned = await serverPlanner(context)({ harness: "claude", cwd: repo, options: {} });
    expect(planned).toMatchObject({ ok: false, refusals: [{ issue: "invalid-config" }] });
    if (planned.ok) throw new Error("the plan op accepted a bad config");
    expect(planned.refusals[0]!.message).toContain(`${file}: harnessOptions.codex.sandbox`);
    const cmd = addTurnFlags(new Command("race").exitOverride(), context.registry.harnessOptions);
    cmd.parse([], { from: "user" });
    await expect(
      launchContestant(context, {
        harness: "claude",
        prompt: "go",
        flags: cmd.opts(),
        cmd,
        callerEnv: {},
        cwd: repo,
        place: { worktree: "bad-config", turnLabel: "race-r1" },
        onNote: () => {},
      }),
    ).rejects.toMatchObject({
      code: "invalid-config",
      message: expect.stringContaining("harnessOptions.codex.sandbox"),
    });
  });

  it("drops another harness's own setting for a race contestant alone, as a divergence on its card", async () => {
    const { repo, context } = await world();
    const cmd = addTurnFlags(new Command("race").exitOverride(), context.registry.harnessOptions);
    cmd.parse(["--codex-sandbox", "read-only"], { from: "user" });
    const contestant = await launchContestant(context, {
      harness: "claude",
      prompt: "go",
      flags: cmd.opts(),
      cmd,
      callerEnv: {},
      cwd: repo,
      place: { worktree: "drop-own", turnLabel: "race-r1" },
      onNote: () => {},
    });
    const launched = (await launchSpy.mock.results.at(-1)!.value) as Launched;
    if (launched.kind !== "turn") throw new Error("a contestant launches a turn");
    expect(launched.dropped).toEqual([
      expect.objectContaining({
        key: "codex.sandbox",
        value: "read-only",
        reason: expect.stringContaining("codex's setting"),
      }),
    ]);
    expect(launched.plan.options.harnessOptions).toBeUndefined();
    contestant.release();
  });
});

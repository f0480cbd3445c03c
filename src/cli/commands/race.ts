/**
 * `hmux race "<prompt>" <harness> <harness>… [--check CMD] [--json]`: one prompt to several
 * harnesses, each in its own worktree from the same base, with `hmux run`'s flags and pipeline;
 * then each worktree's check, and a scorecard (a table, or under --json one line per contestant
 * and a summary line, src/race/scorecard-schema.ts). `hmux race pick <race> <harness>` merges the
 * winner into the base and removes the other worktrees; `discard` removes them all; `ls` lists races.
 * `--demo` races the harnesses on the scripted model in a scratch repository: no credentials needed.
 *
 * Exit: 0 when some contestant finished (and passed the check, when there is one), 1 when none
 * did, 2 for a refusal before any turn started, 3 when pick/discard kept a worktree to protect work.
 */

import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import type { SessionEvent } from "../../core/control/types.js";
import { parseEnvAssignments } from "../../core/exec/env.js";
import { makePrivateDirExclusive, makePrivateTempDir } from "../../files/private-dir.js";
import { type Cleanup, discardRace, pickWinner } from "../../race/pick.js";
import { checkRaceName, RaceStore } from "../../race/record.js";
import { renderRaceList } from "../../race/render-list.js";
import { renderScorecard } from "../../race/render-table.js";
import { checkContestants, type RacePorts, runRace } from "../../race/runner.js";
import type { Scorecard } from "../../race/scorecard-schema.js";
import { RACE_DEMO_CHECK, RACE_DEMO_FILES, RACE_DEMO_PROMPT, RACE_SCRIPT } from "../../scripted-model/race-script.js";
import { type ModelServer, startModelServer } from "../../scripted-model/server.js";
import { demoHarnesses } from "../../session/launch.js";
import { EXIT_WOULD_LOSE_WORK } from "../../workspace/errors.js";
import { gitOut } from "../../workspace/git.js";
import type { CommandRuntime } from "../command-line.js";
import { DEFAULT_CHECK_TIMEOUT_SECONDS } from "../command-lines/race.js";
import type { CliContext } from "../context.js";
import { UsageError } from "../errors.js";
import { launchContestant, launchReview } from "../race-contestant.js";
import { endedOnServer, serverOfRace } from "../race-on-server.js";
import type { Output } from "../render/output.js";
import { type RawTurnFlags, turnOptionsFromFlags } from "./run-options.js";
import { readPrompt } from "./run-request.js";

interface RaceFlags extends RawTurnFlags {
  json?: boolean;
  base?: string;
  name?: string;
  check?: string;
  checkTimeout?: number;
  demo?: boolean;
  review?: string;
}

export async function raceAction(
  run: CommandRuntime,
  prompt: string | undefined,
  harnesses: string[],
  flags: RaceFlags,
  self: Command,
): Promise<void> {
  const context = await run.context();
  process.exitCode = await raceCommand(prompt, harnesses, flags, self, context.output, context);
}

export async function racePickAction(
  run: CommandRuntime,
  name: string,
  harness: string,
  flags: { force?: boolean; ff?: boolean },
): Promise<void> {
  const context = await run.context();
  const server = await serverOfRace(context, name);
  if (server) {
    process.exitCode = await endedOnServer("race pick", server, context.output, (c) =>
      c.request({
        op: "race.pick",
        race: name,
        harness,
        ...(flags.force ? { force: true } : {}),
        ...(flags.ff === false ? { noFastForward: true } : {}),
      }),
    );
    return;
  }
  process.exitCode = await raceEnd(context.output, () =>
    pickWinner(ports(context), name, harness, {
      ...(flags.force ? { force: true } : {}),
      ...(flags.ff === false ? { noFastForward: true } : {}),
    }).then((picked) => {
      const how =
        picked.merge.how === "up-to-date"
          ? `${picked.base} already had ${picked.winner.branch}`
          : `merged ${picked.winner.branch} into ${picked.base} (${picked.merge.how}): ${picked.base} is now ${picked.merge.tip.slice(0, 12)}`;
      const committed = picked.committed ? `committed ${harness}'s changes as ${picked.committed.slice(0, 12)}; ` : "";
      context.output.out(`${committed}${how}\n`);
      return picked;
    }),
  );
}

export async function raceDiscardAction(run: CommandRuntime, name: string, flags: { force?: boolean }): Promise<void> {
  const context = await run.context();
  const server = await serverOfRace(context, name);
  if (server) {
    process.exitCode = await endedOnServer("race discard", server, context.output, (c) =>
      c.request({ op: "race.discard", race: name, ...(flags.force ? { force: true } : {}) }),
    );
    return;
  }
  process.exitCode = await raceEnd(context.output, () =>
    discardRace(ports(context), name, flags.force ? { force: true } : {}),
  );
}

export async function raceLsAction(run: CommandRuntime, flags: { json?: boolean }): Promise<void> {
  const context = await run.context();
  process.exitCode = raceLs(context, context.output, flags);
}

function ports(context: CliContext): Pick<RacePorts, "workspace" | "store"> {
  return { workspace: context.workspace, store: new RaceStore(context.env) };
}

async function raceEnd(output: Output, body: () => Promise<Cleanup>): Promise<number> {
  const cleanup = await body();
  for (const name of cleanup.removed) {
    const lost = cleanup.discarded.find((d) => d.workspace === name)?.lost ?? [];
    output.out(`removed workspace ${name}${lost.length > 0 ? `, losing ${lost.join("; ")}` : ""}\n`);
  }
  for (const branch of cleanup.branchesKept) output.out(`kept branch ${branch}: that contestant's answer, committed\n`);
  for (const k of cleanup.kept) output.err(`hmux: kept workspace ${k.workspace}: ${k.reason}\n`);
  if (cleanup.kept.length > 0) {
    output.err("  hint: look first (hmux diff <workspace>), then pass --force to remove them anyway\n");
    return EXIT_WOULD_LOSE_WORK;
  }
  return 0;
}

function raceLs(context: CliContext, output: Output, flags: { json?: boolean }): number {
  const store = new RaceStore(context.env);
  const races = store.list();
  if (flags.json) {
    for (const r of races) output.out(`${JSON.stringify(r)}\n`);
    return 0;
  }
  if (races.length === 0) {
    output.out(`no races recorded (${store.dir})\n`);
    return 0;
  }
  for (const line of renderRaceList(races)) output.out(`${line}\n`);
  return 0;
}

export async function raceCommand(
  promptArg: string | undefined,
  rest: readonly string[],
  flags: RaceFlags,
  cmd: Command,
  output: Output,
  context: CliContext,
): Promise<number> {
  for (const [key, flag] of [
    ["resume", "--resume"],
    ["sessionId", "--session-id"],
    ["resumeLast", "--resume-last"],
  ] as const)
    if (flags[key] !== undefined)
      throw new UsageError(`${flag} has no place in a race: every contestant starts a fresh session`, `drop ${flag}`);
  if (context.passthrough.length > 0)
    throw new UsageError(
      "native arguments after -- belong to one harness, and a race gives every contestant the same settings",
      "use the normalized flags (hmux run --help), or race with hmux run yourself",
    );
  // Every flag is checked before anything exists (a scratch repository, a model, a worktree).
  if (flags.name !== undefined) checkRaceName(flags.name);
  const { prompt: _prompt, promptFile: _promptFile, ...turnOnly } = flags;
  turnOptionsFromFlags(turnOnly, cmd, context.registry.harnessOptions);
  const promptGiven = flags.prompt !== undefined || flags.promptFile !== undefined;
  // With --prompt/--prompt-file, the first positional is a harness too.
  let harnesses = promptGiven ? [...(promptArg !== undefined ? [promptArg] : []), ...rest] : [...rest];
  let server: ModelServer | null = null;
  let cwd = resolvePath(flags.cwd ?? process.cwd());
  let prompt: string;
  let check = flags.check ?? null;
  if (flags.demo) {
    if (flags.endpoint !== undefined) throw new UsageError("--demo brings its own model server", "drop --endpoint");
    if (!promptGiven && promptArg !== undefined) harnesses = [promptArg, ...harnesses];
    if (harnesses.length === 0) harnesses = [...demoHarnesses(context.registry)];
    checkContestants(harnesses);
    for (const h of harnesses) context.launch.harness(h);
    cwd = await demoRepository(context);
    prompt = promptGiven ? (await readPrompt(undefined, flags)).text : RACE_DEMO_PROMPT;
    check ??= RACE_DEMO_CHECK;
    // Started last, right before the try that closes it: nothing that can throw comes between.
    server = await startModelServer({ script: RACE_SCRIPT });
    output.err(`race demo: scratch repository ${cwd}; model ${server.url}\n`);
    for (const [key, value] of [
      ["endpoint", server.url],
      ["isolate", true],
      ["autonomy", true],
    ] as const)
      cmd.setOptionValueWithSource(key, value, "cli");
    Object.assign(flags, { endpoint: server.url, isolate: true, autonomy: true });
  } else {
    prompt = (await readPrompt(promptGiven ? undefined : promptArg, flags)).text;
  }
  try {
    return await race(context, output, cmd, flags, { cwd, harnesses, prompt, check });
  } finally {
    await server?.close();
  }
}

async function race(
  context: CliContext,
  output: Output,
  cmd: Command,
  flags: RaceFlags,
  what: { cwd: string; harnesses: string[]; prompt: string; check: string | null },
): Promise<number> {
  // Too few or unknown harnesses are refused before any worktree is made, and before any note about the race.
  checkContestants(what.harnesses);
  for (const h of what.harnesses) context.launch.harness(h);
  if (flags.review !== undefined) context.launch.harness(flags.review);
  const { prompt: _p, promptFile: _f, review: _r, ...turnFlags } = flags;
  const settings = turnOptionsFromFlags(turnFlags, cmd, context.registry.harnessOptions);
  // stderr (onNote), so --json's stdout stays the scorecard; the summary's warnings say it again for a contestant it
  // cost the race. Said once the race passed its refusals, so a refused race prints only why.
  const notes =
    settings.autonomy === undefined
      ? [
          "race: each contestant is gated as a headless hmux run is, and nobody can answer mid-race: every gated call is denied. --autonomy lets them act in their worktrees",
        ]
      : [];
  const callerEnv = parseEnvAssignments(flags.env ?? []);
  const abort = new AbortController();
  const stop = () => abort.abort();
  const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const sig of SIGNALS) process.on(sig, stop);
  const checkEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(context.env)) if (v !== undefined) checkEnv[k] = v;
  const racePorts: RacePorts = {
    workspace: context.workspace,
    store: new RaceStore(context.env),
    checkEnv,
    launch: (harness, place, onNote) =>
      launchContestant(context, {
        harness,
        prompt: what.prompt,
        flags: turnFlags,
        cmd,
        callerEnv,
        cwd: what.cwd,
        place,
        onNote,
      }),
    review: (reviewer, at) =>
      launchReview(context, {
        reviewer,
        prompt: at.prompt,
        flags: turnFlags,
        cmd,
        callerEnv,
        cwd: at.cwd,
        onNote: (line) => output.err(`${line}\n`),
      }),
    onNote: (line) => output.err(`${line}\n`),
    onEvent: (harness, event) => {
      const line = progressLine(event);
      if (line) output.err(`${harness}: ${line}\n`);
    },
  };
  try {
    const result = await runRace(racePorts, {
      cwd: what.cwd,
      harnesses: what.harnesses,
      prompt: what.prompt,
      ...(flags.base !== undefined ? { base: flags.base } : {}),
      ...(flags.name !== undefined ? { name: flags.name } : {}),
      check: what.check,
      checkTimeoutMs: (flags.checkTimeout ?? DEFAULT_CHECK_TIMEOUT_SECONDS) * 1000,
      settings: settings as Record<string, unknown>,
      ...(flags.review !== undefined ? { review: flags.review } : {}),
      signal: abort.signal,
      notes,
    });
    printScorecard(result.scorecard, output, flags.json === true);
    if (!flags.json) {
      const s = result.scorecard.summary;
      const best = (s.passed ?? s.finished)[0];
      output.out(
        `\nrace ${s.race}: look with hmux diff ${result.record.contestants[0]?.workspace ?? "<workspace>"}; keep one with hmux race pick ${s.race} ${best ?? "<harness>"}; drop all with hmux race discard ${s.race}\n`,
      );
    }
    const s = result.scorecard.summary;
    return (s.passed ?? s.finished).length > 0 ? 0 : 1;
  } finally {
    for (const sig of SIGNALS) process.removeListener(sig, stop);
  }
}

function printScorecard(card: Scorecard, output: Output, json: boolean): void {
  if (json) {
    for (const line of [...card.contestants, card.summary]) output.out(`${JSON.stringify(line)}\n`);
    return;
  }
  for (const line of renderScorecard(card)) output.out(`${line}\n`);
}

/** A few words per notable event, so a person sees the race move (stderr; --json's stdout stays the scorecard). */
function progressLine(event: SessionEvent): string | null {
  switch (event.kind) {
    case "tool":
      if (event.phase === "call") return `tool ${event.canonical ?? event.name}`;
      return event.denied ? `tool denied: ${event.output.split("\n")[0]?.slice(0, 120) ?? ""}` : null;
    case "failure":
      return `failure (${event.class}): ${event.message}`;
    case "done":
      return `turn ended: ${event.cause}`;
    case "progress":
      return event.label === "check" ? `check: ${event.detail ?? ""}` : null;
    default:
      return null;
  }
}

/** A scratch repository with the race demo's files, committed on branch main. */
async function demoRepository(context: CliContext): Promise<string> {
  const root = makePrivateTempDir(tmpdir(), "hmux-race-demo-");
  const repo = makePrivateDirExclusive(join(root, "slugs"));
  for (const [path, text] of Object.entries(RACE_DEMO_FILES)) writeFileSync(join(repo, path), text, { mode: 0o600 });
  const git = context.workspace.git;
  await gitOut(git, ["init", "--quiet", "--initial-branch=main"], { cwd: repo });
  // The scratch repository's own identity, so its commits (and a pick's) need none from the user's git config.
  await gitOut(git, ["config", "user.name", "hmux race demo"], { cwd: repo });
  await gitOut(git, ["config", "user.email", "race-demo@hmux.invalid"], { cwd: repo });
  await gitOut(git, ["add", "-A"], { cwd: repo });
  await gitOut(git, ["commit", "--quiet", "-m", "slug(): a first version"], { cwd: repo });
  return repo;
}

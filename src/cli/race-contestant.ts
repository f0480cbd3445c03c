/**
 * A race contestant's turn is an `hmux run` turn: the same flags (run-options), the same request
 * (run-request.ts) and the same launch() — only its kind says it is a contestant (its worktree is
 * the race's, a setting its harness cannot express is dropped for it alone and reported as a
 * divergence, its isolated state goes with the race) and its prompt is the race's.
 */

import type { Command } from "commander";
import { unreachable } from "../core/invariant.js";
import { launch } from "../launch/launch.js";
import type { ContestantPlace, PlannedContestant, PlannedReview } from "../race/runner.js";
import type { RawTurnFlags } from "./commands/run-options.js";
import { runRequest } from "./commands/run-request.js";
import type { CliContext } from "./context.js";

export async function launchContestant(
  context: CliContext,
  input: {
    readonly harness: string;
    readonly prompt: string;
    /** The race's turn flags, the prompt flags already taken out (the prompt is read once). */
    readonly flags: RawTurnFlags;
    readonly cmd: Command;
    readonly callerEnv: Readonly<Record<string, string>>;
    /** The folder the race was started in (the repository its worktrees are made from). */
    readonly cwd: string;
    readonly place: ContestantPlace;
    readonly onNote: (line: string) => void;
  },
): Promise<PlannedContestant> {
  const { place } = input;
  const request = await runRequest({
    kind: "race-contestant",
    harness: input.harness,
    positional: input.prompt,
    flags: {
      ...input.flags,
      cwd: input.cwd,
      worktree: place.worktree,
      ...(place.base !== undefined ? { base: place.base } : {}),
    },
    cmd: input.cmd,
    harnessOptions: context.registry.harnessOptions,
    passthrough: [],
    callerEnv: input.callerEnv,
    turnLabel: place.turnLabel,
    onNote: input.onNote,
  });
  const launched = await launch(request, context);
  const { lease } = launched;
  if (!lease) {
    await launched.abandon();
    unreachable("a race contestant's launch makes the worktree the race asked for");
  }
  return {
    lease,
    divergences: [
      ...launched.dropped,
      ...launched.plan.resolved.divergence.map((d) => ({ key: d.key, value: d.value, reason: d.reason })),
    ],
    run: (signal) => launched.run({ signal }),
    release: () => launched.release(),
    abandon: () => launched.abandon(),
  };
}

/**
 * The cross-review's turn (`hmux race --review <harness>`): an `hmux run` turn of the reviewer in
 * a contestant's worktree, through the same launch(), with the race's settings made read-only
 * (`access: read`) and gated (never `--autonomy`). A harness that cannot run read-only is refused
 * by its plan, so a review never runs writable.
 */
export async function launchReview(
  context: CliContext,
  input: {
    readonly reviewer: string;
    readonly prompt: string;
    readonly flags: RawTurnFlags;
    readonly cmd: Command;
    readonly callerEnv: Readonly<Record<string, string>>;
    readonly cwd: string;
    readonly onNote: (line: string) => void;
  },
): Promise<PlannedReview> {
  const request = await runRequest({
    kind: "run",
    harness: input.reviewer,
    positional: input.prompt,
    flags: { ...input.flags, cwd: input.cwd },
    cmd: input.cmd,
    harnessOptions: context.registry.harnessOptions,
    passthrough: [],
    callerEnv: input.callerEnv,
    turnLabel: "race review",
    onNote: input.onNote,
  });
  const { autonomy: _autonomy, ...args } = request.args;
  const launched = await launch({ ...request, args: { ...args, access: "read" } }, context);
  return { run: (signal) => launched.run({ signal }), release: () => launched.release() };
}

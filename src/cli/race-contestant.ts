/**
 * A race contestant's turn is an `hmux run` turn: the same flags (run-options), the same launch
 * request and pipeline (prepareTurn → prepareLaunch), the same runTurn — only its cwd is its
 * worktree and its prompt the race's. Nothing here plans or runs a harness any other way. A flag
 * the harness cannot express is dropped for it alone and reported as a divergence.
 */
import type { Command } from "commander";
import { renderResolution } from "../core/options/render-provenance.js";
import { isRefusal, type RefusalError } from "../core/refusal.js";
import type { PlannedContestant } from "../race/runner.js";
import type { WorkspaceLease } from "../workspace/lease.js";
import type { RawTurnFlags } from "./commands/run-options.js";
import { type PreparedTurn, prepareTurn } from "./commands/run-prepare.js";
import { runPreparedTurn } from "./commands/run-prepared-turn.js";
import type { CliContext } from "./context.js";
import { releaseIsolatedState } from "./isolated-state.js";

export async function planContestant(
  context: CliContext,
  input: {
    readonly harness: string;
    readonly prompt: string;
    /** The race's turn flags, the prompt flags already taken out (the prompt is read once). */
    readonly flags: RawTurnFlags;
    readonly cmd: Command;
    readonly callerEnv: Readonly<Record<string, string>>;
    readonly lease: WorkspaceLease;
  },
): Promise<PlannedContestant> {
  const dropped: { key: string; value: unknown; reason: string }[] = [];
  let flags: RawTurnFlags = { ...input.flags, cwd: input.lease.entry.path };
  let prepared: PreparedTurn;
  for (;;) {
    try {
      prepared = await prepareTurn({
        harnessArg: input.harness,
        positional: input.prompt,
        flags,
        cmd: input.cmd,
        passthrough: [],
        callerEnv: input.callerEnv,
        registry: context.registry,
        ports: context.launch,
        workspace: input.lease.launch,
      });
      break;
    } catch (err) {
      const flag = inexpressibleFlag(err, flags);
      if (flag === null) throw err;
      const refusal = err as RefusalError;
      dropped.push({
        key: refusal.option!,
        value: flags[flag],
        reason: `${refusal.message}${refusal.hint ? ` (${refusal.hint})` : ""}; the harness default applies`,
      });
      flags = { ...flags, [flag]: undefined };
    }
  }
  let disposed = false;
  return {
    divergences: [
      ...dropped,
      ...prepared.resolved.divergence.map((d) => ({ key: d.key, value: d.value, reason: d.reason })),
    ],
    notes: [...renderResolution(prepared.resolved).filter((l) => !l.startsWith("provenance:")), ...prepared.notes],
    run: (signal) => runPreparedTurn(prepared, context, { signal }),
    dispose: () => {
      // A contestant's isolated HOME holds no session anyone resumes from a race: it goes with the race.
      if (disposed) return;
      disposed = true;
      if (prepared.isolated?.fresh) releaseIsolatedState(prepared.isolated.root, prepared.isolated.dir);
    },
  };
}

/** Option names the pipeline refuses by, and the race flag that set each. */
const FLAG_OF: Readonly<Record<string, keyof RawTurnFlags>> = {
  timeoutSeconds: "timeout",
  stallSeconds: "stall",
};

/**
 * A race asks every contestant for the same settings, and one a harness cannot express must not
 * call the race off for the others: that flag is dropped for this harness alone (the harness
 * default applies) and the refusal becomes a divergence on its scorecard. Null: not such a refusal.
 */
function inexpressibleFlag(err: unknown, flags: RawTurnFlags): keyof RawTurnFlags | null {
  if (!isRefusal(err) || err.option === undefined) return null;
  if (err.issue !== "unsupported-option" && err.issue !== "unsupported-option-facet") return null;
  const flag = FLAG_OF[err.option] ?? (err.option as keyof RawTurnFlags);
  return flag in flags && flags[flag] !== undefined ? flag : null;
}

/**
 * `hmux sessions [--json]`: every journaled session with its state and harness, newest
 * first. State: live (<lifecycle>) while its hmux runs, closed (<cause>) after a clean end,
 * interrupted when hmux died without writing closed (resume it with `hmux session <h> --resume <id>`).
 */
import { listJournals, sessionsDir } from "../../session/journal.js";
import type { CommandRuntime } from "../command-line.js";
import { type Output, processOutput } from "../render/output.js";

/** Reads only the journal folder: the composition root is not built for it. */
export async function sessionsAction(run: CommandRuntime, flags: { json?: boolean }): Promise<void> {
  process.exitCode = sessionsCommand(flags, processOutput(), (await run.basics()).env);
}

export function sessionsCommand(
  flags: { json?: boolean },
  output: Output,
  env: Readonly<Record<string, string | undefined>>,
): number {
  const all = listJournals(env);
  if (flags.json) {
    for (const j of all) {
      output.out(
        `${JSON.stringify({ sessionId: j.sessionId, harness: j.harness, state: j.state, harnessSessionId: j.harnessSessionId, turns: j.turns, events: j.events, updatedAt: new Date(j.updatedAt).toISOString(), journal: j.path })}\n`,
      );
    }
    return 0;
  }
  if (all.length === 0) {
    output.out(`no sessions journaled in ${sessionsDir(env)}\n`);
    return 0;
  }
  output.out(`${"SESSION".padEnd(38)} ${"HARNESS".padEnd(8)} ${"STATE".padEnd(24)} ${"TURNS".padStart(5)}  UPDATED\n`);
  for (const j of all) {
    output.out(
      `${j.sessionId.padEnd(38)} ${(j.harness ?? "?").padEnd(8)} ${j.state.padEnd(24)} ${String(j.turns).padStart(5)}  ${new Date(j.updatedAt).toISOString()}\n`,
    );
  }
  return 0;
}

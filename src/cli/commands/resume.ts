/**
 * `hmux resume <session>`: reopens a session the hmux server lists as detached (its server
 * died) or ended, through the harness's own resume (the server's launcher continues the
 * session's journal). A running session is refused (`session-live`); what the restore found —
 * calls lost with the dead server, a journal cut mid-line — is said again here.
 */

import type { Command } from "commander";
import type { SessionSummary } from "../../protocol/index.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServer, reportServerError } from "../server-client.js";

export async function resumeAction(
  run: CommandRuntime,
  session: string,
  _flags: unknown,
  command: Command,
): Promise<void> {
  process.exitCode = await resumeCommand(session, processOutput(), await run.context(), hostOf(command));
}

export async function resumeCommand(
  target: string,
  output: Output,
  context: CliContext,
  host?: string,
): Promise<number> {
  try {
    const client = await reachServer(context, true, host);
    try {
      const reply = await client.request({ op: "resume", session: target });
      const s = reply.session as SessionSummary;
      for (const note of (reply.notes as string[] | undefined) ?? []) output.err(`${note}\n`);
      for (const line of restoreLines(s)) output.err(`hmux resume: ${line}\n`);
      output.out(`resumed ${s.name} (${s.id})\n`);
      return 0;
    } finally {
      client.close();
    }
  } catch (err) {
    return reportServerError("resume", err, output);
  }
}

/** What a restore found, said to whoever resumes the session. */
export function restoreLines(s: SessionSummary): string[] {
  const r = s.restored;
  if (!r) return [];
  return [
    ...(r.lostCalls > 0
      ? [
          `${r.lostCalls} tool call${r.lostCalls === 1 ? " was" : "s were"} waiting for a decision when the server died: lost, neither approved nor run`,
        ]
      : []),
    ...(r.cut ? [r.cut] : []),
    ...(r.problems > 0 ? [`${r.problems} other journal line${r.problems === 1 ? "" : "s"} could not be read`] : []),
  ];
}

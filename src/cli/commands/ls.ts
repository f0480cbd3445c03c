/**
 * `hmux ls`: every session the hmux server holds — name, harness, state (with when the soonest
 * waiting approval is denied unanswered), age, pending approvals, tokens in/out, context used of
 * the window, cost (priced on the server; "unknown" for a model without a price), id, cwd — starting the server when none runs (as every client command does). The table of
 * installed and pinned harnesses is `hmux harnesses`. `--host user@box` lists the sessions of the
 * server on that machine, over ssh. Only --host needs the composition root (ssh is spawned through its
 * ports), so a local listing never loads the adapters (npm run bench -- startup).
 */

import type { Command } from "commander";
import { resumeHint, sessionTable } from "../../server/ls-table.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext, ProcessBasics } from "../context.js";
import { hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachLocalServer, reachServer, reportServerError } from "../server-client.js";

/** Reached by `hmux ls` (src/cli/command-lines/ls.ts): a local listing builds no context. */
export async function lsAction(run: CommandRuntime, flags: LsFlags, command: Command): Promise<void> {
  const host = hostOf(command);
  process.exitCode = await lsCommand(
    { ...flags, ...(host !== undefined ? { host } : {}) },
    processOutput(),
    await run.basics(),
    run.context,
  );
}

export interface LsFlags {
  json?: boolean;
  host?: string;
}

export async function lsCommand(
  flags: LsFlags,
  output: Output,
  basics: ProcessBasics,
  context: () => Promise<CliContext>,
): Promise<number> {
  try {
    const client =
      flags.host === undefined
        ? await reachLocalServer(basics, true)
        : await reachServer(await context(), true, flags.host);
    try {
      const sessions = await client.list();
      if (flags.json) for (const s of sessions) output.out(`${JSON.stringify(s)}\n`);
      else if (sessions.length === 0)
        output.out(`no sessions on the hmux server${onHost(flags.host)} (pid ${client.hello.pid})\n`);
      else {
        for (const line of sessionTable(sessions, basics.clock.now())) output.out(`${line}\n`);
        // On stderr: stdout stays the table a script reads.
        const hint = resumeHint(sessions, flags.host);
        if (hint) output.err(`hint: ${hint}\n`);
      }
      return 0;
    } finally {
      client.close();
    }
  } catch (err) {
    return reportServerError("ls", err, output);
  }
}

function onHost(host: string | undefined): string {
  return host === undefined ? "" : ` on ${host}`;
}

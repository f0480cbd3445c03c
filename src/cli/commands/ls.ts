/**
 * `hmux ls`: every session the hmux server holds — name, harness, state, age, pending approvals,
 * id, cwd — starting the server when none runs (as every client command does). The table of
 * installed and pinned harnesses is `hmux harnesses`. `--host user@box` lists the sessions of the
 * server on that machine, over ssh.
 */
import type { Command } from "commander";
import { sessionTable } from "../../server/ls-table.js";
import type { CliContext } from "../context.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServer, reportServerError } from "../server-client.js";

export function register(program: Command, context: CliContext): void {
  program
    .command("ls")
    .description("list the sessions on the hmux server (starting it if needed); harness versions: hmux harnesses")
    .option("--json", "one JSON object per session")
    .option("--host <[user@]box>", "the hmux server on another machine, over ssh (docs/remote.md)")
    .action(async (flags: LsFlags) => {
      process.exitCode = await lsCommand(flags, processOutput(), context);
    });
}

export interface LsFlags {
  json?: boolean;
  host?: string;
}

export async function lsCommand(flags: LsFlags, output: Output, context: CliContext): Promise<number> {
  try {
    const client = await reachServer(context, true, flags.host);
    try {
      const sessions = await client.list();
      if (flags.json) for (const s of sessions) output.out(`${JSON.stringify(s)}\n`);
      else if (sessions.length === 0)
        output.out(`no sessions on the hmux server${onHost(flags.host)} (pid ${client.hello.pid})\n`);
      else for (const line of sessionTable(sessions, Date.now())) output.out(`${line}\n`);
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

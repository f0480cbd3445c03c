/**
 * `hmux ls`: every session the hmux server holds — name, harness, state, age, pending approvals,
 * id, cwd — starting the server when none runs (as every client command does). The table of
 * installed and pinned harnesses is `hmux harnesses`.
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
    .action(async (flags: { json?: boolean }) => {
      process.exitCode = await lsCommand(flags, processOutput(), context);
    });
}

export async function lsCommand(flags: { json?: boolean }, output: Output, context: CliContext): Promise<number> {
  try {
    const client = await reachServer(context, true);
    try {
      const sessions = await client.list();
      if (flags.json) for (const s of sessions) output.out(`${JSON.stringify(s)}\n`);
      else if (sessions.length === 0) output.out(`no sessions on the hmux server (pid ${client.hello.pid})\n`);
      else for (const line of sessionTable(sessions, Date.now())) output.out(`${line}\n`);
      return 0;
    } finally {
      client.close();
    }
  } catch (err) {
    return reportServerError("ls", err, output);
  }
}

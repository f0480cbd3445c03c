/** `hmux kill <session>`: ends one session on the hmux server (pending calls denied, the harness signalled). */
import type { Command } from "commander";
import type { SessionSummary } from "../../protocol/index.js";
import type { CliContext } from "../context.js";
import { HOST_FLAGS, HOST_HELP, hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServer, reportServerError } from "../server-client.js";

export function register(program: Command, context: CliContext): void {
  program
    .command("kill")
    .description("end a session on the hmux server: hmux kill <name|id>")
    .argument("<session>", "the session's name, id, or a unique start of its id (see hmux ls)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(async (session: string, _flags: unknown, command: Command) => {
      process.exitCode = await killCommand(session, processOutput(), context, hostOf(command));
    });
}

export async function killCommand(target: string, output: Output, context: CliContext, host?: string): Promise<number> {
  try {
    const client = await reachServer(context, false, host);
    try {
      const reply = await client.request({ op: "kill", session: target });
      const s = reply.session as SessionSummary;
      output.out(`killed ${s.name} (${s.id})\n`);
      return 0;
    } finally {
      client.close();
    }
  } catch (err) {
    return reportServerError("kill", err, output);
  }
}

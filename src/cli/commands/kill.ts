/** `hmux kill <session>`: ends one session on the hmux server (pending calls denied, the harness signalled). */

import type { Command } from "commander";
import type { SessionSummary } from "../../protocol/index.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServer, reportServerError } from "../server-client.js";

export async function killAction(
  run: CommandRuntime,
  session: string,
  _flags: unknown,
  command: Command,
): Promise<void> {
  process.exitCode = await killCommand(session, processOutput(), await run.context(), hostOf(command));
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

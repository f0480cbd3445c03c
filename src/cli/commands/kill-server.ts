/**
 * `hmux kill-server`: stops the hmux server — every session ends (pending calls denied, the
 * harnesses signalled), clients are told, the socket and token go. Waits until it is done.
 * A server of another hmux version refuses this client's login, so it is sent SIGTERM through
 * the pid it wrote in the private runtime dir (its handler does the same shutdown).
 */

import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { HmuxError } from "../../core/hmux-error.js";
import { isServerError } from "../../server/errors.js";
import { accepts } from "../../server/single-instance.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServer, reportServerError } from "../server-client.js";

export async function killServerAction(run: CommandRuntime, _flags: unknown, command: Command): Promise<void> {
  process.exitCode = await killServerCommand(processOutput(), await run.context(), hostOf(command));
}

export async function killServerCommand(output: Output, context: CliContext, host?: string): Promise<number> {
  const on = host === undefined ? "" : ` on ${host}`;
  try {
    const client = await reachServer(context, false, host);
    const gone = new Promise<void>((resolve) => client.onClose(() => resolve()));
    await client.request({ op: "kill-server" });
    await gone;
    output.out(`stopped the hmux server${on} (pid ${client.hello.pid})\n`);
    return 0;
  } catch (err) {
    if (isServerError(err) && err.code === "no-server") {
      output.err(`hmux kill-server: no hmux server is running${on}\n`);
      return 1;
    }
    // Another version's server is signalled through its pid file, which is only this machine's to read.
    if (isServerError(err) && err.code === "version-mismatch" && host === undefined)
      return signalServer(context, output, err.message);
    return reportServerError("kill-server", err, output);
  }
}

async function signalServer(context: CliContext, output: Output, why: string): Promise<number> {
  const paths = context.paths.server;
  let pid: number;
  try {
    pid = Number(readFileSync(paths.pid, "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 1) throw new HmuxError("unreadable-file", `${paths.pid} does not hold a pid`);
    process.kill(pid, "SIGTERM");
  } catch (err) {
    return reportServerError(
      "kill-server",
      new HmuxError("version-mismatch", `${why}; and it could not be signalled: ${(err as Error).message}`),
      output,
    );
  }
  const { clock } = context;
  const until = clock.now() + 30_000;
  while ((await accepts(paths.socket, clock)) && clock.now() < until)
    await new Promise<void>((r) => clock.setTimeout(r, 200));
  output.out(`stopped the hmux server of another version (pid ${pid}): ${why}\n`);
  return 0;
}

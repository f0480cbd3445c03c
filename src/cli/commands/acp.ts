/**
 * `hmux acp [<harness>]`: hmux as an ACP agent on stdio, for an editor or any ACP client to
 * spawn. Each ACP session is a session on the hmux server (started if none runs), launched as
 * `hmux new` launches one (the same flags; the client's cwd is its folder, or its worktree), so
 * `hmux ls` lists it and `hmux attach` shows it, and a person can decide its calls there too.
 * stdout carries ACP only; hmux's notes go to stderr. The ACP SDK is loaded only when the command runs.
 */
import { hostname } from "node:os";
import type { Command } from "commander";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { hostOf } from "../host-flag.js";
import { VERSION } from "../main.js";
import { reachServer, reportServerError } from "../server-client.js";
import { createOptionsOf, type NewFlags } from "./new.js";

export async function acpAction(
  run: CommandRuntime,
  harness: string | undefined,
  flags: NewFlags,
  command: Command,
): Promise<void> {
  const context = await run.context();
  const host = hostOf(command);
  process.exitCode = await acpCommand(
    // The registry's first harness when none is named: the one table that knows harnesses.
    harness ?? context.registry.names[0] ?? "",
    { ...flags, ...(host !== undefined ? { host } : {}) },
    context,
  );
}

export async function acpCommand(harness: string, flags: NewFlags, context: CliContext): Promise<number> {
  let options: ReturnType<typeof createOptionsOf>;
  try {
    options = createOptionsOf(flags);
  } catch (err) {
    return reportServerError("acp", err, context.output);
  }
  const { serveAcp } = await import("../acp/serve.js");
  return serveAcp({
    harness,
    options,
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    version: VERSION,
    connect: () => reachServer(context, true, flags.host),
    log: (line) => context.output.err(`hmux acp: ${line}\n`),
    where: ` on ${hostname()} (pid ${process.pid})`,
    input: context.input,
  });
}

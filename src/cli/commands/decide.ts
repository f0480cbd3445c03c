/**
 * `hmux decide <session> <call> allow|deny [--reason …] [--scope session|path]`: settles one
 * waiting call from a shell, as a person, through the same tool.decide a TUI key sends. Someone
 * first (a TUI, the deadline) makes it TOO_LATE; the exit code is the error table's.
 */

import { hostname } from "node:os";
import type { Command } from "commander";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext, ProcessBasics } from "../context.js";
import { exitCodeFor, UsageError } from "../errors.js";
import { hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServerOf, reportServerError } from "../server-client.js";

export interface DecideFlags {
  reason?: string;
  scope?: string;
}

export async function decideAction(
  run: CommandRuntime,
  session: string,
  call: string,
  decision: string,
  flags: DecideFlags,
  command: Command,
): Promise<void> {
  process.exitCode = await decideCommand(
    { session, call, decision },
    flags,
    processOutput(),
    await run.basics(),
    run.context,
    hostOf(command),
  );
}

export async function decideCommand(
  what: { session: string; call: string; decision: string },
  flags: DecideFlags,
  output: Output,
  basics: ProcessBasics,
  context: () => Promise<CliContext>,
  host?: string,
): Promise<number> {
  try {
    const decision = what.decision;
    if (decision !== "allow" && decision !== "deny" && decision !== "abstain")
      throw new UsageError(`the decision is allow, deny or abstain, not ${JSON.stringify(decision)}`);
    if (decision === "deny" && !flags.reason)
      throw new UsageError("a deny needs a reason: the model is told it", "add --reason '…'");
    const scope = flags.scope;
    if (scope !== undefined && scope !== "session" && scope !== "path")
      throw new UsageError(`--scope is session or path, not ${JSON.stringify(scope)}`);
    if (scope !== undefined && decision !== "allow") throw new UsageError("--scope goes with allow only");
    const client = await reachServerOf(basics, context, false, host);
    try {
      const reply = await client.request({
        op: "decide",
        session: what.session,
        call: what.call,
        decision,
        ...(flags.reason ? { reason: flags.reason } : {}),
        ...(scope !== undefined ? { scope } : {}),
        client: `hmux decide on ${hostname()}`,
      });
      output.out(
        `${decision === "allow" ? "allowed" : decision === "deny" ? "denied" : "abstained on"} ${reply.callId}${reply.rule ? ` (session rule ${reply.rule} made)` : ""}${reply.sent ? ` (sent as ${reply.sent})` : ""}\n`,
      );
      return 0;
    } finally {
      client.close();
    }
  } catch (err) {
    if (err instanceof UsageError) {
      output.err(`hmux decide: ${err.message}${err.hint ? `\n  hint: ${err.hint}` : ""}\n`);
      return exitCodeFor(err);
    }
    reportServerError("decide", err, output);
    return exitCodeFor(err);
  }
}

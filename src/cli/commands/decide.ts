/**
 * `hmux decide <session> <call> allow|deny [--reason …] [--scope session|path]`: settles one
 * waiting call from a shell, as a person, through the same tool.decide a TUI key sends. Someone
 * first (a TUI, the deadline) makes it TOO_LATE; the exit code is the error table's.
 */
import { hostname } from "node:os";
import type { Command } from "commander";
import type { CliContext, ProcessBasics } from "../context.js";
import { exitCodeFor, UsageError } from "../errors.js";
import { HOST_FLAGS, HOST_HELP, hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServerOf, reportServerError } from "../server-client.js";

export interface DecideFlags {
  reason?: string;
  scope?: string;
}

export function registerDeferred(program: Command, context: () => Promise<CliContext>, basics: ProcessBasics): void {
  program
    .command("decide")
    .description("allow or deny one waiting call (see hmux inbox): hmux decide <session> <call> allow|deny")
    .argument("<session>", "the session's name, id or unique start of its id")
    .argument("<call>", "the call id hmux inbox lists")
    .argument("<decision>", "allow, deny or abstain")
    .option("--reason <text>", "why (a deny needs one: the model is told it)")
    .option("--scope <scope>", "with allow: session (a session rule, as the inbox shows it) or path (that one path)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(async (session: string, call: string, decision: string, flags: DecideFlags, command: Command) => {
      process.exitCode = await decideCommand(
        { session, call, decision },
        flags,
        processOutput(),
        basics,
        context,
        hostOf(command),
      );
    });
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

/**
 * `hmux attach [-t <session>]`: the TUI again, on the sessions the hmux server holds — every
 * one, or the one named — each as a pane with its transcript (the server's kept events, the
 * last ATTACH_REPLAY of them), its pending approvals and questions, scrolled to the bottom.
 * Nothing to attach to (no server, no session, no such session) is said on stderr, exit 1,
 * as tmux's attach does; a server that cannot be used is exit 2.
 */

import type { Command } from "commander";
import type { SessionSummary } from "../../protocol/index.js";
import { isServerError } from "../../server/errors.js";
import { detachedRecords } from "../../server/restore.js";
import { findSessionTarget } from "../../server/session-target.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { hostOf } from "../host-flag.js";
import { reachServer, reportServerError } from "../server-client.js";
import { defaultCwd, endOfTui, requireTerminal, tuiOn } from "./tui.js";

interface AttachFlags {
  target?: string;
  theme?: string;
  mouse?: boolean;
  host?: string;
}

export async function attachAction(run: CommandRuntime, flags: AttachFlags, command: Command): Promise<void> {
  const host = hostOf(command);
  process.exitCode = await attachCommand({ ...flags, ...(host !== undefined ? { host } : {}) }, await run.context());
}

/** Nothing to attach to: exit 1 with the reason. */
function nothing(context: CliContext, why: string, hint?: string): number {
  context.output.err(`hmux attach: ${why}${hint ? `\n  hint: ${hint}` : ""}\n`);
  return 1;
}

/**
 * No server: a dead one's sessions may still wait in the journal folder, detached (what a new
 * server restores); name them and say how to get them back rather than "start some".
 */
function noServer(context: CliContext, host: string | undefined): number {
  const names =
    host === undefined
      ? detachedRecords({ env: context.env, self: { pid: process.pid, startedAt: context.clock.now() } }).detached.map(
          (d) => d.record.name,
        )
      : [];
  if (names.length === 0)
    return nothing(context, "no hmux server is running, so there are no sessions to attach to", "start some: hmux");
  const some = names.length === 1 ? "its session is" : `its ${names.length} sessions are`;
  return nothing(
    context,
    `no hmux server is running; ${some} detached in the journal: ${names.join(", ")}`,
    `see them: hmux ls (starts the server, which restores them); run one again: hmux resume ${names[0]}`,
  );
}

export async function attachCommand(flags: AttachFlags, context: CliContext): Promise<number> {
  let client: Awaited<ReturnType<typeof reachServer>>;
  try {
    client = await reachServer(context, false, flags.host);
  } catch (err) {
    if (isServerError(err) && err.code === "no-server") return noServer(context, flags.host);
    return reportServerError("attach", err, context.output);
  }
  let rows: SessionSummary[];
  try {
    const sessions = await client.list();
    if (sessions.length === 0) {
      client.close();
      const on = flags.host !== undefined ? ` on ${flags.host}` : "";
      return nothing(
        context,
        `no sessions on the hmux server${on} (pid ${client.hello.pid})`,
        `start some: ${tuiOn(flags.host)}`,
      );
    }
    // The server's own rule (exact id, then name, then a unique id start), so a name never shadows an id here either.
    rows = flags.target === undefined ? sessions : [findSessionTarget(sessions, flags.target)];
  } catch (err) {
    client.close();
    if (isServerError(err) && (err.code === "no-such-session" || err.code === "ambiguous-session")) {
      const on = flags.host !== undefined ? `the hmux server on ${flags.host}` : "the hmux server";
      return nothing(context, err.message.replaceAll("this server", on), err.hint);
    }
    return reportServerError("attach", err, context.output);
  }
  try {
    requireTerminal();
  } catch (err) {
    client.close();
    throw err;
  }
  const openTui = await context.loadOpenTui();
  const exit = await openTui({
    app: context,
    cwd: defaultCwd(client.hello, flags.host),
    server: client,
    ...(flags.host !== undefined ? { host: flags.host } : {}),
    attach: rows,
    launcher: { escalateQuestions: true },
    ...(flags.theme ? { theme: flags.theme } : {}),
    ...(flags.mouse ? { mouse: true } : {}),
  });
  return endOfTui(exit, flags.host, context.output);
}

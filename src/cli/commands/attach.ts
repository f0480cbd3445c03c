/**
 * `hmux attach [-t <session>]`: the TUI again, on the sessions the hmux server holds — every
 * one, or the one named — each as a pane with its transcript (the server's kept events, the
 * last ATTACH_REPLAY of them), its pending approvals and questions, scrolled to the bottom.
 * Nothing to attach to (no server, no session, no such session) is said on stderr, exit 1,
 * as tmux's attach does; a server that cannot be used is exit 2.
 */
import type { Command } from "commander";
import { isServerError, ServerError } from "../../server/errors.js";
import type { SessionSummary } from "../../server/protocol.js";
import type { CliContext } from "../context.js";
import { HOST_FLAGS, HOST_HELP, hostOf } from "../host-flag.js";
import { reachServer, reportServerError } from "../server-client.js";
import { defaultCwd, endOfTui, requireTerminal, tuiOn } from "./tui.js";

interface AttachFlags {
  target?: string;
  theme?: string;
  mouse?: boolean;
  host?: string;
}

export function register(program: Command, context: CliContext): void {
  program
    .command("attach")
    .description("reattach the TUI to the sessions on the hmux server (every one, or -t <session>)")
    .option("-t, --target <session>", "only this session: its name, id, or a unique start of its id (see hmux ls)")
    .option("--theme <name>", "default, light, high-contrast, or a path to a theme JSON")
    .option("--mouse", "the mouse wheel scrolls the pane under the pointer (config: ui.mouse)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(async (flags: AttachFlags, command: Command) => {
      const host = hostOf(command);
      process.exitCode = await attachCommand({ ...flags, ...(host !== undefined ? { host } : {}) }, context);
    });
}

/** The session a target names, as the server resolves one: exact name, exact id, or a unique start of an id. */
export function pickSession(sessions: readonly SessionSummary[], target: string): SessionSummary {
  const exact = sessions.find((s) => s.name === target) ?? sessions.find((s) => s.id === target);
  if (exact) return exact;
  const prefixed = sessions.filter((s) => s.id.startsWith(target));
  if (prefixed.length === 1) return prefixed[0]!;
  if (prefixed.length > 1)
    throw new ServerError(
      "AMBIGUOUS_SESSION",
      `${JSON.stringify(target)} is the start of ${prefixed.length} session ids (${prefixed.map((s) => s.name).join(", ")})`,
      "name the session, or give more of its id",
    );
  throw new ServerError(
    "NO_SUCH_SESSION",
    `no session ${JSON.stringify(target)} on the hmux server`,
    "see `hmux ls` for the sessions it has",
  );
}

/** Nothing to attach to: exit 1 with the reason. */
function nothing(context: CliContext, why: string, hint?: string): number {
  context.output.err(`hmux attach: ${why}${hint ? `\n  hint: ${hint}` : ""}\n`);
  return 1;
}

export async function attachCommand(flags: AttachFlags, context: CliContext): Promise<number> {
  let client: Awaited<ReturnType<typeof reachServer>>;
  try {
    client = await reachServer(context, false, flags.host);
  } catch (err) {
    if (isServerError(err) && err.code === "NO_SERVER")
      return nothing(context, "no hmux server is running, so there are no sessions to attach to", "start some: hmux");
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
    rows = flags.target === undefined ? sessions : [pickSession(sessions, flags.target)];
  } catch (err) {
    client.close();
    if (isServerError(err) && (err.code === "NO_SUCH_SESSION" || err.code === "AMBIGUOUS_SESSION"))
      return nothing(context, err.message, err.hint);
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

/**
 * `hmux` (no arguments) and `hmux tui [harness…]`: the multiplexer, a client of the hmux
 * server. With harness names, a pane opens for each; otherwise Alt+n opens the new-session
 * dialog. Sessions run on the server and keep running when the TUI detaches.
 */

import type { Command } from "commander";
import type { Hello, SessionSummary } from "../../protocol/index.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import type { Output } from "../render/output.js";

/** The TUI reads keys from and draws on a terminal; without one it would hang or garble. */
export function requireTerminal(): void {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError(
      "the hmux TUI needs an interactive terminal (stdin and stdout are not both a TTY)",
      "programs use `hmux run <harness> …` or `hmux session <harness> --json`",
    );
  }
}

import { UsageError } from "../errors.js";
import { hostOf } from "../host-flag.js";
import { reachServer } from "../server-client.js";
import { unknownCommandError } from "../unknown-command.js";

export interface TuiFlags {
  theme?: string;
  cwd?: string;
  endpoint?: string;
  model?: string;
  effort?: string;
  isolate?: boolean;
  mouse?: boolean;
  host?: string;
}

export async function tuiCommand(harnesses: readonly string[], flags: TuiFlags, context: CliContext): Promise<void> {
  requireTerminal();
  const host = flags.host;
  if (host !== undefined && flags.cwd !== undefined && !flags.cwd.startsWith("/"))
    throw new UsageError(`with --host, --cwd must be an absolute path on ${host} (${flags.cwd} is relative)`);
  const openTui = await context.loadOpenTui();
  // The panes' sessions live on the hmux server (started if none runs), so they outlive this TUI.
  const server = await reachServer(context, true, host);
  const cwd = flags.cwd ?? defaultCwd(server.hello, host);
  // What the server already holds comes along on the rail, so the first screen can say so.
  let held: SessionSummary[];
  try {
    held = await server.list();
  } catch (err) {
    server.close();
    throw err;
  }
  const exit = await openTui({
    app: context,
    cwd,
    server,
    held,
    ...(host !== undefined ? { host } : {}),
    ...(flags.theme ? { theme: flags.theme } : {}),
    ...(flags.mouse ? { mouse: true } : {}),
    ...tuiPanes(harnesses, flags),
  });
  process.exitCode = endOfTui(exit, host, context.output);
}

/** `hmux`, or `hmux --host box`: the command that opens the TUI on that server. */
export function tuiOn(host: string | undefined): string {
  return host === undefined ? "hmux" : `hmux --host ${host}`;
}

/**
 * The exit code of a TUI that ended, and what is said when it did not end by itself: a lost
 * connection to a remote server (its sessions run on), or this machine's server stopped under it.
 */
export function endOfTui(exit: { readonly lost?: string }, host: string | undefined, output: Output): number {
  if (exit.lost === undefined) return 0;
  output.err(host === undefined ? serverStopped(exit.lost) : lostConnection(host, exit.lost));
  return 1;
}

/** Said after a TUI whose local server went away (hmux kill-server, a crash): its panes' sessions went with it. */
export function serverStopped(reason: string): string {
  const why = /^the server stopped \((.*)\)$/.exec(reason)?.[1] ?? reason;
  return `hmux: the hmux server was stopped (${why}); its sessions ended with it — hmux starts a new one\n`;
}

/**
 * Where panes open when no --cwd is given: here, this process's cwd; on another machine, the
 * home folder its server named in its hello (this machine's cwd means nothing there).
 */
export function defaultCwd(hello: Pick<Hello, "home">, host: string | undefined): string {
  return host === undefined ? process.cwd() : hello.home;
}

/** Said after a TUI whose remote server's connection dropped: nothing ended there. */
export function lostConnection(host: string, reason: string): string {
  return `hmux: the connection to ${host} was lost (${reason}); its sessions keep running there — hmux attach --host ${host}\n`;
}

/** The panes named on the command line, and the settings every pane of this TUI starts with. */
export function tuiPanes(harnesses: readonly string[], flags: TuiFlags) {
  return {
    sessions: harnesses.map((harness) => ({
      harness,
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.effort ? { effort: flags.effort } : {}),
      ...(flags.endpoint ? { endpoint: flags.endpoint } : {}),
    })),
    // The flags hold for panes opened later too (the dialog, a race): a race from
    // `hmux tui --endpoint URL` once sent its contestants to the vendors' own endpoints.
    launcher: {
      isolate: flags.isolate ?? false,
      escalateQuestions: true,
      ...(flags.endpoint ? { defaultEndpoint: flags.endpoint } : {}),
      ...(flags.model ? { defaultModel: flags.model } : {}),
    },
  };
}

export async function tuiAction(
  run: CommandRuntime,
  harnesses: string[],
  flags: TuiFlags,
  command: Command,
): Promise<void> {
  const host = hostOf(command);
  await tuiCommand(harnesses, { ...flags, ...(host !== undefined ? { host } : {}) }, await run.context());
}

/** Bare `hmux`: the TUI; `program` is the root command, whose subcommands a mistyped word is matched against. */
export async function bareHmuxAction(
  run: CommandRuntime,
  word: string | undefined,
  _flags: unknown,
  program: Command,
): Promise<void> {
  if (word !== undefined) throw unknownCommandError(word, program);
  const host = hostOf(program);
  await tuiCommand([], host !== undefined ? { host } : {}, await run.context());
}

/**
 * Native panes from the command line:
 *   hmux native <claude|codex|pi|shell>… [--endpoint URL | --scripted] [--cwd DIR] [--model M] [--shell]
 *   hmux shell [--cwd DIR]
 *   hmux --native <harness> (the same as `hmux native <harness>`, when no other command owns bare `hmux`)
 * Each opens the TUI with the harness's own interactive UI (or $SHELL) in a pane. Keys go
 * to the focused pane; Ctrl-] always returns them to hmux (then Enter types into the pane
 * again). claude and codex report state through hooks; pi and the shell show "state unknown".
 */

import { fileLineSink, routeConsole } from "../../main/console-route.js";
import { NativeLaunchError, parseNativeKind } from "../../native/launch.js";
import { type NativeKind, nativeKinds } from "../../native/native-plan.js";
import { startModelServer } from "../../scripted-model/server.js";
import type { NewSessionRequest } from "../../ui/session-launcher.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { UsageError } from "../errors.js";
import { startLocalServer } from "../local-server.js";

export interface NativeCommandOptions {
  readonly endpoint?: string;
  readonly scripted?: boolean;
  readonly cwd?: string;
  readonly model?: string;
  readonly shell?: boolean;
}

/** The dialog's spelling of a native pane request (src/tui-client/native-request.ts). */
export function nativeRequest(
  kind: NativeKind,
  options: NativeCommandOptions,
  endpoint: string | undefined,
): NewSessionRequest {
  return {
    harness: kind === "shell" ? "shell" : `native ${kind}`,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(endpoint && kind !== "shell" ? { endpoint } : {}),
    ...(options.model && kind !== "shell" ? { model: options.model } : {}),
  };
}

/**
 * Opens the TUI (its config, theme and new-session dialog) with one native pane per kind, as a
 * client of an hmux server inside this process: its panes end with it.
 */
export async function openNativeTui(
  kinds: readonly NativeKind[],
  options: NativeCommandOptions,
  context: CliContext,
): Promise<void> {
  if (options.endpoint && options.scripted)
    throw new UsageError("--endpoint and --scripted both name the model endpoint", "pass one of them");
  if (!process.stdin.isTTY || !process.stdout.isTTY)
    throw new UsageError(
      "native panes need a terminal (stdin and stdout are not a TTY)",
      "run hmux in a terminal, or under tmux",
    );
  const model = options.scripted ? await startModelServer() : undefined;
  try {
    const endpoint = options.endpoint ?? model?.url;
    const openTui = await context.loadOpenTui();
    // The server runs in this process: what its code prints (a library's console.error) would land on the TUI's screen.
    const restoreConsole = routeConsole(
      fileLineSink(context.paths.localServerLog, "hmux local server", () => context.clock.now()),
    );
    const local = await startLocalServer(context);
    try {
      await openTui({
        app: context,
        cwd: options.cwd ?? process.cwd(),
        server: local.client,
        inProcess: true,
        sessions: kinds.map((k) => nativeRequest(k, options, endpoint)),
      });
    } finally {
      await local.stop();
      restoreConsole();
    }
  } finally {
    await model?.close();
  }
}

function kindsOf(names: readonly string[], withShell: boolean | undefined, context: CliContext): NativeKind[] {
  const offered = nativeKinds(context.registry);
  const kinds = names.map((name) => parseNativeKind(name, offered));
  if (withShell) kinds.push("shell");
  if (kinds.length === 0) throw new NativeLaunchError(`name at least one of ${offered.join(", ")}`);
  if (kinds.length > 9) throw new NativeLaunchError("at most nine panes");
  return kinds;
}

export async function nativeAction(run: CommandRuntime, names: string[], opts: NativeCommandOptions): Promise<void> {
  const context = await run.context();
  await openNativeTui(kindsOf(names, opts.shell, context), opts, context);
}

export async function shellAction(run: CommandRuntime, opts: { cwd?: string }): Promise<void> {
  await openNativeTui(["shell"], { cwd: opts.cwd }, await run.context());
}

/** `hmux --native <harness>`: the native TUI, then the process ends when it closes. */
export async function nativeFromRootAction(run: CommandRuntime, native: string): Promise<void> {
  const context = await run.context();
  await openNativeTui(kindsOf([native], false, context), {}, context);
  process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
}

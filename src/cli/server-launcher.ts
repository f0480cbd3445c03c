/**
 * How the hmux server opens a session: the same preparation `hmux session` makes (the launch
 * pipeline, the config policy, journal-id resume), then the session runtime, journaled. The
 * server's own environment is the harness's base environment (the environment of the client
 * that started the server), and each session works in the cwd its client asked for. A native
 * session (a harness's own UI or a shell in a pty) is opened as the TUI opens a native pane.
 */
import type { SessionHandle } from "../core/exec/session-types.js";
import { HookServer } from "../native/hooks/hook-server.js";
import type { CreateOptions } from "../server/protocol.js";
import type { Launcher } from "../server/session-table.js";
import { launchSession } from "../session/launch.js";
import { FreshState, prepare, type SessionFlags } from "./commands/session.js";
import type { CliContext } from "./context.js";

export function sessionFlagsOf(cwd: string, o: CreateOptions): SessionFlags {
  return {
    json: true,
    cwd,
    ...(o.model !== undefined ? { model: o.model } : {}),
    ...(o.effort !== undefined ? { effort: o.effort } : {}),
    ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
    ...(o.isolate !== undefined ? { isolate: o.isolate } : {}),
    ...(o.approvals !== undefined ? { approvals: o.approvals } : {}),
    ...(o.stallSeconds !== undefined ? { stall: String(o.stallSeconds) } : {}),
    ...(o.decisionBudgetMs !== undefined ? { decisionBudget: String(o.decisionBudgetMs) } : {}),
    ...(o.escalateQuestions !== undefined ? { escalateQuestions: o.escalateQuestions } : {}),
    ...(o.resume !== undefined ? { resume: o.resume } : {}),
  };
}

export function serverLauncher(context: CliContext): Launcher {
  // One hook listener for the server's native harness sessions, started with the first of them.
  let hooks: Promise<HookServer> | undefined;
  const native = { registry: context.registry, launch: context.launch, hostEnv: context.env };
  return (spec) => {
    // Loaded on first use: the native pane's port comes with UI modules no other command needs.
    if (spec.native)
      return import("../app/server-native-session.js").then(({ launchServerNative }) =>
        launchServerNative(spec, { ...native, hooks: () => (hooks ??= HookServer.start()) }),
      );
    const prepared = prepare(spec.harness, sessionFlagsOf(spec.cwd, spec.options), context);
    // Kept only if the session became resumable, as `hmux session` keeps it (the server always journals).
    const fresh = prepared.freshState ? new FreshState(prepared.freshState, true) : null;
    let handle: SessionHandle;
    try {
      handle = launchSession({ ...prepared.launch, journal: true }, context.session);
    } catch (err) {
      fresh?.release();
      throw err;
    }
    if (fresh) {
      handle.subscribe((event) => fresh.saw(event));
      void handle.closed.then(() => fresh.release());
    }
    return { handle, cwd: prepared.launch.cwd, notes: prepared.untrusted };
  };
}

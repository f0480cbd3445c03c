/**
 * How the hmux server opens a session: the same preparation `hmux session` makes (the launch
 * pipeline, the config policy, journal-id resume), then the session runtime, journaled. The
 * server's own environment is the harness's base environment (the environment of the client
 * that started the server), and each session works in the cwd its client asked for — or in its
 * own git worktree (`hmux new --worktree`, config workspace.worktree "auto"), held by the server
 * while the session lives, its setup command's output returned to the client as notes. A native
 * session (a harness's own UI or a shell in a pty) is opened as the TUI opens a native pane.
 */
import { randomUUID } from "node:crypto";
import type { SessionHandle } from "../core/exec/session-types.js";
import { HookServer } from "../native/hooks/hook-server.js";
import { nativeKinds, SHELL_KIND } from "../native/native-plan.js";
import type { CreateOptions } from "../server/protocol.js";
import type { Launched, Launcher } from "../server/session-table.js";
import { launchSession } from "../session/launch.js";
import {
  abandonWorkspace,
  claimWorkspaceAt,
  openWorkspace,
  releaseWorkspace,
  setUpWorkspace,
  snapshotTurn,
  type WorkspaceLease,
} from "../workspace/lease.js";
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
    ...(o.worktree !== undefined ? { worktree: o.worktree } : {}),
    ...(o.base !== undefined ? { base: o.base } : {}),
  };
}

export function serverLauncher(context: CliContext): Launcher {
  // One hook listener for the server's native harness sessions, started with the first of them.
  let hooks: Promise<HookServer> | undefined;
  const native = { registry: context.registry, launch: context.launch, hostEnv: context.env };
  return async (spec) => {
    // Loaded on first use: a native session's terminal emulator is a module no other session needs.
    if (spec.native) {
      const [{ launchNative }, { launchNativeRow }, { leashedPty }] = await Promise.all([
        import("../main/native-launch.js"),
        import("../server/native-launcher.js"),
        import("../spawn/native-pty.js"),
      ]);
      return launchNativeRow(spec, {
        kinds: nativeKinds(context.registry),
        open: async (request) =>
          launchNative(request, {
            ...native,
            clock: context.clock,
            // The pty leash: whatever the pane starts goes with it, and with the server (pty-leash.mjs).
            spawn: leashedPty(),
            // A shell reports no state, so it starts no hook server.
            ...(request.kind !== SHELL_KIND ? { hooks: await (hooks ??= HookServer.start()) } : {}),
          }),
      });
    }
    const flags = sessionFlagsOf(spec.cwd, spec.options);
    // A resumed session returns to its own folder (its worktree, if it had one) and holds it again.
    const lease =
      flags.resume !== undefined
        ? resumedIn(context, spec.harness, spec.cwd, flags.resume)
        : await openServerWorkspace(context, spec.harness, flags);
    try {
      return await launchIn(context, spec.harness, flags, lease);
    } catch (err) {
      if (lease) await abandonWorkspace(context.workspace, lease);
      throw err;
    }
  };
}

function resumedIn(
  context: CliContext,
  harness: string,
  cwd: string,
  sessionId: string,
): (WorkspaceLease & { readonly sessionId: string }) | null {
  const lease = claimWorkspaceAt(context.workspace, cwd, { harness, sessionId });
  return lease ? { ...lease, sessionId } : null;
}

async function openServerWorkspace(
  context: CliContext,
  harness: string,
  flags: SessionFlags,
): Promise<(WorkspaceLease & { readonly sessionId: string }) | null> {
  context.launch.harness(harness); // an unknown harness is refused before a worktree is made
  // The id is fixed here so the workspace registry names the session that holds the worktree.
  const sessionId = randomUUID();
  const lease = await openWorkspace(context.workspace, {
    cwd: flags.cwd ?? process.cwd(),
    flag: flags.worktree,
    ...(flags.base !== undefined ? { base: flags.base } : {}),
    harness,
    sessionId,
    configs: context.launch.configFiles(flags.cwd ?? process.cwd()),
  });
  return lease ? { ...lease, sessionId } : null;
}

async function launchIn(
  context: CliContext,
  harness: string,
  flags: SessionFlags,
  lease: (WorkspaceLease & { readonly sessionId: string }) | null,
): Promise<Launched> {
  const prepared = prepare(
    harness,
    lease && flags.resume === undefined ? { ...flags, cwd: lease.entry.path, sessionId: lease.sessionId } : flags,
    context,
    lease,
  );
  const notes = [...(lease?.notes ?? []), ...prepared.untrusted];
  if (lease?.fresh && lease.settings.setup !== undefined) {
    notes.push(`workspace setup: ${lease.settings.setup}`);
    let pending = "";
    const take = (text: string) => {
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) notes.push(`setup| ${line}`);
    };
    await setUpWorkspace(context.workspace, lease, take);
    if (pending !== "") notes.push(`setup| ${pending}`);
  }
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
  if (lease) {
    // Each turn's start is recorded for `hmux diff --turn` and the changes view; the worktree stays after the session.
    handle.subscribe((event) => {
      if (event.kind === "turn") void snapshotTurn(context.workspace, lease, event.turnId);
    });
    void handle.closed.then(() => releaseWorkspace(context.workspace, lease));
  }
  const e = lease?.entry;
  const workspace = e ? { name: e.name, branch: e.branch, base: e.base, repo: e.repo, path: e.path } : undefined;
  return {
    handle,
    cwd: prepared.launch.cwd,
    notes,
    settings: prepared.settings,
    ...(workspace ? { workspace } : {}),
  };
}

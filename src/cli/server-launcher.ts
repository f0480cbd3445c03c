/**
 * How the hmux server opens a session: the server's create and resume ops stated as a launch
 * request (the same launch() `hmux session` makes: the pipeline, the config policy, journal-id
 * resume, the worktree held by the session's id, its setup's output as notes, the journal). The
 * server's own environment is the harness's base environment (the environment of the client that
 * started the server), and each session works in the cwd its client asked for, or in its own git
 * worktree (`hmux new --worktree`, config workspace.worktree "auto"). A native session (a
 * harness's own UI or a shell in a pty) is opened as a native pane is.
 */
import { launch } from "../launch/launch.js";
import type { SessionLaunchRequest } from "../launch/types.js";
import { contextFor } from "../main/context.js";
import type { CreateSpec, Launched, Launcher } from "../server/session-table.js";
import type { CliContext } from "./context.js";
import { sessionSupport } from "./session-support.js";

/** A create or resume op as a launch request: typed options straight to typed settings. */
export function serverLaunchRequest(spec: CreateSpec): SessionLaunchRequest {
  const o = spec.options;
  // A resumed session returns to its own folder (its worktree, if it had one) and holds it again.
  const resuming = o.resume !== undefined;
  return {
    kind: resuming ? "server-resume" : "server-create",
    harness: spec.harness,
    cwd: spec.cwd,
    cwdGiven: true,
    args: {
      ...(o.model !== undefined ? { model: o.model } : {}),
      ...(o.effort !== undefined ? { effort: o.effort } : {}),
      ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
      ...(o.isolate ? { isolate: true } : {}),
      ...(o.stallSeconds !== undefined ? { stallSeconds: o.stallSeconds } : {}),
      ...(o.escalateQuestions !== undefined ? { escalateQuestions: o.escalateQuestions } : {}),
      ...(o.harnessOptions !== undefined ? { harnessOptions: o.harnessOptions } : {}),
    },
    workspace: resuming ? "its-own" : { flag: o.worktree, ...(o.base !== undefined ? { base: o.base } : {}) },
    ...(o.resume !== undefined ? { resume: o.resume } : {}),
    approvals: o.approvals ?? "ask",
    requiredControls: [],
    ...(o.decisionBudgetMs !== undefined ? { decisionBudgetMs: o.decisionBudgetMs } : {}),
    // The server always journals: its sessions outlive their clients and a restart restores them.
    journal: true,
  };
}

/** Each launch with the registry in force in its cwd now (src/main/registry-source.ts): a config's harness added or removed since the server started counts. */
export function serverLauncher(server: CliContext): Launcher {
  let native: ((spec: CreateSpec, context: CliContext) => Promise<Launched>) | undefined;
  return async (spec): Promise<Launched> => {
    const context = await contextFor(server, spec.cwd);
    // Loaded on first use: a native session's terminal emulator is a module no other session needs.
    if (spec.native) {
      native ??= (await import("../main/server-native-row.js")).serverNativeRows();
      return native(spec, context);
    }
    const launched = await launch(serverLaunchRequest(spec), context);
    const e = launched.lease?.entry;
    const support = sessionSupport(context.registry, launched.harness);
    return {
      handle: launched.handle,
      cwd: launched.cwd,
      notes: launched.notes,
      settings: launched.settings,
      ...(support ? { support } : {}),
      ...(e ? { workspace: { name: e.name, branch: e.branch, base: e.base, repo: e.repo, path: e.path } } : {}),
    };
  };
}

/**
 * The workspace steps of a launch, in the order launch() takes them: open (or, for a resumed
 * session, hold again) the worktree under the session's id, run its setup command once the plan
 * stands — before the harness starts, its output as notes — snapshot each turn as it begins, and
 * at the end release the hold, or abandon a worktree this launch made when the launch is refused.
 */
import {
  abandonWorkspace,
  claimWorkspaceAt,
  openWorkspace,
  releaseWorkspace,
  setUpWorkspace,
  snapshotTurn,
  type WorkspaceLease,
} from "../workspace/lease.js";
import type { LaunchPorts, WorkspaceChoice } from "./types.js";

export async function openLease(
  choice: WorkspaceChoice,
  who: { readonly cwd: string; readonly harness: string; readonly sessionId: string },
  ports: Pick<LaunchPorts, "workspace" | "launch">,
  note: (line: string) => void,
): Promise<WorkspaceLease | null> {
  const lease =
    choice === "its-own"
      ? claimWorkspaceAt(ports.workspace, who.cwd, { harness: who.harness, sessionId: who.sessionId })
      : await openWorkspace(ports.workspace, {
          cwd: who.cwd,
          flag: choice.flag,
          ...(choice.base !== undefined ? { base: choice.base } : {}),
          harness: who.harness,
          sessionId: who.sessionId,
          configs: ports.launch.configFiles(who.cwd),
        });
  for (const line of lease?.notes ?? []) note(line);
  return lease;
}

/** The setup command of a worktree this launch made, each line of its output a note as it arrives. */
export async function setUpLease(
  lease: WorkspaceLease,
  ports: Pick<LaunchPorts, "workspace">,
  note: (line: string) => void,
): Promise<void> {
  if (lease.settings.setup === undefined || !lease.fresh) return;
  note(`workspace setup: ${lease.settings.setup}`);
  let pending = "";
  await setUpWorkspace(ports.workspace, lease, (text) => {
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) note(`setup| ${line}`);
  }).finally(() => {
    if (pending !== "") note(`setup| ${pending}`);
  });
}

/** Records the worktree as a turn begins; a failure is a note (it costs the per-turn view, not the session). */
export async function snapshotLease(
  lease: WorkspaceLease,
  turnId: string,
  ports: Pick<LaunchPorts, "workspace">,
  note: (line: string) => void,
): Promise<void> {
  const problem = await snapshotTurn(ports.workspace, lease, turnId);
  if (problem) note(problem);
}

export function releaseLease(lease: WorkspaceLease | null, ports: Pick<LaunchPorts, "workspace">): void {
  if (lease) releaseWorkspace(ports.workspace, lease);
}

export async function abandonLease(lease: WorkspaceLease | null, ports: Pick<LaunchPorts, "workspace">): Promise<void> {
  if (lease) await abandonWorkspace(ports.workspace, lease);
}

/**
 * Config `workspace`, resolved project > user. Whether a launch gets a worktree may come from
 * either tier; where worktrees live and the setup command (which runs a program) come from a
 * project config only when the user trusts that project — a cloned repository must not be able
 * to run commands or write outside itself just by being opened.
 */
import type { LoadedConfigs } from "../core/config/load.js";
import { DEFAULT_SETUP_TIMEOUT_SECONDS, type WorkspaceConfig } from "../core/config/workspace-schema.js";
import type { ProvenanceTier } from "../core/options/types.js";

export interface WorkspaceSettings {
  readonly worktree: "auto" | "off";
  /** Which tier said "auto" (for provenance), when one did. */
  readonly worktreeTier?: ProvenanceTier;
  readonly root?: string;
  readonly setup?: string;
  readonly setupTimeoutSeconds: number;
  /** Lines for stderr: project settings not applied because the project is not trusted. */
  readonly notes: readonly string[];
}

export function resolveWorkspaceSettings(
  configs: Pick<LoadedConfigs, "user" | "project" | "projectTrust">,
): WorkspaceSettings {
  const user: WorkspaceConfig = configs.user?.workspace ?? {};
  const project: WorkspaceConfig = configs.project?.workspace ?? {};
  const trusted = configs.projectTrust.trusted;
  const notes: string[] = [];
  for (const key of ["root", "setup", "setupTimeout"] as const) {
    if (!trusted && project[key] !== undefined)
      notes.push(
        `untrusted: project config "workspace.${key}" ignored; trust the project in your user config ("trustedProjects") to apply it`,
      );
  }
  const pick = <K extends "root" | "setup" | "setupTimeout">(key: K): WorkspaceConfig[K] =>
    (trusted ? project[key] : undefined) ?? user[key];
  const worktree = project.worktree ?? user.worktree ?? "off";
  const worktreeTier: ProvenanceTier | undefined =
    project.worktree !== undefined ? "project-config" : user.worktree !== undefined ? "user-config" : undefined;
  const root = pick("root");
  const setup = pick("setup");
  return {
    worktree,
    ...(worktreeTier ? { worktreeTier } : {}),
    ...(root !== undefined ? { root } : {}),
    ...(setup !== undefined ? { setup } : {}),
    setupTimeoutSeconds: pick("setupTimeout") ?? DEFAULT_SETUP_TIMEOUT_SECONDS,
    notes,
  };
}

/**
 * Where workspace state lives. XDG_STATE_HOME (default ~/.local/state; a relative value is ignored,
 * as the XDG spec says) holds `hmux/workspaces.json` (the registry) and, unless config
 * `workspace.root` says otherwise, the worktrees themselves under `hmux/worktrees/<repo>/<name>`.
 */
import { join } from "node:path";
import { WorkspaceError } from "./errors.js";

export type Env = Readonly<Record<string, string | undefined>>;

export function stateBase(env: Env): string {
  const xdg = env.XDG_STATE_HOME;
  return xdg?.startsWith("/") ? xdg : join(env.HOME || "/", ".local", "state");
}

export function registryPath(env: Env): string {
  return join(stateBase(env), "hmux", "workspaces.json");
}

/** The folder that holds every repository's worktrees: config `workspace.root` (~/ expanded) or the XDG default. */
export function worktreesRoot(env: Env, configured?: string): string {
  if (configured === undefined) return join(stateBase(env), "hmux", "worktrees");
  return configured.startsWith("~/") ? join(env.HOME || "/", configured.slice(2)) : configured;
}

/**
 * A workspace name is one path component and the tail of a branch name (`hmux/<name>`): letters,
 * digits, `.`, `_`, `-`, starting with a letter or digit, no `..`, not ending in `.lock`.
 */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkWorkspaceName(name: string): string {
  if (!NAME.test(name) || name.includes("..") || name.endsWith(".lock") || name.endsWith(".")) {
    throw new WorkspaceError(`workspace name ${JSON.stringify(name)} cannot be a folder and branch name`, {
      issue: "invalid-workspace-name",
      hint: "use letters, digits, '.', '_' or '-' (up to 64), starting with a letter or digit, e.g. fix-login",
    });
  }
  return name;
}

export function branchFor(name: string): string {
  return `hmux/${name}`;
}

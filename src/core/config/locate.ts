/**
 * Where the two config files live. Pure path logic: the caller injects `exists`, so the core
 * never touches the file system.
 */

import { dirname, isAbsolute, join } from "node:path";
import { invariant } from "../invariant.js";

export const PROJECT_CONFIG_RELATIVE = join(".hmux", "config.json");

export interface ConfigEnv {
  readonly XDG_CONFIG_HOME?: string;
  readonly HOME?: string;
}

/**
 * `$XDG_CONFIG_HOME/hmux/config.json`, else `$HOME/.config/hmux/config.json`; null when neither
 * is usable. A relative XDG_CONFIG_HOME is ignored, as the XDG base-directory spec requires.
 */
export function userConfigPath(env: ConfigEnv): string | null {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg !== undefined && xdg !== "" && isAbsolute(xdg)) return join(xdg, "hmux", "config.json");
  const home = env.HOME;
  if (home !== undefined && home !== "" && isAbsolute(home)) return join(home, ".config", "hmux", "config.json");
  return null;
}

export interface ProjectConfigLocation {
  /** The directory holding `.git`, or null when cwd is not inside a git work tree. */
  readonly gitRoot: string | null;
  /** `<gitRoot>/.hmux/config.json` when it exists, else null. */
  readonly path: string | null;
}

/**
 * Walk up from `cwd` to the first directory containing `.git` (a directory, or a file in a
 * worktree/submodule) and look for `.hmux/config.json` there. Outside a git work tree there is
 * no project config: a stray `.hmux` in a parent of an unrelated folder is never picked up.
 */
export function locateProjectConfig(cwd: string, exists: (path: string) => boolean): ProjectConfigLocation {
  invariant(isAbsolute(cwd), `locateProjectConfig is given an absolute cwd, not ${JSON.stringify(cwd)}`);
  let dir = cwd;
  for (;;) {
    if (exists(join(dir, ".git"))) {
      const candidate = join(dir, PROJECT_CONFIG_RELATIVE);
      return { gitRoot: dir, path: exists(candidate) ? candidate : null };
    }
    const parent = dirname(dir);
    if (parent === dir) return { gitRoot: null, path: null };
    dir = parent;
  }
}

// Node's on-disk compile cache for hmux's own modules: compiling dist/ and the vendored bundles was the
// largest single cost of a small command's start-up (npm run bench -- startup). The cache lives in the
// user's own cache folder, never a shared /tmp path another user could create first and fill with code.
import { lstatSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/** $XDG_CACHE_HOME/hmux, or ~/.cache/hmux; a relative XDG_CACHE_HOME is ignored, as the XDG spec says. */
export function compileCacheDir(env = process.env, home = homedir()) {
  const base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, ".cache");
  return join(base, "hmux");
}

/**
 * The cache folder, created 0700, or null when it cannot be trusted: not a real directory, owned by
 * someone else, or writable by group or others (anyone who can write it can change what hmux runs).
 */
export function privateCacheDir(dir, uid = process.getuid?.()) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return null;
    if (uid !== undefined && stat.uid !== uid) return null;
    if ((stat.mode & 0o022) !== 0) return null;
    return dir;
  } catch {
    return null;
  }
}

/** Turns the cache on when this Node has it (22.1+) and the folder is private; start-up works without it. */
export async function enableHmuxCompileCache(env = process.env) {
  const module = await import("node:module");
  if (typeof module.enableCompileCache !== "function") return;
  const dir = privateCacheDir(compileCacheDir(env));
  if (dir) module.enableCompileCache(dir);
}

/**
 * V8's code cache for hmux's own modules (Node's `module.enableCompileCache`), kept in
 * `$XDG_CACHE_HOME/hmux/compile-cache` (default `~/.cache/hmux/compile-cache`; a relative value is
 * ignored, as the XDG spec says). A run after the first takes each module's compiled code from it
 * instead of compiling the source again, which is most of what a short command such as `hmux ls`
 * spends beyond starting Node (npm run bench -- startup prints the first, cold run beside the warm
 * ones). Only this process uses it: Node passes it to no child, so a harness hmux spawns keeps its own.
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off. A cache that cannot be made costs nothing but its speed.
 */
import module from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { makePrivateDir } from "./private-dir.js";

type Env = Readonly<Record<string, string | undefined>>;

export function compileCacheDir(env: Env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg?.startsWith("/") ? xdg : join(env.HOME || homedir(), ".cache"), "hmux", "compile-cache");
}

/** Turns the cache on for this process; returns the folder Node writes in, or undefined when it is off. */
export function enableCompileCache(env: Env): string | undefined {
  let umask: number | undefined;
  try {
    const dir = makePrivateDir(compileCacheDir(env));
    // Node makes a folder per Node version in it with the process's umask (its files it writes 0600
    // itself): 077 for this one call makes that folder 0700. Only for the call: a harness started
    // later inherits the umask, and a narrower one would narrow the files it writes into a project.
    umask = process.umask(0o077);
    const { status, directory } = module.enableCompileCache(dir);
    const on = status === module.constants.compileCacheStatus.ENABLED;
    return on || status === module.constants.compileCacheStatus.ALREADY_ENABLED ? directory : undefined;
  } catch {
    return undefined;
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
}

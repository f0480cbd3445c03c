/**
 * The registry for a launch's folder, read again when a config file it comes from changed: the
 * server (and a TUI's in-process one) serves launches for many folders over a long life, so each
 * create, plan and dialog asks for the registry of its own cwd (the user's config and, when that
 * folder's project is trusted, the project's). A read is keyed by which config files are in force
 * there and their mtime and size, so an unchanged config costs a few stats, and a harness added to
 * the user config after the server started is known to the next `hmux new` without a restart.
 * A plugin module's own file is imported once per process (Node caches modules by URL): editing a
 * module's code, not its config entry, still wants a restart.
 */
import { statSync } from "node:fs";
import type { HarnessRegistry } from "../adapters/registry.js";
import { locateProjectConfig, userConfigPath } from "../core/config/locate.js";
import { configEntryExists } from "./config-file-reader.js";
import { loadRegistry, type ModuleImporter } from "./load-registry.js";

/** The registry in force for launches in a folder. */
export type RegistrySource = (cwd: string) => Promise<HarnessRegistry>;

/** How many distinct config states are kept: a few projects' worth; the oldest is read again. */
const KEPT = 16;

/** A file's identity for the cache: absent, or its mtime and size. */
function stamp(path: string | null): string {
  if (path === null) return "-";
  try {
    const s = statSync(path);
    return `${path}@${s.mtimeMs}:${s.size}`;
  } catch {
    return `${path}@absent`;
  }
}

/** A registry source over the config files under `env`'s HOME/XDG and each cwd's project. */
export function configRegistrySource(
  env: Readonly<Record<string, string | undefined>>,
  importModule?: ModuleImporter,
): RegistrySource {
  const kept = new Map<string, Promise<HarnessRegistry>>();
  const configEnv = { XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, HOME: env.HOME };
  return (cwd) => {
    const project = locateProjectConfig(cwd, configEntryExists);
    const key = `${stamp(userConfigPath(configEnv))}|${project.gitRoot ?? "-"}|${stamp(project.path)}`;
    const known = kept.get(key);
    if (known) return known;
    const loading = loadRegistry(cwd, env, importModule);
    kept.set(key, loading);
    // A failed read is not kept: the next launch tries again.
    loading.catch(() => kept.delete(key));
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    return loading;
  };
}

/** A source that always answers one registry: a caller (a test, a fixed composition) that handed its own. */
export function fixedRegistrySource(registry: HarnessRegistry): RegistrySource {
  return () => Promise.resolve(registry);
}

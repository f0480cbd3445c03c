/**
 * The real ports of the launch pipeline: the adapter registry, the file system, the config files,
 * the binary resolver and the host's facts. Every entry point gets them from here; each adds only
 * where its isolated state lives.
 */
import { existsSync, statSync } from "node:fs";
import type { HarnessRegistry } from "../adapters/registry.js";
import type { LaunchPorts } from "../core/launch/types.js";
import { resolveBinary } from "../spawn/binaries.js";
import { loadConfigFiles } from "./config-files.js";

/** Everything but the state dir, which each entry point places (and creates) its own way. */
export type SharedLaunchPorts = Omit<LaunchPorts, "stateDir">;

export function realLaunchPorts(
  env: Readonly<Record<string, string | undefined>>,
  registry: HarnessRegistry,
): SharedLaunchPorts {
  return {
    harness: (name) => registry.require(name),
    harnesses: () => registry.adapters,
    isDirectory: (path) => existsSync(path) && statSync(path).isDirectory(),
    configFiles: (cwd) => loadConfigFiles(cwd, env, registry.toolRules),
    binary: (harness) => resolveBinary(registry.get(harness), { env }),
    host: { isRoot: process.getuid?.() === 0, env },
  };
}

/** The node:fs reader behind the core's loadConfigTiers (the core only locates, parses and resolves). */
import { type LoadedConfigs, loadConfigTiers } from "../core/config/load.js";
import type { HarnessToolRules } from "../core/config/tool-names.js";
import { nodeConfigReader } from "./config-file-reader.js";

/** Throws ConfigError (naming file and key) on a bad file: config parsing is hard-fail. */
export function loadConfigFiles(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  /** What each registered harness's toolMap may hold: the registry in force's. */
  harnesses: readonly HarnessToolRules[],
): LoadedConfigs {
  return loadConfigTiers({
    env: { XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, HOME: env.HOME },
    cwd,
    reader: nodeConfigReader,
    harnesses,
  });
}

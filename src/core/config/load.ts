/**
 * Find, read and parse both config tiers through an injected reader (the CLI passes node:fs;
 * tests pass a map). Any unreadable or invalid file is a ConfigError naming it: a config that
 * exists is never silently skipped.
 */

import { ConfigError, ConfigFileRefusal } from "./errors.js";
import { type ConfigEnv, locateProjectConfig, userConfigPath } from "./locate.js";
import { parseConfig } from "./parse.js";
import type { Config } from "./schema.js";
import type { HarnessToolRules } from "./tool-names.js";
import { type ProjectTrust, projectTrust } from "./trust.js";

export interface ConfigReader {
  /** Whether anything is at the path, a dangling symlink included (reading it then says why). */
  exists(path: string): boolean;
  /**
   * UTF-8 text of the file; may throw (permission denied, a directory, …), a ConfigFileRefusal
   * when the path holds what is not to be read (a FIFO, a device, an oversize file).
   */
  readText(path: string): string;
}

export interface LoadedConfigs {
  readonly user?: Config;
  readonly project?: Config;
  readonly userPath: string | null;
  readonly projectPath: string | null;
  readonly gitRoot: string | null;
  /**
   * Whether the user config trusts this project (its git root in `trustedProjects`). Pass it to
   * resolveTurnOptions / resolveConfigSettings: without it a project config only narrows.
   */
  readonly projectTrust: ProjectTrust;
}

export function loadConfigTiers(input: {
  readonly env: ConfigEnv;
  readonly cwd: string;
  readonly reader: ConfigReader;
  /** The registered harnesses' toolMap rules. */
  readonly harnesses: readonly HarnessToolRules[];
}): LoadedConfigs {
  const { env, cwd, reader, harnesses } = input;
  const userCandidate = userConfigPath(env);
  const userPath = userCandidate !== null && reader.exists(userCandidate) ? userCandidate : null;
  const located = locateProjectConfig(cwd, (p) => reader.exists(p));
  const user = userPath ? readOne(userPath, reader, harnesses) : undefined;
  const project = located.path ? readOne(located.path, reader, harnesses) : undefined;
  return {
    ...(user ? { user } : {}),
    ...(project ? { project } : {}),
    userPath,
    projectPath: located.path,
    gitRoot: located.gitRoot,
    projectTrust: projectTrust({
      userTrustedProjects: user?.trustedProjects,
      root: located.gitRoot,
      userConfigPath: userCandidate,
    }),
  };
}

function readOne(path: string, reader: ConfigReader, harnesses: readonly HarnessToolRules[]): Config {
  let text: string;
  try {
    text = reader.readText(path);
  } catch (err) {
    if (err instanceof ConfigFileRefusal) {
      throw new ConfigError(path, [{ kind: err.kind, keyPath: "", message: `refused: ${err.reason}` }]);
    }
    const why = err instanceof Error ? err.message : String(err);
    throw new ConfigError(path, [{ kind: "unreadable", keyPath: "", message: `cannot read the config file (${why})` }]);
  }
  const result = parseConfig(text, path, harnesses);
  if (!result.ok) throw result.error;
  return result.config;
}

/** Reads the user and project config files for a run (the core only parses and resolves). */
import { existsSync, readFileSync } from "node:fs";
import { locateProjectConfig, userConfigPath } from "../core/config/locate.js";
import { parseConfigOrThrow } from "../core/config/parse.js";
import type { Config } from "../core/config/schema.js";

export interface LoadedConfig {
  readonly user?: Config;
  readonly project?: Config;
  readonly userPath: string | null;
  readonly projectPath: string | null;
}

/** Throws ConfigError (naming file and key) on a bad file: config parsing is hard-fail. */
export function loadConfigFiles(cwd: string, env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const userPath = userConfigPath({ XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, HOME: env.HOME });
  const { path: projectPath } = locateProjectConfig(cwd, existsSync);
  const read = (path: string | null): Config | undefined =>
    path !== null && existsSync(path) ? parseConfigOrThrow(readFileSync(path, "utf8"), path) : undefined;
  const user = read(userPath);
  const project = read(projectPath);
  return {
    userPath: user ? userPath : null,
    projectPath: project ? projectPath : null,
    ...(user ? { user } : {}),
    ...(project ? { project } : {}),
  };
}

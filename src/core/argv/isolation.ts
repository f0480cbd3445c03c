/**
 * Per-session isolation: HOME and every harness's config dir below the state dir the
 * execution layer created, so a run never reads or writes the user's real CLI state
 * (docs/harness-facts.md#home-writes: even `--version` writes into the CLI's home).
 */
import type { HarnessDescriptor } from "../descriptor.js";
import { refusal } from "./refusals.js";

export interface IsolatedDirs {
  readonly home: string;
  readonly claudeConfig: string;
  readonly codexHome: string;
  readonly piAgent: string;
  readonly xdgConfig: string;
}

export function joinPath(base: string, ...parts: string[]): string {
  return [base.replace(/\/+$/, ""), ...parts].join("/");
}

export function isolatedDirs(stateDir: string): IsolatedDirs {
  const home = joinPath(stateDir, "home");
  return {
    home,
    claudeConfig: joinPath(home, ".claude"),
    codexHome: joinPath(home, ".codex"),
    piAgent: joinPath(home, ".pi", "agent"),
    xdgConfig: joinPath(home, ".config"),
  };
}

/** The env that points every harness below the state dir (set for all: harmless, uniform). */
export function isolationEnv(dirs: IsolatedDirs): Record<string, string> {
  return {
    HOME: dirs.home,
    CLAUDE_CONFIG_DIR: dirs.claudeConfig,
    CODEX_HOME: dirs.codexHome,
    PI_CODING_AGENT_DIR: dirs.piAgent,
    XDG_CONFIG_HOME: dirs.xdgConfig,
  };
}

export function isolationDirList(dirs: IsolatedDirs): string[] {
  return [dirs.home, dirs.claudeConfig, dirs.codexHome, dirs.piAgent, dirs.xdgConfig];
}

/** The state dir, checked: absolute, no NUL. Required by --isolate and by file-based endpoints. */
export function requireStateDir(
  self: HarnessDescriptor,
  stateDir: string | undefined,
  option: "isolate" | "endpoint",
): string {
  if (stateDir?.startsWith("/") && !stateDir.includes("\0")) return stateDir;
  throw refusal(
    self,
    "invalid-option-value",
    option,
    stateDir === undefined
      ? `${option} on ${self.name} needs a per-session state dir and none was created`
      : `state dir ${JSON.stringify(stateDir)} is not an absolute path`,
    ["TurnRequest.stateDir: an absolute directory the execution layer created"],
    "the execution layer creates the state dir for --isolate and --endpoint runs; this is an hmux bug if you see it from the CLI",
  );
}

/** The real ports workspaces run on: git from PATH, a pipe spawner for setup commands, the registry under XDG state. */

import { createGitRunner } from "../spawn/git-runner.js";
import { createPipeSpawner } from "../spawn/pipes.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import { WorkspaceRegistry } from "../workspace/registry.js";
import { systemBlockingClock, systemClock } from "./system-clock.js";

export function realWorkspacePorts(env: Readonly<Record<string, string | undefined>>): WorkspacePorts {
  return {
    git: createGitRunner({ env }),
    spawner: () => createPipeSpawner(),
    clock: systemClock,
    env,
    pid: process.pid,
    registry: () => new WorkspaceRegistry(env, systemBlockingClock),
  };
}

/** The real ports a session runs on: a pipe spawner per session, the system clock, node's file system. */
import type { SessionPorts } from "../session/launch.js";
import { nodeFileSystem } from "../spawn/fs.js";
import { createPipeSpawner } from "../spawn/pipes.js";
import { systemClock } from "./system-clock.js";

export function realSessionPorts(): SessionPorts {
  return { spawner: () => createPipeSpawner(), clock: systemClock, fs: nodeFileSystem };
}

/**
 * The composition root: the one place that builds hmux's real ports (the adapter registry, the
 * spawners, the clock, the file system, the binary resolver, the config files) and hands them, as
 * one context, to the CLI commands and the TUI. Nothing below it reaches for a real port itself.
 */
import type { Clock, FileSystemPort, Spawner } from "../core/exec/ports.js";
import type { SessionPorts } from "../session/launch.js";
import { systemClock } from "../spawn/clock.js";
import { nodeFileSystem } from "../spawn/fs.js";
import { createPipeSpawner } from "../spawn/pipes.js";
import { createPtySpawner } from "../spawn/pty.js";
import { realLaunchPorts, type SharedLaunchPorts } from "./launch-ports.js";
import { loadOpenTui } from "./load-open-tui.js";
import { realSessionPorts } from "./session-ports.js";

export interface AppContext {
  /** Everything after the first `--` on the command line: native passthrough for the harness. */
  readonly passthrough: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** The launch pipeline's ports (prepareLaunch); each entry point adds where its state lives. */
  readonly launch: SharedLaunchPorts;
  readonly spawners: { readonly pipe: () => Spawner; readonly pty: () => Spawner };
  readonly clock: Clock;
  readonly fs: FileSystemPort;
  /** What a session runs on: pipes, the clock, the file system. */
  readonly session: SessionPorts;
  /** The TUI, loaded lazily so `hmux run` never pays for React. */
  readonly loadOpenTui: typeof loadOpenTui;
}

export function createAppContext(passthrough: readonly string[], env: NodeJS.ProcessEnv = process.env): AppContext {
  return {
    passthrough,
    env,
    launch: realLaunchPorts(env),
    spawners: { pipe: () => createPipeSpawner(), pty: () => createPtySpawner() },
    clock: systemClock,
    fs: nodeFileSystem,
    session: realSessionPorts(),
    loadOpenTui,
  };
}

/**
 * The composition root: the one place that builds hmux's real ports (the adapter registry, the
 * spawners, the clock, the file system, the binary resolver, the config files, git) and hands them, as
 * one context, to the CLI commands and the TUI. Nothing below it reaches for a real port itself.
 */
import { builtinRegistry, type HarnessRegistry } from "../adapters/registry.js";
import type { Clock, FileSystemPort, Spawner } from "../core/exec/ports.js";
import type { SessionPorts } from "../session/launch.js";
import { nodeFileSystem } from "../spawn/fs.js";
import { sweepStaleTempDirs } from "../spawn/owned-temp-dir.js";
import { createPipeSpawner } from "../spawn/pipes.js";
import { createPtySpawner } from "../spawn/pty.js";
import type { WorkspacePorts } from "../workspace/lease.js";
import { realLaunchPorts, type SharedLaunchPorts } from "./launch-ports.js";
import { loadOpenTui } from "./load-open-tui.js";
import { type HmuxPaths, hmuxPaths } from "./paths.js";
import { configRegistrySource, fixedRegistrySource, type RegistrySource } from "./registry-source.js";
import { realSessionPorts } from "./session-ports.js";
import { systemClock } from "./system-clock.js";
import { realWorkspacePorts } from "./workspace-ports.js";

export interface AppContext {
  /** Everything after the first `--` on the command line: native passthrough for the harness. */
  readonly passthrough: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly paths: HmuxPaths;
  /** The harnesses this process knows: every name a command accepts, every adapter it runs. */
  readonly registry: HarnessRegistry;
  /**
   * The registry in force for a launch in another folder, read again when its config files change:
   * what a server (or a TUI's in-process one) uses per request (contextFor). The CLI's own launch
   * has its folder's already (loadAppContext is given the launch's cwd).
   */
  readonly registryFor: RegistrySource;
  /** The launch pipeline's ports (prepareLaunch); each entry point adds where its state lives. */
  readonly launch: SharedLaunchPorts;
  readonly spawners: { readonly pipe: () => Spawner; readonly pty: () => Spawner };
  readonly clock: Clock;
  readonly fs: FileSystemPort;
  /** What a session runs on: pipes, the clock, the file system. */
  readonly session: SessionPorts;
  /** git (through the CLI), the registry and a spawner for setup commands: what workspaces run on. */
  readonly workspace: WorkspacePorts;
  /** The TUI, loaded lazily so `hmux run` never pays for React. */
  readonly loadOpenTui: typeof loadOpenTui;
}

export interface AppOptions {
  readonly passthrough?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** The built-in harnesses unless a caller registers more (registryWith: a test's fake CLI, a plugin). */
  readonly registry?: HarnessRegistry;
  /** Where launches in other folders get theirs; by default always `registry`. */
  readonly registryFor?: RegistrySource;
}

/**
 * The context of a process started from the command line (every hmux command, the server among
 * them): its registry is the built-ins plus what the config files register (load-registry.ts),
 * unless the caller hands one.
 */
export async function loadAppContext(options: AppOptions = {}, cwd: string = process.cwd()): Promise<AppContext> {
  // A command that may start harnesses first clears the temp dirs a SIGKILLed hmux left.
  sweepStaleTempDirs();
  const env = options.env ?? process.env;
  if (options.registry) return createAppContext(options);
  const registryFor = configRegistrySource(env);
  return createAppContext({ ...options, registry: await registryFor(cwd), registryFor });
}

export function createAppContext(options: AppOptions = {}): AppContext {
  const env = options.env ?? process.env;
  const registry = options.registry ?? builtinRegistry;
  return {
    passthrough: options.passthrough ?? [],
    env,
    paths: hmuxPaths(env),
    registry,
    registryFor: options.registryFor ?? fixedRegistrySource(registry),
    launch: realLaunchPorts(env, registry),
    spawners: { pipe: () => createPipeSpawner(), pty: () => createPtySpawner() },
    clock: systemClock,
    fs: nodeFileSystem,
    session: realSessionPorts(),
    workspace: realWorkspacePorts(env),
    loadOpenTui,
  };
}

/**
 * `context` for a launch in `cwd`: the registry in force there (its config files as they are now)
 * and the launch ports over it. The same context when nothing differs.
 */
export async function contextFor<C extends AppContext>(context: C, cwd: string): Promise<C> {
  const registry = await context.registryFor(cwd);
  if (registry === context.registry) return context;
  return { ...context, registry, launch: realLaunchPorts(context.env, registry) };
}

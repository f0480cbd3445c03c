/**
 * What a command that runs without the composition root's context is handed (hmux ls, sessions,
 * server, inbox, decide, audit): the environment the entry point was given, the real clock and the
 * server's paths read from that environment. Light on purpose: none of the registry, the spawners,
 * the journal or the config files, whose loading was most of a small command's start-up.
 */
import type { Clock } from "../core/exec/ports.js";
import { type ServerPaths, serverPaths } from "../server/paths.js";
import { systemClock } from "./system-clock.js";

/** A part of the context (src/main/context.ts), so a command given the whole context may pass it on. */
export interface ProcessBasics {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clock: Clock;
  readonly paths: { readonly server: ServerPaths };
}

export function processBasics(env: ProcessBasics["env"]): ProcessBasics {
  return { env, clock: systemClock, paths: { server: serverPaths(env) } };
}

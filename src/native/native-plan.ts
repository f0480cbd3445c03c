/**
 * What to spawn for a native pane: the harness's interactive UI (or the user's shell), its
 * env, and the files to write first. What the harness adds (hooks passed inline so nothing is
 * written into a user's own config, endpoint wiring, first-run answers) is its adapter's
 * native-pane plan; this file adds the base env, isolation and the hook reporter. With an
 * endpoint, everything runs below a fresh state dir.
 */

import { fileURLToPath } from "node:url";
import type { HarnessRegistry } from "../adapters/registry.js";
import { isolatedDirs, isolationDirList, isolationEnv } from "../core/argv/isolation.js";
import { invariant } from "../core/invariant.js";
import type { LaunchBinary } from "../core/launch/types.js";
import { RefusalError } from "../core/refusal.js";
import { HOOK_EVENTS, type HookEvent } from "./hooks/report-schema.js";

/** The user's own shell, beside the harnesses: a pane kind that is no harness. */
export const SHELL_KIND = "shell";

/** The pane kinds: every harness with a native pane, then the shell. */
export function nativeKinds(registry: HarnessRegistry): string[] {
  return [...registry.adapters.filter((a) => a.native !== null).map((a) => a.name), SHELL_KIND];
}

/** The key a pane's UI treats as "stop what you are doing": the harness's own, Ctrl-C for a shell. */
export function interruptKeyOf(kind: NativeKind, registry: HarnessRegistry): string {
  return kind === SHELL_KIND ? "\u0003" : (registry.get(kind).native?.interruptKey ?? "\u0003");
}
/** A harness name with a native pane, or "shell". */
export type NativeKind = string;

/** The model id the scripted model answers to. */
export const ENDPOINT_MODEL = "hmux-model";

export interface NativePlanRequest {
  readonly kind: NativeKind;
  readonly cwd: string;
  /** The launch plan's harness environment (for the shell: the same builder's, without an endpoint). */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** Resolved harness binary (not needed for the shell). */
  readonly binary?: LaunchBinary;
  readonly endpoint?: URL;
  /** Required with an endpoint: the per-session dir everything is isolated below. */
  readonly stateDir?: string;
  /** HMUX_HOOK_* for this pane; hooks are installed only when given. */
  readonly hookEnv?: Readonly<Record<string, string>>;
  readonly model?: string;
  /** Where the harness is looked up: the registry in force, handed down from the composition root. */
  readonly registry: HarnessRegistry;
}

export interface PlannedFile {
  readonly path: string;
  readonly content: string;
  readonly mode?: number;
}

export interface NativePlan {
  readonly argv: readonly string[];
  readonly env: Record<string, string>;
  readonly files: readonly PlannedFile[];
  readonly dirs: readonly string[];
  /** Whether lifecycle hooks report this pane's state. */
  readonly hooks: boolean;
}

export const REPORT_SCRIPT = fileURLToPath(new URL("./hooks/report.mjs", import.meta.url));

export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function hookCommand(event: HookEvent, nodePath = process.execPath, script = REPORT_SCRIPT): string {
  return `${shellQuote(nodePath)} ${shellQuote(script)} ${event}`;
}

/**
 * The user's environment as the launch plan built it (src/core/launch/harness-env.ts: no hmux
 * variables, no vendor keys when an endpoint would get them), isolated or not: the agent's shell
 * needs it. Isolation moves HOME and the config dirs on top of it.
 */
function baseEnv(host: NativePlanRequest["hostEnv"]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(host)) if (v !== undefined) env[k] = v;
  // The pane is not a tmux client, whatever hmux runs in.
  delete env.TMUX;
  delete env.TMUX_PANE;
  env.TERM = "xterm-256color";
  env.COLORTERM = "truecolor";
  return env;
}

export function planNative(request: NativePlanRequest): NativePlan {
  const { kind, endpoint, registry } = request;
  invariant(!endpoint || request.stateDir, "a native pane with an endpoint is given a state dir");
  const isolated = endpoint !== undefined && kind !== SHELL_KIND;
  const env = baseEnv(request.hostEnv);
  const dirsOf = isolated ? isolatedDirs(request.stateDir!, registry.descriptors) : null;
  const dirs = dirsOf ? isolationDirList(dirsOf) : [];
  if (dirsOf) Object.assign(env, isolationEnv(dirsOf));
  if (kind === SHELL_KIND) {
    const shell = request.hostEnv.SHELL || "/bin/sh";
    return { argv: [shell], env, files: [], dirs, hooks: false };
  }
  const pane = registry.get(kind).native;
  if (!pane) throw new RefusalError(`${kind} has no native pane`, { issue: "no-native-pane", harness: kind });
  const hooks = request.hookEnv !== undefined && pane.hooks;
  if (hooks) Object.assign(env, request.hookEnv);
  const binary = request.binary;
  if (!binary)
    throw new RefusalError(`no ${kind} binary for a native pane`, { issue: "missing-binary", harness: kind });
  const model = request.model ?? (endpoint ? ENDPOINT_MODEL : undefined);
  const planned = pane.plan({
    cwd: request.cwd,
    hostEnv: request.hostEnv,
    hookEvents: HOOK_EVENTS,
    ...(hooks ? { hookCommand: (event: string) => hookCommand(event as HookEvent) } : {}),
    ...(endpoint && dirsOf ? { endpoint, home: dirsOf.home } : {}),
    ...(model ? { model } : {}),
  });
  Object.assign(env, planned.env);
  return { argv: [binary.executable, ...binary.prefixArgs, ...planned.flags], env, files: planned.files, dirs, hooks };
}

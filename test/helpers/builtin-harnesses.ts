/**
 * Views of the built-in registry keyed by the built-in names, for tests that address one
 * harness by name (`DESCRIPTORS.claude`). Derived from src/adapters/registry.ts, never listed
 * beside it: a name the registry drops fails here at load.
 */
import { builtinRegistry } from "../../src/adapters/registry.js";
import type { TurnRequest } from "../../src/core/argv/types.js";
import type { HarnessDescriptor } from "../../src/core/descriptor.js";
import type { Invocation } from "../../src/core/exec/invocation.js";
import type { SessionRequest, SessionSpawnPlan } from "../../src/core/exec/session-plan-types.js";

export const BUILTIN_NAMES = [
  "claude",
  "codex",
  "pi",
  "muse",
  "cursor",
  "opencode",
  "qwen",
  "claude-acp",
  "codex-acp",
  "pi-acp",
] as const;
export type BuiltinHarness = (typeof BUILTIN_NAMES)[number];

function keyed<T>(pick: (name: BuiltinHarness) => T): Readonly<Record<BuiltinHarness, T>> {
  const out = {} as Record<BuiltinHarness, T>;
  for (const name of BUILTIN_NAMES) out[name] = pick(name);
  return Object.freeze(out);
}

/** The registry's names, in its order (the tests' copy above must be exactly these). */
export const HARNESS_NAMES: readonly string[] = builtinRegistry.names;

export const DESCRIPTORS: Readonly<Record<BuiltinHarness, HarnessDescriptor>> = keyed(
  (h) => builtinRegistry.get(h).descriptor,
);

export const planners: Readonly<Record<BuiltinHarness, (request: TurnRequest) => Invocation>> = keyed(
  (h) => builtinRegistry.get(h).planTurn,
);

/** A process session's spawn planner (the harness's one planner, bound by the registry). */
export function sessionPlanner(h: BuiltinHarness): (request: SessionRequest) => SessionSpawnPlan {
  const session = builtinRegistry.get(h).session;
  if (session?.kind !== "process") throw new Error(`${h} has no process session`);
  return session.plan;
}

export const PINNED_VERSIONS = keyed((h) => {
  const a = builtinRegistry.get(h);
  return { ...a.pinned, npmPackage: a.binary.npmPackage, formerNpmPackages: a.binary.formerNpmPackages ?? [] };
});

/** The registry's toolMap rules, for parsing config text in tests. */
export const TOOL_RULES = builtinRegistry.toolRules;

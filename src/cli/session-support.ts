/**
 * What a server session's channel takes from a person, worked out once on the server from the
 * registry it launches with: its row carries it, so a client (one over --host too) offers the keys
 * a harness registered only in the server's config supports, knowing no harness itself.
 */
import type { HarnessRegistry } from "../adapters/registry.js";
import { supportOf } from "../core/exec/input-support.js";
import type { InputSupportSummary } from "../protocol/index.js";

/** The harness's process-session support in `registry`; undefined for one without a process session. */
export function sessionSupport(registry: HarnessRegistry, harness: string): InputSupportSummary | undefined {
  const session = registry.find(harness)?.session;
  return session?.kind === "process" ? supportOf(session.capabilities) : undefined;
}

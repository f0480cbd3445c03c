/**
 * A session's control-plane state as the inspector shows it: the frame in words, the posture,
 * the calls waiting for a decision and the decision census. Made from the handle's snapshot in
 * one place, so a pane on this machine and a pane of a session on the hmux server (which sends
 * it over the wire) show the same thing.
 */
import type { AllowRule } from "../control/allow-rules.js";
import type { PendingCall } from "../control/types.js";
import type { SessionSnapshot } from "./session-types.js";

export interface ControlSnapshot {
  readonly frame: string | null;
  readonly posture: string | null;
  readonly pending: readonly PendingCall[];
  /** Counts per decision/decider, as the control core keeps them. */
  readonly census: Readonly<Record<string, number>>;
  /** The session's "allow always" rules in force: the inspector lists them, and revokes by id. */
  readonly rules?: readonly AllowRule[];
}

export function controlSnapshotOf(
  snap: Pick<SessionSnapshot, "frame" | "posture" | "pending" | "census" | "rules">,
): ControlSnapshot {
  const c = snap.census;
  const census: Record<string, number> = {
    allowed: c.allowed,
    denied: c.denied,
    replaced: c.replaced,
    abstained: c.abstained,
  };
  for (const [decider, n] of Object.entries(c.byDecider)) if (n !== undefined) census[`by-${decider}`] = n;
  const frame = snap.frame
    ? `admits ${snap.frame.admits.join(", ") || "nothing"}${snap.frame.digest ? ` (${snap.frame.digest.slice(0, 12)})` : ""}`
    : null;
  return { frame, posture: snap.posture, pending: snap.pending, census, ...(snap.rules ? { rules: snap.rules } : {}) };
}

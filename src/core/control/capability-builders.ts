/**
 * Harness-neutral pieces each adapter builds its capability rows from (its
 * `src/adapters/<harness>/capabilities.ts`): evidence, facet facts, command deliveries, and the
 * whole row of a harness that offers hmux no per-call channel at all.
 */
import type { Evidence } from "../evidence.js";
import type { HarnessName } from "../harness-names.js";
import type { ChannelCapabilities, CommandDelivery, FacetFact, FacetName, Facets } from "./capabilities.js";
import type { ChannelId, CommandName } from "./machine-types.js";

/** The day the CLIs were driven against the scripted model (docs/harness-facts.md). */
export const DRIVE_DATE = "2026-11-29";
/** The day the control live tests re-probed the rows that cite the current pins. */
export const REPROBE_DATE = "2026-12-01";

export const evidence = (source: Evidence["source"], version: string, ref: string, date = DRIVE_DATE): Evidence => ({
  source,
  date,
  version,
  ref,
});
/** Read, not driven here. */
export const inference = (version: string, ref: string): Evidence => evidence("research", version, ref);

export const fact = (value: boolean, basis: FacetFact["basis"], ev: Evidence, note?: string): FacetFact =>
  note === undefined ? { value, basis, evidence: ev } : { value, basis, evidence: ev, note };

/** Unknown malformed-output behaviour is assumed to fail open, so hmux must emit exact shapes. */
export const assumedFailsOpen = (ev: Evidence): FacetFact =>
  fact(
    true,
    "assumed",
    ev,
    "not probed; assumed to run the call on an unsupported answer, so only exact shapes are ever sent",
  );

/** Every facet, named: a row cannot leave one out. */
export function facets(all: Record<FacetName, FacetFact>): Facets {
  return all;
}

export const delivered = (via: string, ev: Evidence): CommandDelivery => ({ status: "delivered", via, evidence: ev });
export const unverified = (via: string, why: string, ev: Evidence): CommandDelivery => ({
  status: "unverified",
  via,
  why,
  evidence: ev,
});
export const absent = (why: string, ev: Evidence): CommandDelivery => ({ status: "absent", why, evidence: ev });
export const killOnly = (ev: Evidence): CommandDelivery =>
  delivered("kill the process group (the turn is the whole process)", ev);

export interface NoChannelRow {
  readonly id: ChannelId;
  readonly harness: HarnessName;
  readonly mode: string;
  readonly evidence: Evidence;
  readonly basis: FacetFact["basis"];
  /** Why there is no per-call channel: every absent facet and command says it. */
  readonly why: string;
  /** Commands the harness does carry despite having no per-call check. */
  readonly extra?: Partial<Record<CommandName, CommandDelivery>>;
  readonly sandbox?: FacetFact;
}

/** A harness with no per-call channel at all: every facet absent, only the way out. */
export function noChannel(row: NoChannelRow): ChannelCapabilities {
  const { id, harness, mode, evidence: ev, basis, why } = row;
  const none = (name: string) => fact(false, basis, ev, `${name}: ${why}`);
  return {
    id,
    harness,
    mode,
    facets: facets({
      grant: none("grant"),
      deny: none("deny"),
      escalate: none("escalate"),
      humanReviewOnSilence: none("review"),
      sandbox: row.sandbox ?? none("sandbox"),
      continueOnMalformed: fact(true, "assumed", ev, "nothing is read back: every call runs"),
      replace: none("replace"),
      denyReason: none("deny reason"),
      silence: fact(true, "assumed", ev, "hmux says nothing because it cannot"),
    }),
    commands: {
      "tool.decide": absent(why, ev),
      "frame.set": absent(`frame.set needs per-call enforcement; ${why}`, ev),
      "message.inject": absent(
        "one process per turn: text goes with the next turn's prompt, not into a live session",
        ev,
      ),
      steer: absent("one process per turn: nothing to steer into", ev),
      "permission.set": absent("postures are fixed at spawn for a one-process turn", ev),
      interrupt: killOnly(ev),
      halt: killOnly(ev),
      ...row.extra,
    },
    coverage: { value: "none", evidence: ev, note: why },
    postures: [],
    defaultPosture: null,
    shadowingPostures: [],
    harnessTimeoutMs: null,
  };
}

/**
 * What each harness's decision channel can carry, by evidence. The facets: grant (an allow
 * runs the call), deny, escalate (an `ask` hands the call to the harness's own person),
 * human-review-on-silence (saying nothing leaves the call to that person), sandbox and
 * continue-on-malformed (a malformed answer lets the call run), plus three facts: whether
 * `replace` (an updated input) can be carried, whether a deny's reason reaches the model, and
 * whether hmux may answer by saying nothing at all (a hook may; a control request that is never answered holds
 * the turn forever).
 *
 * A facet that was never probed is set to the value that makes hmux do more checking, never
 * less (a capability assumed absent; continue-on-malformed assumed true), and says so.
 *
 * The rows themselves live with their harness (`src/adapters/<harness>/capabilities.ts`); the
 * registry collects them, and everything here reads a row it is handed.
 */
import type { Evidence } from "../evidence.js";
import type { HarnessName } from "../harness-names.js";
import type { ChannelId, CommandName } from "./machine-types.js";

export const FACET_NAMES = [
  "grant",
  "deny",
  "escalate",
  "humanReviewOnSilence",
  "sandbox",
  "continueOnMalformed",
  "replace",
  "denyReason",
  "silence",
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export interface FacetFact {
  readonly value: boolean;
  readonly evidence: Evidence;
  /** "probe" = driven here; "doc"/"research" = read; "assumed" = not established, set conservatively. */
  readonly basis: "probe" | "doc" | "research" | "assumed";
  readonly note?: string;
}
export type Facets = Readonly<Record<FacetName, FacetFact>>;
/** The bare booleans, for the emission function and its property tests. */
export type FacetValues = Readonly<Record<FacetName, boolean>>;

export type CommandDelivery =
  | { readonly status: "delivered"; readonly via: string; readonly evidence: Evidence }
  /** Seen in a schema or a binary, never driven: refused by name until a probe shows it. */
  | { readonly status: "unverified"; readonly via: string; readonly why: string; readonly evidence: Evidence }
  | { readonly status: "absent"; readonly why: string; readonly evidence: Evidence };

export interface ChannelCapabilities {
  readonly id: ChannelId;
  readonly harness: HarnessName;
  /** How hmux runs the harness for this row (argv shape / protocol). */
  readonly mode: string;
  readonly facets: Facets;
  readonly commands: Readonly<Record<CommandName, CommandDelivery>>;
  /**
   * Which tool calls reach the channel at all: "every-call", or "harness-asks-only" when the
   * harness runs some calls without asking anybody (its own safe list, its approval policy).
   */
  readonly coverage: {
    readonly value: "every-call" | "harness-asks-only" | "none";
    readonly evidence: Evidence;
    readonly note: string;
  };
  /** The vendor's permission-posture words permission.set accepts; empty = none. */
  readonly postures: readonly string[];
  /** The posture the harness runs in when hmux names none (checked for SHADOWED at start); null = none. */
  readonly defaultPosture: string | null;
  /** Postures/autonomy under which the harness would run calls without asking hmux: they shadow a check. */
  readonly shadowingPostures: readonly string[];
  /** What to do instead when a shadowing posture is refused at start, added to the SHADOWED reason. */
  readonly shadowingAdvice?: string;
  /** The harness's own wait for a decision in ms; null = waits without limit. */
  readonly harnessTimeoutMs: number | null;
}

export function facetValues(facets: Facets): FacetValues {
  const out = {} as Record<FacetName, boolean>;
  for (const name of FACET_NAMES) out[name] = facets[name].value;
  return out;
}

export function delivers(caps: ChannelCapabilities, command: CommandName): boolean {
  return caps.commands[command].status === "delivered";
}

/** Why a command cannot be honoured on this channel, for an UNSUPPORTED_CONTROL reason. */
export function whyNot(caps: ChannelCapabilities, command: CommandName): string {
  const d = caps.commands[command];
  if (d.status === "delivered") return "";
  const base = `the ${caps.harness} ${caps.mode} channel cannot honour ${command}`;
  return d.status === "unverified" ? `${base}: ${d.via} exists but was never driven (${d.why})` : `${base}: ${d.why}`;
}

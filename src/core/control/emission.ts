/**
 * The emission principle: what is sent to the harness is a function
 * of the call's classification, the verdict (a decision, an abstain, or silence when nobody
 * answered), and what the channel can carry.
 *
 *   safe  + abstain/silence: grant → allow; else silent (nothing to skip).
 *   gated + abstain/silence: escalate → ask; else review-on-silence → silent (the harness's own
 *         prompt is the check); else deny → deny (hmux is the check); else refused: this channel
 *         cannot check the call, which refusalsAtStart reports before the session starts.
 *   allow → allow (or silent where there is no grant and silence runs the call);
 *   deny → deny; replace → replace. A decision the channel cannot carry is refused by name,
 *   never sent in another shape: replace never quietly becomes allow.
 *
 * Load-bearing invariant (checked in emission-invariants.ts): a gated call never runs without
 * some check, and no harness is sent a shape it does not support.
 */
import type { FacetValues } from "./capabilities.js";
import type { Decision } from "./types.js";

export type Classification = "safe" | "gated";
/** What the decider said, or "silence" when nobody answered at all. */
export type Verdict = Decision | { readonly decision: "silence" };

export type EmittedShape = "allow" | "deny" | "replace" | "ask" | "silent";

export type Emission =
  | { readonly kind: "emit"; readonly shape: "allow" }
  | { readonly kind: "emit"; readonly shape: "replace"; readonly input: unknown }
  | { readonly kind: "emit"; readonly shape: "deny"; readonly reason: string }
  | { readonly kind: "emit"; readonly shape: "ask"; readonly reason: string }
  | { readonly kind: "emit"; readonly shape: "silent" }
  /** UNSUPPORTED_CONTROL: this verdict cannot be delivered on this channel; nothing is sent. */
  | { readonly kind: "refuse"; readonly reason: string };

/** The facet a shape needs on the channel. */
export const SHAPE_NEEDS: Readonly<Record<EmittedShape, keyof FacetValues>> = {
  allow: "grant",
  deny: "deny",
  replace: "replace",
  ask: "escalate",
  silent: "silence",
};

export interface EmissionContext {
  /** Names the channel in reasons ("claude stream-json"). */
  readonly channel: string;
  /** Who produced the verdict, for the reason of a deny that stands in for an abstain. */
  readonly decider: string;
}

export function emissionFor(
  classification: Classification,
  verdict: Verdict,
  facets: FacetValues,
  ctx: EmissionContext,
): Emission {
  switch (verdict.decision) {
    case "allow":
      if (facets.grant) return { kind: "emit", shape: "allow" };
      // No grant: saying nothing lets the call run, or hands it to the harness's own person (stricter).
      if (facets.silence) return { kind: "emit", shape: "silent" };
      return { kind: "refuse", reason: `the ${ctx.channel} channel cannot carry an allow` };
    case "deny":
      if (facets.deny) return { kind: "emit", shape: "deny", reason: verdict.reason };
      return { kind: "refuse", reason: `the ${ctx.channel} channel cannot carry a deny` };
    case "replace":
      if (facets.replace) return { kind: "emit", shape: "replace", input: verdict.input };
      return {
        kind: "refuse",
        reason: `the ${ctx.channel} channel cannot carry replace (an updated input); it is refused by name rather than sent as an allow of the original input`,
      };
    case "abstain":
    case "silence":
      return classification === "safe" ? emitSafe(facets, ctx) : emitGated(verdict.decision, facets, ctx);
  }
}

function emitSafe(facets: FacetValues, ctx: EmissionContext): Emission {
  if (facets.grant) return { kind: "emit", shape: "allow" };
  if (facets.silence) return { kind: "emit", shape: "silent" };
  return { kind: "refuse", reason: `the ${ctx.channel} channel can neither grant nor stay silent` };
}

function emitGated(what: "abstain" | "silence", facets: FacetValues, ctx: EmissionContext): Emission {
  const said = what === "abstain" ? `${ctx.decider} abstained` : "nobody answered";
  if (facets.escalate) return { kind: "emit", shape: "ask", reason: `${said}; the harness asks its own person` };
  if (facets.humanReviewOnSilence && facets.silence) return { kind: "emit", shape: "silent" };
  if (facets.deny) {
    return {
      kind: "emit",
      shape: "deny",
      reason: `${said} on a call that needs a check, and nobody else checks it on the ${ctx.channel} channel, so hmux denies it rather than let it run unchecked`,
    };
  }
  return {
    kind: "refuse",
    reason: `the ${ctx.channel} channel offers no check for this call (no deny, no ask, no review on silence)`,
  };
}

/**
 * The checker for the emission principle. It judges an emission against what the harness
 * really does (the TRUE facets), which is how a wrong capability table is caught: emit with the
 * declared facets, judge with the true ones.
 */
import { FACET_NAMES, type FacetValues } from "./capabilities.js";
import { type Classification, type Emission, emissionFor, SHAPE_NEEDS, type Verdict } from "./emission.js";

/** What happens to the call once the harness receives the emission. */
export type Outcome =
  | "runs-as-decided" // an allow/replace from a decider ran: the decider was the check
  | "runs-unchecked" // it ran and nobody checked it
  | "person-decides" // the harness's own person decides
  | "blocked"
  | "held"; // nothing was sent: hmux still holds the call (refused by name)

export function outcomeOf(emission: Emission, verdict: Verdict, truth: FacetValues): Outcome {
  if (emission.kind === "refuse") return "held";
  if (!truth[SHAPE_NEEDS[emission.shape]]) return truth.continueOnMalformed ? "runs-unchecked" : "blocked";
  switch (emission.shape) {
    case "deny":
      return "blocked";
    case "ask":
      return "person-decides";
    case "allow":
    case "replace":
      return verdict.decision === "allow" || verdict.decision === "replace" ? "runs-as-decided" : "runs-unchecked";
    case "silent":
      if (truth.humanReviewOnSilence) return "person-decides";
      return verdict.decision === "allow" ? "runs-as-decided" : "runs-unchecked";
  }
}

export interface Violation {
  readonly rule: "unsupported-shape" | "gated-ran-unchecked" | "deny-not-honoured" | "replace-downgraded";
  readonly detail: string;
}

export function checkEmission(
  classification: Classification,
  verdict: Verdict,
  emission: Emission,
  truth: FacetValues,
): Violation[] {
  const out: Violation[] = [];
  const label = `${classification} ${verdict.decision} → ${emission.kind === "emit" ? emission.shape : "refused"}`;
  if (emission.kind === "emit" && !truth[SHAPE_NEEDS[emission.shape]]) {
    out.push({
      rule: "unsupported-shape",
      detail: `${label}: the harness does not support ${emission.shape} (needs ${SHAPE_NEEDS[emission.shape]})`,
    });
  }
  const outcome = outcomeOf(emission, verdict, truth);
  if (classification === "gated" && outcome === "runs-unchecked") {
    out.push({ rule: "gated-ran-unchecked", detail: `${label}: a gated call ran without any check` });
  }
  if (verdict.decision === "deny" && (outcome === "runs-unchecked" || outcome === "runs-as-decided")) {
    out.push({ rule: "deny-not-honoured", detail: `${label}: a denied call ran` });
  }
  if (verdict.decision === "replace" && emission.kind === "emit" && emission.shape !== "replace") {
    out.push({ rule: "replace-downgraded", detail: `${label}: replace was sent as ${emission.shape}` });
  }
  return out;
}

export const VERDICTS: readonly Verdict[] = [
  { decision: "allow" },
  { decision: "deny", reason: "r" },
  { decision: "replace", input: { command: "ls -1" } },
  { decision: "abstain" },
  { decision: "silence" },
];
export const CLASSIFICATIONS: readonly Classification[] = ["safe", "gated"];

/** Every classification × verdict emitted with `declared`, judged against `truth`. */
export function violationsFor(declared: FacetValues, truth: FacetValues, channel = "test"): Violation[] {
  const out: Violation[] = [];
  for (const classification of CLASSIFICATIONS) {
    for (const verdict of VERDICTS) {
      const emission = emissionFor(classification, verdict, declared, { channel, decider: "the decider" });
      out.push(...checkEmission(classification, verdict, emission, truth));
    }
  }
  return out;
}

/** All 2^n facet combinations, for the exhaustive property test. */
export function allFacetCombinations(): FacetValues[] {
  const out: FacetValues[] = [];
  const n = FACET_NAMES.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const values = {} as Record<(typeof FACET_NAMES)[number], boolean>;
    FACET_NAMES.forEach((name, i) => {
      values[name] = (mask & (1 << i)) !== 0;
    });
    out.push(values);
  }
  return out;
}

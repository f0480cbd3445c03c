/**
 * The emission principle (docs/control-facts.md#emission-principle) over every harness row, every facet combination, every
 * classification and every verdict — and proof that the checker catches a wrong facet table.
 */
import { describe, expect, it } from "vitest";
import { FACET_NAMES, type FacetName, type FacetValues, facetValues } from "../../../src/core/control/capabilities.js";
import { emissionFor } from "../../../src/core/control/emission.js";
import {
  allFacetCombinations,
  CLASSIFICATIONS,
  checkEmission,
  VERDICTS,
  violationsFor,
} from "../../../src/core/control/emission-invariants.js";
import { CHANNEL_ROWS, channelRow } from "./channel-rows.js";

const ctx = { channel: "test", decider: "the person" };
const truthOf = (id: string) => facetValues(channelRow(id).facets);
const flip = (values: FacetValues, name: FacetName): FacetValues => ({ ...values, [name]: !values[name] });

describe("emission principle", () => {
  it("holds for every facet combination × classification × verdict: no gated call runs unchecked, no unsupported shape is sent", () => {
    const combos = allFacetCombinations();
    expect(combos).toHaveLength(2 ** FACET_NAMES.length);
    let checked = 0;
    for (const facets of combos) {
      const violations = violationsFor(facets, facets);
      expect(violations, JSON.stringify(facets)).toEqual([]);
      checked += CLASSIFICATIONS.length * VERDICTS.length;
    }
    expect(checked).toBe(2 ** FACET_NAMES.length * 10);
  });

  it("holds for every harness channel in the capability table", () => {
    for (const { id } of CHANNEL_ROWS) {
      const truth = truthOf(id);
      expect(violationsFor(truth, truth, id), id).toEqual([]);
    }
  });

  it("a gated abstain is denied on codex (no review on silence) and left to claude's prompt in a pane", () => {
    expect(emissionFor("gated", { decision: "abstain" }, truthOf("codex-exec-hook"), ctx)).toMatchObject({
      kind: "emit",
      shape: "deny",
    });
    expect(emissionFor("gated", { decision: "abstain" }, truthOf("claude-pane-hook"), ctx)).toMatchObject({
      kind: "emit",
      shape: "ask",
    });
    expect(emissionFor("gated", { decision: "abstain" }, truthOf("claude-control"), ctx)).toMatchObject({
      kind: "emit",
      shape: "deny",
    });
  });

  it("a safe abstain is granted where grant exists and left silent where silence runs it", () => {
    const noGrant = { ...truthOf("codex-exec-hook"), grant: false };
    expect(emissionFor("safe", { decision: "abstain" }, truthOf("claude-hook"), ctx)).toEqual({
      kind: "emit",
      shape: "allow",
    });
    expect(emissionFor("safe", { decision: "abstain" }, noGrant, ctx)).toEqual({ kind: "emit", shape: "silent" });
  });

  it("replace is refused by name where the channel cannot carry it, never sent as allow", () => {
    for (const id of ["codex-app-server", "codex-exec-hook"] as const) {
      const e = emissionFor("gated", { decision: "replace", input: { command: "ls -1" } }, truthOf(id), ctx);
      expect(e.kind, id).toBe("refuse");
      expect(e.kind === "refuse" && e.reason).toContain("replace");
    }
  });

  it("a channel with no check at all refuses a gated abstain instead of staying silent", () => {
    for (const id of ["pi-rpc", "codex-exec", "muse-oneshot", "cursor-oneshot"] as const) {
      expect(emissionFor("gated", { decision: "silence" }, truthOf(id), ctx).kind, id).toBe("refuse");
    }
  });
});

describe("the checker catches a wrong capability table", () => {
  it("codex declared with human review on silence: a gated abstain would run unchecked", () => {
    const truth = truthOf("codex-exec-hook");
    const declared = flip(truth, "humanReviewOnSilence");
    const v = violationsFor(declared, truth, "codex-exec-hook");
    expect(v.map((x) => x.rule)).toContain("gated-ran-unchecked");
  });

  it("claude's control channel declared able to stay silent with review: silence would hang or run, and is reported", () => {
    const truth = truthOf("claude-control");
    const declared = { ...truth, silence: true, humanReviewOnSilence: true };
    expect(violationsFor(declared, truth).map((x) => x.rule)).toContain("unsupported-shape");
  });

  it("codex app-server declared able to carry replace: the replace shape is reported unsupported", () => {
    const truth = truthOf("codex-app-server");
    expect(violationsFor(flip(truth, "replace"), truth).map((x) => x.rule)).toContain("unsupported-shape");
  });

  it("codex app-server declared able to escalate: an ask it cannot read is reported, and it fails open", () => {
    const truth = truthOf("codex-app-server");
    const rules = violationsFor(flip(truth, "escalate"), truth).map((x) => x.rule);
    expect(rules).toContain("unsupported-shape");
    expect(rules).toContain("gated-ran-unchecked");
  });

  it("every wrong flip that makes hmux send something new is caught, unless it only makes hmux refuse more", () => {
    let caught = 0;
    for (const { id } of CHANNEL_ROWS) {
      const truth = truthOf(id);
      for (const name of FACET_NAMES) {
        const declared = flip(truth, name);
        let changedToSending = false;
        for (const classification of CLASSIFICATIONS) {
          for (const verdict of VERDICTS) {
            const before = emissionFor(classification, verdict, truth, ctx);
            const after = emissionFor(classification, verdict, declared, ctx);
            if (after.kind === "emit" && JSON.stringify(before) !== JSON.stringify(after)) changedToSending = true;
          }
        }
        const violations = violationsFor(declared, truth, id);
        // A flip that only adds refusals is safe (more conservative); any flip that changes what is sent must be
        // either caught or provably harmless (a true facet flipped false, falling back to another supported shape).
        if (changedToSending && !truth[name]) {
          expect(violations.length, `${id}: ${name} flipped false→true went unnoticed`).toBeGreaterThan(0);
          caught++;
        }
      }
    }
    expect(caught).toBeGreaterThan(10);
  });

  it("an emission judged against a harness that does not support it is a violation (the checker is not vacuous)", () => {
    const truth = truthOf("codex-app-server");
    const v = checkEmission("gated", { decision: "abstain" }, { kind: "emit", shape: "silent" }, truth);
    expect(v.map((x) => x.rule)).toEqual(["unsupported-shape", "gated-ran-unchecked"]);
  });
});

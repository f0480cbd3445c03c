import { describe, expect, it } from "vitest";
import { channelsOf, delivers, FACET_NAMES } from "../../../src/core/control/capabilities.js";
import { CHANNEL_TABLE } from "../../../src/core/control/capability-table.js";
import { CHANNEL_IDS, COMMAND_NAMES } from "../../../src/core/control/machine-types.js";
import { HARNESS_NAMES } from "../../helpers/builtin-harnesses.js";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe("capability table", () => {
  it("every facet and every command of every channel names dated, versioned evidence", () => {
    let facts = 0;
    for (const id of CHANNEL_IDS) {
      const row = CHANNEL_TABLE[id];
      expect(row.id).toBe(id);
      for (const name of FACET_NAMES) {
        const fact = row.facets[name];
        expect(fact.evidence.date, `${id}.${name}`).toMatch(ISO_DATE);
        expect(fact.evidence.version.length, `${id}.${name}`).toBeGreaterThan(0);
        expect(fact.evidence.ref.length, `${id}.${name}`).toBeGreaterThan(0);
        facts++;
      }
      for (const command of COMMAND_NAMES) {
        expect(row.commands[command].evidence.date, `${id} ${command}`).toMatch(ISO_DATE);
        facts++;
      }
    }
    expect(facts).toBe(CHANNEL_IDS.length * (FACET_NAMES.length + COMMAND_NAMES.length));
  });

  it("a fact said to be probed carries probe evidence, and an assumed one says it was not probed", () => {
    for (const id of CHANNEL_IDS) {
      for (const name of FACET_NAMES) {
        const fact = CHANNEL_TABLE[id].facets[name];
        if (fact.basis === "probe") expect(fact.evidence.source, `${id}.${name}`).toBe("probe");
        if (fact.basis === "assumed") expect(fact.note, `${id}.${name}`).toBeTruthy();
      }
    }
  });

  it("every channel delivers interrupt and halt: a control surface with no way out is not one", () => {
    for (const id of CHANNEL_IDS) {
      expect(delivers(CHANNEL_TABLE[id], "interrupt"), id).toBe(true);
      expect(delivers(CHANNEL_TABLE[id], "halt"), id).toBe(true);
    }
  });

  it("every harness has at least one row", () => {
    for (const h of HARNESS_NAMES) expect(channelsOf(h).length, h).toBeGreaterThan(0);
  });

  it("pi without the extension offers no check at all, and the table says so", () => {
    const row = CHANNEL_TABLE["pi-rpc"];
    for (const f of ["grant", "deny", "escalate", "humanReviewOnSilence"] as const)
      expect(row.facets[f].value).toBe(false);
    expect(row.commands["tool.decide"]).toMatchObject({ status: "absent", why: expect.stringContaining("unchecked") });
    expect(row.coverage.value).toBe("none");
  });

  it("codex exec has no approval channel: only hooks can check its calls", () => {
    expect(delivers(CHANNEL_TABLE["codex-exec"], "tool.decide")).toBe(false);
    expect(delivers(CHANNEL_TABLE["codex-exec-hook"], "tool.decide")).toBe(true);
  });

  it("replace is carried only where a probe shows an updated input reaches the harness (claude, hmux's pi gate)", () => {
    const withReplace = CHANNEL_IDS.filter((id) => CHANNEL_TABLE[id].facets.replace.value);
    expect(
      withReplace.every(
        (id) => CHANNEL_TABLE[id].facets.replace.basis === "probe" || CHANNEL_TABLE[id].harness === "claude",
      ),
    ).toBe(true);
    expect(withReplace).toContain("claude-control");
    expect(withReplace).toContain("pi-extension");
    expect(withReplace.some((id) => CHANNEL_TABLE[id].harness === "codex")).toBe(false);
  });

  it("a channel with tool.decide has a deny: a check that can only say yes is not a check", () => {
    for (const id of CHANNEL_IDS) {
      if (delivers(CHANNEL_TABLE[id], "tool.decide")) expect(CHANNEL_TABLE[id].facets.deny.value, id).toBe(true);
    }
  });

  it("the table cannot drift at run time", () => {
    expect(Object.isFrozen(CHANNEL_TABLE["claude-control"].facets.grant)).toBe(true);
  });
});

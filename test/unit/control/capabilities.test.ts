import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { delivers, FACET_NAMES } from "../../../src/core/control/capabilities.js";
import { COMMAND_NAMES } from "../../../src/core/control/machine-types.js";
import { CHANNEL_ROWS, channelRow } from "./channel-rows.js";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe("capability table", () => {
  it("every facet and every command of every channel names dated, versioned evidence", () => {
    let facts = 0;
    for (const row of CHANNEL_ROWS) {
      const id = row.id;
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
    expect(facts).toBe(CHANNEL_ROWS.length * (FACET_NAMES.length + COMMAND_NAMES.length));
  });

  it("a fact said to be probed carries probe evidence, and an assumed one says it was not probed", () => {
    for (const { id, facets } of CHANNEL_ROWS) {
      for (const name of FACET_NAMES) {
        const fact = facets[name];
        if (fact.basis === "probe") expect(fact.evidence.source, `${id}.${name}`).toBe("probe");
        if (fact.basis === "assumed") expect(fact.note, `${id}.${name}`).toBeTruthy();
      }
    }
  });

  it("every channel delivers interrupt and halt: a control surface with no way out is not one", () => {
    for (const row of CHANNEL_ROWS) {
      expect(delivers(row, "interrupt"), row.id).toBe(true);
      expect(delivers(row, "halt"), row.id).toBe(true);
    }
  });

  it("every harness has at least one row, and every row is its harness's", () => {
    for (const adapter of builtinRegistry.adapters) {
      expect(adapter.channels.length, adapter.name).toBeGreaterThan(0);
      for (const row of adapter.channels) expect(row.harness, row.id).toBe(adapter.name);
    }
  });

  it("the table is every adapter's rows, each id once", () => {
    const ids = CHANNEL_ROWS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(builtinRegistry.adapters.flatMap((a) => a.channels.map((r) => r.id)));
  });

  it("pi without the extension offers no check at all, and the table says so", () => {
    const row = channelRow("pi-rpc");
    for (const f of ["grant", "deny", "escalate", "humanReviewOnSilence"] as const)
      expect(row.facets[f].value).toBe(false);
    expect(row.commands["tool.decide"]).toMatchObject({ status: "absent", why: expect.stringContaining("unchecked") });
    expect(row.coverage.value).toBe("none");
  });

  it("codex exec has no approval channel: only hooks can check its calls", () => {
    expect(delivers(channelRow("codex-exec"), "tool.decide")).toBe(false);
    expect(delivers(channelRow("codex-exec-hook"), "tool.decide")).toBe(true);
  });

  it("replace is carried only where a probe shows an updated input reaches the harness (claude, hmux's pi gate)", () => {
    const withReplace = CHANNEL_ROWS.filter((row) => row.facets.replace.value);
    expect(withReplace.every((row) => row.facets.replace.basis === "probe" || row.harness === "claude")).toBe(true);
    expect(withReplace.map((row) => row.id)).toContain("claude-control");
    expect(withReplace.map((row) => row.id)).toContain("pi-extension");
    expect(withReplace.some((row) => row.harness === "codex")).toBe(false);
  });

  it("a channel with tool.decide has a deny: a check that can only say yes is not a check", () => {
    for (const row of CHANNEL_ROWS) {
      if (delivers(row, "tool.decide")) expect(row.facets.deny.value, row.id).toBe(true);
    }
  });

  it("the table cannot drift at run time", () => {
    expect(Object.isFrozen(channelRow("claude-control").facets.grant)).toBe(true);
  });
});

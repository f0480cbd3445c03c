/** The server prices each session's usage and its row carries the totals: clients only show them. */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { scriptedLauncher, spec } from "./fixture.js";

function table() {
  const { launcher } = scriptedLauncher();
  return new SessionTable({ launcher, clock: new FakeClock(1_000), killWaitMs: 200 });
}

describe("a session's usage on the server", () => {
  it("is priced for the model the session was asked for, sent priced to watchers, and totalled in its row", async () => {
    const t = table();
    await t.create({ ...spec(), options: { model: "claude-sonnet-4-5" } }, "a");
    const heard: SessionEvent[] = [];
    t.watch("a", (e) => heard.push(e));
    t.note("a", { kind: "usage", inputTokens: 1000, outputTokens: 100 });
    t.note("a", {
      kind: "usage",
      inputTokens: 2000,
      cachedInputTokens: 10_000,
      outputTokens: 100,
      contextTokens: 12_100,
    });
    const usage = t.resolve("a").usage;
    // (1000×3 + 100×15) + (2000×3 + 10000×0.30 + 100×15) per million
    expect(usage?.costUsd).toBeCloseTo((4500 + 10_500) / 1e6, 12);
    expect(usage).toMatchObject({
      records: 2,
      inputTokens: 3000,
      unpriced: 0,
      contextTokens: 12_100,
      contextWindow: 200_000,
    });
    expect(heard.filter((e) => e.kind === "usage").map((e) => "costSource" in e && e.costSource)).toEqual([
      "price-table",
      "price-table",
    ]);
  });

  it("takes the model the harness says it runs over the one asked for", async () => {
    const t = table();
    await t.create({ ...spec(), options: { model: "hmux-model" } }, "a");
    t.note("a", {
      kind: "identity",
      harness: "codex",
      sessionId: "th",
      authority: "harness-minted",
      model: "gpt-5.1-codex",
    });
    t.note("a", { kind: "usage", inputTokens: 1_000_000 });
    expect(t.resolve("a").usage?.costUsd).toBeCloseTo(1.25, 12);
  });

  it("an unpriced model leaves the row's cost unknown, and a row with no usage says nothing", async () => {
    const t = table();
    await t.create({ ...spec(), options: { model: "hmux-model" } }, "a");
    await t.create(spec(), "b");
    t.note("a", { kind: "usage", inputTokens: 10, outputTokens: 5, costUsd: 0 });
    expect(t.resolve("a").usage).toMatchObject({ records: 1, costUsd: null, unpriced: 1 });
    expect(t.resolve("b").usage).toBeUndefined();
  });
});

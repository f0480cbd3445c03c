/**
 * The TUI's race port on real git: worktrees made as the pane launcher makes them, stand-in
 * contestants writing into them, then the port runs the check in each, scores what git sees,
 * records the race (so `hmux race pick|discard` find it), and picks or discards.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRacePort } from "../../../src/main/race-port.js";
import { RaceStore } from "../../../src/race/record.js";
import { tallyEvents } from "../../../src/race/tally.js";
import type { RaceScoreRequest } from "../../../src/ui/race-port.js";
import { openWorkspace, releaseWorkspace } from "../../../src/workspace/lease.js";
import { GitFixture } from "../workspace/git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

/** Two contestants' worktrees with their work written, released as a halted pane releases its lease. */
async function raced(race: string, work: Record<string, Record<string, string>>): Promise<RaceScoreRequest> {
  const ports = fx.ports();
  const contestants: RaceScoreRequest["contestants"][number][] = [];
  for (const [harness, files] of Object.entries(work)) {
    const lease = await openWorkspace(ports, fx.request({ flag: `${race}-${harness}`, harness }));
    for (const [path, text] of Object.entries(files)) writeFileSync(join(lease!.entry.path, path), text);
    releaseWorkspace(ports, lease!);
    contestants.push({
      harness,
      workspace: lease!.entry.name,
      wallMs: 1000,
      tally: tallyEvents([
        { kind: "usage", inputTokens: 10, outputTokens: 2 },
        { kind: "done", exitCode: 0, cause: "clean" },
      ]),
      planDivergences: harness === "b" ? [{ key: "memory", value: false, reason: "b cannot" }] : [],
    });
  }
  return { race, prompt: "do it", check: "test -e x.txt && ! test -e y.txt", contestants };
}

describe("the TUI's race port", () => {
  it("scores each worktree with its check and git's diff, and records the race as hmux race does", async () => {
    fx = new GitFixture();
    const port = createRacePort(fx.ports(), 30_000);
    const card = await port.score(await raced("t1", { a: { "x.txt": "a\n" }, b: { "x.txt": "b\n", "y.txt": "y\n" } }));
    const [a, b] = card.contestants;
    expect(a?.files).toEqual([{ path: "x.txt", added: 1, removed: 0 }]);
    expect(b?.uniqueFiles).toEqual(["y.txt"]);
    expect([a?.check?.exitCode, b?.check?.exitCode]).toEqual([0, 1]);
    expect(card.summary.passed).toEqual(["a"]);
    expect(card.summary.base).toMatchObject({ name: "main" });
    expect(b?.divergences).toEqual([{ key: "memory", asked: "false", when: "plan", reason: "b cannot" }]);
    const record = new RaceStore(fx.env).read("t1");
    expect(record.contestants.map((c) => c.branch)).toEqual(["hmux/t1-a", "hmux/t1-b"]);
    expect(record.scorecard?.summary.passed).toEqual(["a"]);
  });

  it("pick merges the winner into the base and removes a clean other worktree", async () => {
    fx = new GitFixture();
    const port = createRacePort(fx.ports(), 30_000);
    const card = await port.score(await raced("t2", { a: { "x.txt": "a\n" }, b: {} }));
    const text = await port.pick("t2", "a");
    expect(text).toMatch(/merged hmux\/t2-a into main/);
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("a\n");
    expect(existsSync(card.contestants[1]!.path)).toBe(false);
  });

  it("pick removes another contestant's worktree and says which branch keeps its answer", async () => {
    fx = new GitFixture();
    const port = createRacePort(fx.ports(), 30_000);
    const card = await port.score(await raced("t4", { a: { "x.txt": "a\n" }, b: { "x.txt": "b\n" } }));
    const text = await port.pick("t4", "a");
    expect(text).toMatch(/their answers stay on hmux\/t4-b/);
    expect(existsSync(card.contestants[1]!.path)).toBe(false);
  });

  it("discard removes every clean contestant worktree", async () => {
    fx = new GitFixture();
    const port = createRacePort(fx.ports(), 30_000);
    const card = await port.score(await raced("t3", { a: {}, b: {} }));
    const text = await port.discard("t3");
    expect(text).toContain("race t3 discarded");
    for (const c of card.contestants) expect(existsSync(c.path)).toBe(false);
  });
});

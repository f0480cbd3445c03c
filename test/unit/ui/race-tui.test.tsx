import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { buildScorecard, type ContestantFacts } from "../../../src/race/scorecard.js";
import type { Scorecard } from "../../../src/race/scorecard-schema.js";
import { tallyEvents } from "../../../src/race/tally.js";
import { raceForm } from "../../../src/ui/components/overlays/RaceDialog.js";
import { scorecardQuestion } from "../../../src/ui/components/overlays/ScorecardOverlay.js";
import { scoreRows } from "../../../src/ui/components/overlays/scorecard-rows.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import type { RacePort, RaceStart, RaceStartRequest } from "../../../src/ui/race-port.js";
import type { SessionLauncher } from "../../../src/ui/session-launcher.js";
import { acceptedPlan, refusedPlan } from "./fake-launcher.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount, tick } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const done: SessionEvent = { kind: "done", cause: "clean", exitCode: 0 };

function facts(harness: string, over: Partial<ContestantFacts>): ContestantFacts {
  return {
    harness,
    workspace: `r-${harness}`,
    branch: `hmux/r-${harness}`,
    path: `/tmp/r-${harness}`,
    wallMs: 4200,
    tally: tallyEvents([{ kind: "usage", inputTokens: 1200, outputTokens: 80, costUsd: 0.0123 }, done]),
    files: [{ path: "src/slug.ts", added: 3, removed: 1 }],
    check: { command: "npm test", exitCode: 0, durationMs: 900, timedOut: false, passed: true, outputTail: "" },
    planDivergences: [],
    ...over,
  };
}

/** claude passes the check; pi changed an extra file, broke the check, reports no tokens and cannot express memory. */
function card(race = "r"): Scorecard {
  return buildScorecard(
    {
      race,
      prompt: "fix slug",
      repo: "/tmp/repo",
      base: { name: "main", commit: "0123456789abcdef" },
      baseDirty: [],
      settings: {},
      check: "npm test",
    },
    [
      facts("claude", {}),
      facts("pi", {
        tally: tallyEvents([done]),
        files: [
          { path: "src/slug.ts", added: 1, removed: 1 },
          { path: "README.md", added: 2, removed: 0 },
        ],
        check: { command: "npm test", exitCode: 1, durationMs: 700, timedOut: false, passed: false, outputTail: "x" },
        planDivergences: [{ key: "memory", value: false, reason: "not expressible on pi" }],
      }),
    ],
  );
}

describe("scorecard rows", () => {
  it("say every scorecard field per contestant, unknown numbers as — and a failed check or divergence flagged", () => {
    const rows = new Map(scoreRows(card()).map((r) => [r.label, r]));
    expect(rows.get("wall time")?.cells).toEqual(["4.2s", "4.2s"]);
    expect(rows.get("tokens in/out")?.cells).toEqual(["1.2k / 80", "—"]);
    expect(rows.get("cost")?.cells).toEqual(["$0.0123", "—"]);
    expect(rows.get("approvals")?.cells).toEqual(["0 asked · 0 denied", "0 asked · 0 denied"]);
    expect(rows.get("files changed")?.cells).toEqual(["1", "2"]);
    expect(rows.get("lines +/−")?.cells).toEqual(["+3 −1", "+3 −1"]);
    expect(rows.get("files by all")?.cells).toEqual(["src/slug.ts", "src/slug.ts"]);
    expect(rows.get("only this one")?.cells).toEqual(["—", "README.md"]);
    expect(rows.get("check")?.cells).toEqual(["pass exit 0 · 0.9s", "FAIL exit 1 · 0.7s"]);
    expect(rows.get("check")?.warn).toEqual([false, true]);
    expect(rows.get("not expressible")?.cells).toEqual(["—", "memory"]);
    expect(rows.get("not expressible")?.warn).toEqual([false, true]);
    // Nobody waited for a person (a headless race): no row for it.
    expect(rows.has("waited for you")).toBe(false);
  });

  it("show a cost of a fraction of a cent with its digits, each divergent key once, and the wait for a person apart", () => {
    const sandbox = { kind: "divergence", key: "sandbox", asked: "workspace-write", runs: "bundled bwrap" } as const;
    const rows = new Map(
      scoreRows(
        buildScorecard(
          {
            race: "r",
            prompt: "p",
            repo: "/tmp/repo",
            base: { name: "main", commit: "0123456789abcdef" },
            baseDirty: [],
            settings: {},
            check: null,
          },
          [
            facts("claude", {
              tally: tallyEvents([{ kind: "usage", costUsd: 0.0004 }, done]),
              personWaitMs: 6000,
              check: null,
            }),
            facts("codex", {
              tally: tallyEvents([
                { ...sandbox, notice: "no bubblewrap" },
                { ...sandbox, notice: "ERROR no bubblewrap" },
                done,
              ]),
              planDivergences: [{ key: "sandbox", value: "x", reason: "planned" }],
              personWaitMs: 0,
              check: null,
            }),
          ],
        ),
      ).map((r) => [r.label, r]),
    );
    expect(rows.get("cost")?.cells).toEqual(["$0.00040", "—"]);
    expect(rows.get("not expressible")?.cells).toEqual(["—", "sandbox"]);
    expect(rows.get("wall time")?.cells).toEqual(["4.2s", "4.2s"]);
    expect(rows.get("waited for you")?.cells).toEqual(["6.0s", "0.0s"]);
  });
});

describe("race dialog form", () => {
  it("needs a prompt and two different harnesses; an empty check is none", () => {
    expect(raceForm({ prompt: "", harnesses: "claude codex", check: "" })).toEqual({
      error: "type the prompt every contestant gets",
    });
    expect(raceForm({ prompt: "p", harnesses: "claude", check: "" })).toEqual({
      error: "a race needs at least 2 harnesses",
    });
    expect(raceForm({ prompt: "p", harnesses: "claude claude", check: "" })).toEqual({
      error: "name each harness once",
    });
    expect(raceForm({ prompt: " p ", harnesses: "claude, codex pi", check: " " })).toEqual({
      prompt: "p",
      harnesses: ["claude", "codex", "pi"],
      check: null,
    });
  });
});

/** A launcher for the dialog's checks: it refuses a harness named "nope". */
function fakeLauncher(): SessionLauncher {
  return {
    plan: (r) =>
      r.harness === "nope"
        ? refusedPlan({ message: "unknown harness nope", hint: "known: claude, pi" })
        : acceptedPlan(r),
    launch: async (r) => new FakePort({ harness: r.harness as "claude" }),
  };
}

/** A race runner whose contestants are FakePorts in the worktrees it names; it records what it was asked. */
class FakeRace implements RacePort {
  started: RaceStartRequest[] = [];
  opened: FakePort[] = [];
  scored: string[] = [];
  picked: Array<[string, string]> = [];
  discarded: string[] = [];
  async start(request: RaceStartRequest): Promise<RaceStart> {
    this.started.push(request);
    const contestants = request.harnesses.map((harness) => {
      const name = `${request.name}-${harness}`;
      const port = new FakePort({
        harness: harness as "claude",
        workspace: { name, branch: `hmux/${name}`, base: "main" },
      });
      this.opened.push(port);
      return { harness, port };
    });
    return { race: request.name, contestants, notes: [] };
  }
  async score(race: string): Promise<Scorecard> {
    this.scored.push(race);
    return card(race);
  }
  async pick(race: string, harness: string): Promise<string> {
    this.picked.push([race, harness]);
    return `race ${race}: merged hmux/${race}-${harness} into main (fast-forward)`;
  }
  async discard(race: string): Promise<string> {
    this.discarded.push(race);
    return `race ${race} discarded`;
  }
}

/** Dialog input a key at a time: moving to another field re-renders before the next key, as a person types. */
async function fill(mounted: Mounted, ...chunks: string[]): Promise<void> {
  for (const c of chunks) {
    await mounted.type(c);
    await tick(60);
  }
}

async function raceTo(columns: number, rows: number) {
  const race = new FakeRace();
  const mounted = await mount({
    ports: [new FakePort({ harness: "claude" }), new FakePort({ harness: "pi" })],
    launcher: fakeLauncher(),
    race,
    columns,
    rows,
  });
  await mounted.type(KEYS.alt("R"));
  return { mounted, opened: race.opened, race };
}

/** Starts the race the dialog holds and has every contestant finish its turn: the scorecard shows. */
async function finishRace(r: Awaited<ReturnType<typeof raceTo>>): Promise<void> {
  await fill(r.mounted, "fix slug", KEYS.enter);
  await tick(50);
  for (const p of r.opened) p.emit(done);
  await tick(30);
  await r.mounted.flush();
}

/** A frame's words with the boxes' borders taken out, so text wrapped inside a box reads as one line. */
const words = (frame: string): string => frame.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");

describe("race in the TUI", () => {
  it("the dialog offers the open panes' harnesses, refuses a harness before anything starts, then asks the runner to start the race", async () => {
    const r = await raceTo(160, 48);
    m = r.mounted;
    expect(m.frame()).toContain("race · one prompt");
    expect(m.frame()).toMatch(/harnesses\s+claude pi/);
    await fill(m, "fix slug", KEYS.tab, KEYS.ctrl("u"), "claude nope", KEYS.enter);
    await m.flush();
    expect(m.frame()).toContain("refused nope: unknown harness nope");
    expect(m.frame()).toContain("hint: known: claude, pi");
    expect(r.race.started).toEqual([]);
    await fill(m, KEYS.ctrl("u"), "claude pi", KEYS.tab, "npm test", KEYS.enter);
    await tick(50);
    const name = m.store.state.race?.name;
    expect(r.race.started).toEqual([{ name, prompt: "fix slug", harnesses: ["claude", "pi"], check: "npm test" }]);
    expect(m.store.state.race?.contestants.map((c) => c.key)).toEqual(["s3", "s4"]);
  });

  it("when both turns end the scorecard opens; p asks, y has the runner pick the selected one", async () => {
    const r = await raceTo(160, 48);
    m = r.mounted;
    await fill(m, "fix slug", KEYS.tab, KEYS.tab, "npm test", KEYS.enter);
    await tick(50);
    for (const p of r.opened) p.emit({ kind: "usage", inputTokens: 10 }, done);
    await tick(30);
    await m.flush();
    expect(r.race.scored).toEqual([m.store.state.race?.name]);
    let frame = m.frame();
    expect(frame).toContain("race scorecard · 2 contestants · check: npm test");
    expect(frame).toMatch(/check\s+pass exit 0 · 0\.9s\s+FAIL exit 1 · 0\.7s/);
    expect(frame).toMatch(/only this one\s+—\s+README\.md/);
    await m.type("\u001b[C", "p");
    frame = m.frame();
    expect(frame).toContain("Pick pi? Its work is merged into main");
    expect(r.race.picked).toEqual([]);
    await m.type("y");
    await tick(50);
    await m.flush();
    const name = m.store.state.race?.name;
    expect(r.race.picked).toEqual([[name, "pi"]]);
    expect(m.frame()).toContain(`race ${name}: merged hmux/${name}-pi into main`);
  });

  it("at 50×20 (a phone's ssh client) the scorecard's keys read whole, wrapped, and so does the pick question", async () => {
    const r = await raceTo(50, 20);
    m = r.mounted;
    await finishRace(r);
    for (const k of ["o its changes", "p pick", "x discard"]) expect(words(m.frame())).toContain(k);
    for (const l of m.frame().split("\n")) expect([...l].length).toBeLessThanOrEqual(50);
    await m.type("p");
    expect(words(m.frame())).toMatch(/y pick · n cancel/);
  });

  it("at 50×20 the scorecard scrolls to its last row: ↓ and the page keys move it, marks say what is above and below", async () => {
    const r = await raceTo(50, 20);
    m = r.mounted;
    await finishRace(r);
    const last = scoreRows(m.store.state.race!.scorecard!).at(-1)!.label;
    expect(m.frame()).not.toContain(last);
    expect(m.frame()).toMatch(/↓ \d+ more below/);
    expect(words(m.frame())).toContain("↑/↓ PgUp/PgDn scroll");
    await m.type("\u001b[6~");
    await m.flush();
    expect(m.frame()).toMatch(/↑ \d+ more above/);
    for (let i = 0; i < 30 && !m.frame().includes(last); i++) await m.type("\u001b[B");
    expect(m.frame()).toContain(last);
    expect(m.frame()).not.toMatch(/more below/);
    for (const l of m.frame().split("\n")) expect([...l].length).toBeLessThanOrEqual(50);
    // Past the end ↓ does nothing, and one ↑ is one row back: nothing was counted past the end.
    const atEnd = m.store.state.overlay;
    await m.type("\u001b[B");
    expect(m.store.state.overlay).toBe(atEnd);
    await m.type("\u001b[5~", "\u001b[5~", "\u001b[5~", "\u001b[5~");
    expect(m.frame()).not.toMatch(/more above/);
  });

  it("at 50×20 the pick's result reads whole under the card, and the screen stays 20 rows", async () => {
    const r = await raceTo(50, 20);
    m = r.mounted;
    await finishRace(r);
    await m.type("p");
    await m.type("y");
    await tick(50);
    await m.flush();
    const name = m.store.state.race?.name;
    const frame = m.frame();
    expect(frame.split("\n").length).toBeLessThanOrEqual(20);
    const flat = words(frame);
    expect(flat).toContain(`race ${name}: merged hmux/${name}-claude into main`);
    expect(flat).toContain("Esc closes");
  });

  it("at 80×24 the scorecard fits and x asks before discarding; n leaves everything", async () => {
    const r = await raceTo(80, 24);
    m = r.mounted;
    await finishRace(r);
    const frame = m.frame();
    for (const l of frame.split("\n")) expect([...l].length).toBeLessThanOrEqual(80);
    expect(frame).toContain("not expressible");
    await m.type("x");
    expect(m.frame()).toContain("Discard the race?");
    await m.type("n");
    expect(m.frame()).not.toContain("Discard the race?");
    expect(r.race.discarded).toEqual([]);
    await m.type("x", "y");
    await tick(50);
    expect(r.race.discarded).toEqual([m.store.state.race?.name]);
  });

  it("at 80×24 the dialog's title and the pick question read whole, the question ending with its keys", async () => {
    const r = await raceTo(80, 24);
    m = r.mounted;
    expect(words(m.frame())).toContain(
      "race · one prompt, each harness in its own worktree from the same base · Enter starts · Tab next field · Esc cancels",
    );
    await finishRace(r);
    await m.type("p");
    const question = scorecardQuestion(DEFAULT_KEYMAP, "pick", "claude", "main")!;
    expect(question).toMatch(/y pick · n cancel$/);
    expect(words(m.frame())).toContain(question);
    for (const l of m.frame().split("\n")) expect([...l].length).toBeLessThanOrEqual(80);
  });

  it("o opens the changes view on the selected contestant's pane", async () => {
    const r = await raceTo(160, 48);
    m = r.mounted;
    await finishRace(r);
    await m.type("\u001b[C", "o");
    expect(m.store.state.overlay).toEqual({ kind: "changes" });
    expect(m.store.state.changes?.key).toBe("s4");
    expect(m.store.state.panes[m.store.state.focus]).toBe("s4");
  });

  it("a race without a race runner fails at once by saying so, not by hanging", async () => {
    m = await mount({ ports: [new FakePort(), new FakePort({ harness: "pi" })], launcher: fakeLauncher() });
    m.store.dispatch({ kind: "race", act: { do: "start", prompt: "p", harnesses: ["claude", "pi"], check: null } });
    await tick(50);
    expect(m.store.state.race?.phase).toBe("failed");
    expect(m.store.state.race?.message).toContain("without race support");
  });
});

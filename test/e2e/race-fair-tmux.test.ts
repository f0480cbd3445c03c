/**
 * A race judged fairly, as a person sees it in a real terminal (tmux) at 80×24 and 160×48:
 * `hmux tui claude pi` on the scripted model, the race started with Alt+R, pi's approval answered
 * at once in its pane and claude's only after several seconds. On the scorecard the "waited for
 * you" row shows claude's wait, the wall-time row leaves it out, and "fastest" is whoever the
 * wall-time row says; both, asked for a model the price table knows, show a dollar cost. The
 * protocol side of the same race is test/live/race-fair.test.ts; codex's cost, and each harness on
 * its own vendor's model, are test/live/usage-cost.test.ts's.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import {
  FAIR_RACE_CHECK,
  FAIR_RACE_PROMPT,
  fairRaceRepo,
  GIT_IDENTITY,
  SLOW_PERSON_MS,
} from "../live/helpers/fair-race.js";
import { HAVE_TMUX, isolatedSession, sleep, type TmuxDriver, tmuxDriver } from "./tmux-driver.js";

/** A model the price table knows and the scripted model answers as: `--model` gives it to every pane. */
const PRICED_MODEL = "claude-sonnet-4-5";

/** The rail's first line marks a session waiting for a decision with "!" after its number and name. */
const asking = (n: number, name: string) => (s: string) =>
  new RegExp(`(?:^|\\s)${n}:${name} !`).test(s.split("\n")[0] ?? "");

/** The screen's lines without the overlay's frame. */
const unframed = (s: string) => s.split("\n").map((l) => l.replace(/[│╭╮╰╯─]/g, " "));

/** The scorecard's cells in the row labelled `label`, in the order of its columns. */
function rowCells(screen: string, label: string): string[] {
  const line = unframed(screen).find((l) => l.trimStart().startsWith(`${label} `));
  if (line === undefined) throw new Error(`no "${label}" row on the scorecard:\n${screen}`);
  return line
    .slice(line.indexOf(label) + label.length)
    .trim()
    .split(/\s+/);
}

/** The harness of each column, read from the card's head row (the one whose words are just the harnesses). */
function columns(screen: string, harnesses: readonly string[]): string[] {
  const head = unframed(screen)
    .map((l) => l.trim().split(/\s+/))
    .find((w) => w.length === harnesses.length && [...w].sort().join() === [...harnesses].sort().join());
  if (head === undefined) throw new Error(`no head row on the scorecard:\n${screen}`);
  return head;
}

/** "6.4s" or "12s" as seconds; "—" (nothing reported) as 0. */
const secondsOf = (cell: string) => (cell === "—" ? 0 : Number.parseFloat(cell.replace(/s$/, "")));

describe.skipIf(!HAVE_TMUX)("a race with a person approving slowly, in the TUI in tmux", () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer();
  });
  afterAll(async () => {
    await model.close();
  });

  for (const [width, height] of [
    [80, 24],
    [160, 48],
  ] as const) {
    it(`at ${width}×${height}: the person's wait shows apart, the wall time leaves it out, and fastest is by the contestants' own time`, async () => {
      const session = isolatedSession("hmux-e2e-fair-", { vars: GIT_IDENTITY });
      const repo = join(session.home, "repo");
      const log = join(session.home, "stderr.log");
      fairRaceRepo(repo, session.env);
      const socket = `hmux-e2e-fair-${process.pid}-${width}`;
      const d: TmuxDriver = tmuxDriver(socket, "fair", log);
      try {
        const cmd = session.command(
          `tui claude pi --cwd ${repo} --endpoint ${model.url} --model ${PRICED_MODEL} --isolate 2>${log}`,
        );
        d.tmux("new-session", "-d", "-x", String(width), "-y", String(height), "-s", "fair", cmd);
        await d.waitFor("both panes idle", (s) => /1:claude-1 ○/.test(s) && /2:pi-1 ○/.test(s), 90_000);

        d.keys("M-R");
        await d.waitFor("the race dialog", (s) => s.includes("race · one prompt"));
        await d.text(FAIR_RACE_PROMPT);
        d.keys("Tab", "Tab");
        await sleep(300);
        await d.text(FAIR_RACE_CHECK);
        d.keys("Enter");

        // pi is answered as soon as it asks; claude only after the person has taken their time.
        await d.waitFor("pi's contestant asking", asking(4, "pi-2"), 90_000);
        d.keys("M-4");
        await sleep(300);
        d.keys("a");
        await d.waitFor("claude's contestant asking", asking(3, "claude-2"), 90_000);
        await sleep(SLOW_PERSON_MS);
        d.keys("M-3");
        await sleep(300);
        d.keys("a");

        const card = await d.waitFor(
          "the server's scorecard with its wait and cost rows",
          (s) =>
            s.includes("race scorecard · 2 contestants") &&
            /check passed: claude, pi/.test(s) &&
            /waited for you/.test(s) &&
            /\n\W*cost /.test(s),
          120_000,
        );
        for (const line of card.split("\n")) expect([...line].length).toBeLessThanOrEqual(width);
        const harnesses = columns(card, ["claude", "pi"]);
        const cellOf = (label: string) => {
          const cells = rowCells(card, label);
          return (harness: string) => cells[harnesses.indexOf(harness)]!;
        };
        const wall = cellOf("wall time");
        const waited = cellOf("waited for you");
        const cost = cellOf("cost");

        // The person's wait on claude is shown apart, at least as long as they took.
        expect(secondsOf(waited("claude"))).toBeGreaterThanOrEqual(SLOW_PERSON_MS / 1000 - 0.2);
        expect(secondsOf(waited("pi"))).toBeLessThan(SLOW_PERSON_MS / 1000);
        // Claude's wall time leaves that wait out: its own turn is shorter than the wait alone.
        expect(secondsOf(wall("claude"))).toBeLessThan(secondsOf(waited("claude")));

        // Fastest is whoever the wall-time row says (where the card shows them equal, either or both).
        const own = { claude: secondsOf(wall("claude")), pi: secondsOf(wall("pi")) };
        const expected = own.claude === own.pi ? null : own.claude < own.pi ? ["claude"] : ["pi"];
        const words = unframed(card).join(" ").replace(/\s+/g, " ");
        const fastest = /fastest: ([\w-]+(?:, [\w-]+)*)/.exec(words)?.[1]?.split(", ");
        if (expected) expect(fastest, words).toEqual(expected);
        else
          expect(
            fastest?.every((h) => h === "claude" || h === "pi"),
            words,
          ).toBe(true);

        // Each, asked for a priced model, shows a dollar figure above zero: claude's own, pi's from the price table.
        for (const harness of ["claude", "pi"]) {
          expect(cost(harness), harness).toMatch(/^\$\d+\.\d+$/);
          expect(Number.parseFloat(cost(harness).slice(1)), harness).toBeGreaterThan(0);
        }
      } finally {
        await session.close(d.stop);
      }
    }, 300_000);
  }
});

/**
 * The TUI's race when its sessions run on an hmux server (this machine's, or another's over
 * `--host`): the server runs the race (src/server/races.ts) — it opens every contestant's session
 * in its own worktree, tallies them, runs the check and git where the worktrees are, records the
 * race and merges the pick — and this port only asks and hands the contestants' sessions to the
 * TUI as panes. The scorecard is checked against src/race's schema before the TUI shows it.
 */
import { ScorecardSchema } from "../race/scorecard-schema.js";
import { ServerError } from "../server/errors.js";
import type { RaceContestantStart, RacePort } from "../ui/race-port.js";
import type { ServerPanes } from "./server-panes.js";
import type { ServerLink } from "./server-session-port.js";

export function serverRacePort(link: ServerLink, panes: ServerPanes): RacePort {
  return {
    start: (request) =>
      // The contestants' `created` table lines are held: each gets its pane from here, once.
      panes.creating(async () => {
        const reply = await link.request({
          op: "race.start",
          cwd: panes.serverPath(undefined),
          name: request.name,
          prompt: request.prompt,
          harnesses: [...request.harnesses],
          check: request.check,
          options: panes.paneOptions(),
        });
        const contestants = reply.contestants.map(
          (c): RaceContestantStart =>
            c.session
              ? { harness: c.harness, port: panes.portFor(c.session) }
              : { harness: c.harness, failed: c.failed ?? "it did not start" },
        );
        return { race: reply.race, contestants, notes: reply.notes };
      }),
    async score(race) {
      const reply = await link.request({ op: "race.score", race });
      const card = ScorecardSchema.safeParse(reply.scorecard);
      if (!card.success)
        throw new ServerError(
          "protocol-error",
          `the hmux server sent a malformed scorecard: ${card.error.issues[0]?.message}`,
        );
      return card.data;
    },
    pick: async (race, harness) => (await link.request({ op: "race.pick", race, harness })).text,
    discard: async (race) => (await link.request({ op: "race.discard", race })).text,
  };
}

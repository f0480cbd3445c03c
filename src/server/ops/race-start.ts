import { RaceStartRequest } from "../../protocol/requests.js";
import { openingAllowed } from "./launch-error.js";
import type { Op } from "./op.js";
import { raceError, racesOf } from "./race-error.js";

/** Opens a race: every contestant's session in its own worktree, the first prompt sent by the server. */
export const raceStart: Op<"race.start"> = {
  op: "race.start",
  schema: RaceStartRequest,
  async run(ctx, r) {
    openingAllowed(ctx.stopping(), "no new race");
    const races = await racesOf(ctx.races);
    const started = await races
      .start({
        cwd: r.cwd,
        harnesses: r.harnesses,
        prompt: r.prompt,
        check: r.check,
        options: r.options,
        ...(r.name !== undefined ? { name: r.name } : {}),
        ...(r.base !== undefined ? { base: r.base } : {}),
      })
      .catch((err: unknown) => {
        throw raceError(err);
      });
    return {
      race: started.race,
      notes: [...started.notes],
      contestants: started.contestants.map((c) =>
        "failed" in c
          ? { harness: c.harness, failed: c.failed }
          : { harness: c.harness, session: ctx.table.resolve(c.session) },
      ),
    };
  },
};

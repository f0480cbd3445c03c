import { RaceScoreRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";
import { raceError, racesOf } from "./race-error.js";

/** The race's scorecard, once every contestant's first turn ended (the reply waits for a check still running). */
export const raceScore: Op<"race.score"> = {
  op: "race.score",
  schema: RaceScoreRequest,
  // The check may run for minutes: the client's other requests (keys, decisions) do not wait behind it.
  concurrent: true,
  async run(ctx, r) {
    const scorecard = await (await racesOf(ctx.races)).score(r.race).catch((err: unknown) => {
      throw raceError(err);
    });
    return { race: r.race, scorecard };
  },
};

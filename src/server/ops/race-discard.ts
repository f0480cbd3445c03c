import { RaceDiscardRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";
import { raceError, racesOf } from "./race-error.js";

/** Ends the contestants' sessions (a check still running stops) and removes every worktree that loses no work. */
export const raceDiscard: Op<"race.discard"> = {
  op: "race.discard",
  schema: RaceDiscardRequest,
  concurrent: true,
  async run(ctx, r) {
    const races = await racesOf(ctx.races);
    const { discardText } = await import("../../race/session-races.js");
    const cleanup = await races.discard(r.race, r.force ? { force: true } : {}).catch((err: unknown) => {
      throw raceError(err);
    });
    return {
      race: r.race,
      text: discardText(r.race, cleanup),
      removed: [...cleanup.removed],
      branchesKept: [...cleanup.branchesKept],
      kept: cleanup.kept.map((k) => ({ ...k })),
    };
  },
};

import { RacePickRequest } from "../../protocol/requests.js";
import type { Op } from "./op.js";
import { raceError, racesOf } from "./race-error.js";

/** Ends the contestants' sessions, merges the winner into the base and removes the other worktrees. */
export const racePick: Op<"race.pick"> = {
  op: "race.pick",
  schema: RacePickRequest,
  concurrent: true,
  async run(ctx, r) {
    const races = await racesOf(ctx.races);
    const { pickText } = await import("../../race/session-races.js");
    const picked = await races
      .pick(r.race, r.harness, {
        ...(r.force ? { force: true } : {}),
        ...(r.noFastForward ? { noFastForward: true } : {}),
      })
      .catch((err: unknown) => {
        throw raceError(err);
      });
    return {
      race: r.race,
      text: pickText(r.race, picked),
      merge: picked.merge.how,
      removed: [...picked.removed],
      branchesKept: [...picked.branchesKept],
      kept: picked.kept.map((k) => ({ ...k })),
    };
  },
};

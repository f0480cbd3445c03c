import { isRefusal } from "../../core/refusal.js";
import type { SessionRaces } from "../../race/session-races.js";
import { ServerError, serverErrorOf } from "../errors.js";
import type { RaceCreateOptions, RacesLoader } from "../races.js";

/** What stopped a race step: where the race stands (no such race, still running, too late), or a refusal of its request. */
export function raceError(err: unknown): ServerError {
  if (isRefusal(err)) {
    const failure = err.toFailure();
    return new ServerError("race-refused", err.message, failure.hint, failure);
  }
  return serverErrorOf(err);
}

/** The server's races, or a refusal saying this server was started without them. */
export async function racesOf(races: RacesLoader | undefined): Promise<SessionRaces<RaceCreateOptions>> {
  if (!races) throw new ServerError("race-refused", "this hmux server runs no races", "start it with hmux server");
  return races();
}

import { isRefusal } from "../../core/refusal.js";
import { isRaceStateError } from "../../race/race-errors.js";
import type { SessionRaces } from "../../race/session-races.js";
import { isServerError, ServerError } from "../errors.js";
import type { RaceCreateOptions } from "../races.js";

/** What stopped a race step: where the race stands (no such race, still running, too late), or a refusal of its request. */
export function raceError(err: unknown): ServerError {
  if (isServerError(err)) return err;
  if (isRaceStateError(err)) return new ServerError(err.code, err.message, err.hint);
  if (isRefusal(err)) {
    const failure = err.toFailure();
    return new ServerError("RACE_REFUSED", err.message, failure.hint, failure);
  }
  return new ServerError("INTERNAL", err instanceof Error ? err.message : String(err));
}

/** The server's races, or a refusal saying this server was started without them. */
export function racesOf(races: SessionRaces<RaceCreateOptions> | undefined): SessionRaces<RaceCreateOptions> {
  if (!races) throw new ServerError("RACE_REFUSED", "this hmux server runs no races", "start it with hmux server");
  return races;
}

/**
 * Why a step of a race of sessions is refused at this point of the race: there is no such race,
 * it is still running (its scorecard does not exist yet), or it has already ended (picked or
 * discarded) and the step came too late. The code is the one a server's reply carries.
 */
import { HmuxError } from "../core/hmux-error.js";

export type RaceStateCode = "no-such-race" | "race-running" | "too-late";

export class RaceStateError extends HmuxError {
  declare readonly code: RaceStateCode;
  constructor(code: RaceStateCode, message: string, hint?: string) {
    super(code, message, hint);
    this.name = "RaceStateError";
  }
}

export function isRaceStateError(err: unknown): err is RaceStateError {
  return err instanceof RaceStateError;
}

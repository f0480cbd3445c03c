/**
 * Why a step of a race of sessions is refused at this point of the race: there is no such race,
 * it is still running (its scorecard does not exist yet), or it has already ended (picked or
 * discarded) and the step came too late. The code is the one a server's reply carries.
 */
export type RaceStateCode = "NO_SUCH_RACE" | "RACE_RUNNING" | "TOO_LATE";

export class RaceStateError extends Error {
  constructor(
    readonly code: RaceStateCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "RaceStateError";
  }
}

export function isRaceStateError(err: unknown): err is RaceStateError {
  return err instanceof RaceStateError;
}

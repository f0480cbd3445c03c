import { ServerError, serverErrorOf } from "../errors.js";

/**
 * What stopped a session from opening: the pipeline's refusal (with its failure summary), any
 * other hmux error under its table wire code, or what went wrong.
 */
export function launchError(err: unknown): ServerError {
  return serverErrorOf(err, "launch-refused");
}

/** Refuses to open a session on a server that is stopping. */
export function openingAllowed(stopping: boolean, what = "no new sessions"): void {
  if (stopping) throw new ServerError("shutting-down", `the hmux server is stopping: ${what}`);
}

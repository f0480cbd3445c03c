import { isHmuxError } from "../../core/hmux-error.js";
import { isRefusal } from "../../core/refusal.js";
import { isServerError, ServerError, serverCodeOf } from "../errors.js";

/**
 * What stopped a session from opening: the pipeline's refusal (with its failure summary), any
 * other hmux error under its table wire code, or what went wrong.
 */
export function launchError(err: unknown): ServerError {
  if (isServerError(err)) return err;
  if (isRefusal(err)) {
    const failure = err.toFailure();
    return new ServerError(serverCodeOf(err.wireCode), err.message, failure.hint, failure);
  }
  if (isHmuxError(err)) return new ServerError(serverCodeOf(err.wireCode), err.message, err.hint);
  return new ServerError("LAUNCH_REFUSED", err instanceof Error ? err.message : String(err));
}

/** Refuses to open a session on a server that is stopping. */
export function openingAllowed(stopping: boolean, what = "no new sessions"): void {
  if (stopping) throw new ServerError("SHUTTING_DOWN", `the hmux server is stopping: ${what}`);
}

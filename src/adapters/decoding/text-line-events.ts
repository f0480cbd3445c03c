import { authFailure, limitFailure, type MatcherSet, matchLimit } from "../../core/classify.js";
import type { HarnessEvent } from "../../core/events.js";
import { failureEvent } from "../../core/failure.js";

/**
 * A line that is not a JSON object: surfaced as `raw`, never fatal. Limit wording on either
 * stream is a wall (`limit` + failure); auth wording is trusted on stderr only, where the
 * harness writes its own diagnostics (stdout prose could be the model quoting an error).
 */
export function textLineEvents(line: string, stream: "stdout" | "stderr", set: MatcherSet): HarnessEvent[] {
  const out: HarnessEvent[] = [{ kind: "raw", stream, text: line }];
  const code = matchLimit(line, set);
  if (code) {
    out.push({ kind: "limit", code, message: line }, failureEvent(limitFailure(code, line)));
    return out;
  }
  if (stream === "stderr") {
    const auth = authFailure(line, set);
    if (auth) out.push({ kind: "error", message: `auth wall: ${auth.authKind}` }, failureEvent(auth));
  }
  return out;
}

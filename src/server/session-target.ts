/**
 * Which session a target (what a person types after `hmux kill`, `resume`, `diff` …) names: an
 * exact id first, then a name, then a unique start of an id (`hmux ls` shows the first 8 digits).
 * Ids come first, so a name can never stand for another session's id. The server's table and
 * the commands that look sessions up beside it (`hmux diff`) decide by this one rule.
 */
import { ServerError } from "./errors.js";

export interface TargetableSession {
  readonly id: string;
  readonly name: string;
}

/** The session `target` names among `sessions`; `no-such-session` or `ambiguous-session` otherwise. */
export function findSessionTarget<T extends TargetableSession>(sessions: Iterable<T>, target: string): T {
  const all = [...sessions];
  const byId = all.find((s) => s.id === target);
  if (byId) return byId;
  const byName = all.find((s) => s.name === target);
  if (byName) return byName;
  const prefixed = all.filter((s) => s.id.startsWith(target));
  if (prefixed.length === 1) return prefixed[0]!;
  if (prefixed.length > 1)
    throw new ServerError(
      "ambiguous-session",
      `${JSON.stringify(target)} is the start of ${prefixed.length} session ids (${prefixed.map((s) => s.name).join(", ")})`,
      "name the session, or give more of its id",
    );
  throw new ServerError(
    "no-such-session",
    `no session ${JSON.stringify(target)} on this server`,
    "see `hmux ls` for the sessions it has",
  );
}

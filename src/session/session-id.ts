/**
 * A session id names files in private directories (the journal, the control socket and its
 * token, the state dir), so it must be a plain file name there: letters, digits, `.`, `_` and
 * `-`, starting with a letter or digit (so never `.`/`..` and never an option), at most 128
 * characters. Checked wherever an id enters, whether or not a journal is kept.
 */
import { RefusalError } from "../core/refusal.js";

const SAFE_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeSessionId(id: string): boolean {
  return SAFE_SESSION_ID.test(id);
}

/** Refuses an id that is not a safe file name, naming the rule. */
export function checkSessionId(id: string, option = "session-id"): string {
  if (isSafeSessionId(id)) return id;
  throw new RefusalError(
    `--${option} ${JSON.stringify(id)} is not a safe session id: use letters, digits, '.', '_' and '-', starting with a letter or digit (at most 128)`,
    { issue: "invalid-option-value", option, hint: "omit --session-id for a random UUID" },
  );
}

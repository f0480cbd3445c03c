/**
 * A session name must never read as a session id, or a target meant for one session's id
 * would reach another session by name. Server session ids are UUIDs and `hmux ls` shows their
 * first 8 hex digits, so a name made only of hex digits and dashes that holds 8 or more hex
 * digits is refused: it is, or could be, an id or the id prefix someone copied from `hmux ls`.
 */
const HEX_AND_DASHES = /^[0-9a-f-]+$/i;
const ID_PREFIX_DIGITS = 8;

export function looksLikeSessionId(name: string): boolean {
  return HEX_AND_DASHES.test(name) && name.replaceAll("-", "").length >= ID_PREFIX_DIGITS;
}

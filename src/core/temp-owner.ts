/**
 * The names of hmux's scratch dirs in the system temp dir carry the pid that made them
 * (`hmux-<kind>-<pid>-XXXXXX`), so a later hmux can tell the dirs a SIGKILLed one left
 * (src/spawn/owned-temp-dir.ts sweeps them) from a live one's.
 */

import { invariant } from "./invariant.js";

const KIND = /^[a-z][a-z0-9-]*$/;
/** The prefix and mkdtemp's six characters. */
const OWNED_NAME = /^hmux-[a-z][a-z0-9-]*-(\d+)-[A-Za-z0-9]{6}$/;

/** The mkdtemp prefix of a dir of this kind made by this pid. */
export function ownedTempPrefix(kind: string, pid: number): string {
  invariant(KIND.test(kind), `a temp dir kind is lowercase letters, digits and dashes, not ${JSON.stringify(kind)}`);
  invariant(Number.isSafeInteger(pid) && pid > 0, `a temp dir's owner is a pid, not ${pid}`);
  return `hmux-${kind}-${pid}-`;
}

/** The pid a temp dir's name says made it; undefined for a name not made by ownedTempPrefix. */
export function tempOwnerPid(name: string): number | undefined {
  const match = OWNED_NAME.exec(name);
  if (!match) return undefined;
  const pid = Number(match[1]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

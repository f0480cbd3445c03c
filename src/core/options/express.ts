/**
 * Whether a harness can express a setting, from its descriptor's `expresses` list.
 * An entry is a TurnOptions key (`effort`: any value), a key with one JSON value
 * (`memory=true`: only that value, e.g. muse cannot turn memory off), or a discovery facet
 * (`discovery.tools`; plain `discovery` covers every facet). Keys hmux carries out itself
 * (HMUX_SIDE_KEYS: budgets, question escalation, …) are expressible everywhere.
 */
import { HMUX_SIDE_KEYS, type TurnOptionKey } from "../argv/option-keys.js";

export function canExpress(expresses: readonly string[], key: string, value: unknown): boolean {
  if (HMUX_SIDE_KEYS.has(key as TurnOptionKey)) return true;
  if (expresses.includes(key)) return true;
  if (expresses.includes(`${key}=${JSON.stringify(value)}`)) return true;
  const dot = key.indexOf(".");
  return dot > 0 && expresses.includes(key.slice(0, dot));
}

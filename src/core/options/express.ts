/**
 * Whether a harness can express a setting, from its descriptor's `expresses` list.
 * An entry is a TurnOptions key (`effort`: any value), a key with one JSON value
 * (`memory=true`: only that value, e.g. muse cannot turn memory off), or a discovery facet
 * (`discovery.tools`; plain `discovery` covers every facet).
 */
import type { TurnOptions } from "./types.js";

/** Settings hmux itself carries out, so every harness expresses them. */
export const HMUX_SIDE_KEYS: ReadonlySet<string> = new Set<keyof TurnOptions>([
  "escalateQuestions", "timeoutSeconds", "stallSeconds",
]);

export function canExpress(expresses: readonly string[], key: string, value: unknown): boolean {
  if (HMUX_SIDE_KEYS.has(key)) return true;
  if (expresses.includes(key)) return true;
  if (expresses.includes(`${key}=${JSON.stringify(value)}`)) return true;
  const dot = key.indexOf(".");
  return dot > 0 && expresses.includes(key.slice(0, dot));
}

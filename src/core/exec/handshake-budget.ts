/**
 * How long a harness that opens its session by a handshake (an ACP agent: initialize, then
 * session/new, resume or load) has before hmux gives up on it: one rule for every such harness,
 * decided here. The default is generous because a slow start is not a broken agent: a cold
 * opencode on a busy 2-core machine (load ~12) took 33 s to answer session/new, where it takes
 * 4 s on an idle one, and an agent that never answers still ends typed, only later. A harness
 * whose start needs more declares its own budget (its module's `limits.handshakeMs`, a config
 * entry's `handshakeSeconds`), within the same bound a config value has.
 */
import { HmuxError } from "../hmux-error.js";

/** The default budget, in seconds: twice the slowest start measured under load (opencode, 33 s). */
export const DEFAULT_HANDSHAKE_SECONDS = 60;
/** The most any harness or config may ask: ten minutes. */
export const HANDSHAKE_MAX_SECONDS = 600;

/**
 * The budget of one harness's handshake, in ms: what the harness declares, else the default. A
 * declaration out of bounds is the harness's error, reported when it is registered, not when a
 * session would wait on it.
 */
export function handshakeBudgetMs(harness: string, declaredMs?: number): number {
  if (declaredMs === undefined) return DEFAULT_HANDSHAKE_SECONDS * 1000;
  if (Number.isInteger(declaredMs) && declaredMs >= 1 && declaredMs <= HANDSHAKE_MAX_SECONDS * 1000) return declaredMs;
  throw new HmuxError(
    "invalid-harness",
    `${harness} declares a handshake budget of ${declaredMs} ms: a whole number of ms from 1 to ${HANDSHAKE_MAX_SECONDS * 1000}`,
  );
}

/** A budget as a person reads it: whole seconds where it is whole seconds. */
export function budgetText(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A time taken, as a person reads it: ms below a second, then seconds to a tenth. */
export function elapsedText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

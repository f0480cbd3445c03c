/**
 * A harness notice that changes what a setting means in practice (its sandbox set up otherwise
 * than asked) becomes a `divergence` event the user sees, not a stderr line to skim past. The
 * patterns are data, like the failure matchers (core/classify.ts); each adapter lists its own.
 */
import { type PatternSpec, SCAN_LIMIT } from "../../core/classify.js";
import type { HarnessEvent } from "../../core/events.js";

export interface SafetyNoticePattern extends PatternSpec {
  /** The setting the notice is about, as the options name it (`sandbox`). */
  readonly key: string;
  /** What runs instead, in words. */
  readonly runs: string;
  /** Asked values this notice does not change (no sandbox was asked for, so none is missing). */
  readonly unaffected?: readonly string[];
}

/**
 * The divergence a notice line reports, given what was asked per setting; null when the line
 * matches no pattern, or the setting was not asked for, or the asked value is not affected.
 */
export function safetyDivergence(
  line: string,
  patterns: readonly SafetyNoticePattern[],
  asked: Readonly<Record<string, string | undefined>>,
): Extract<HarnessEvent, { kind: "divergence" }> | null {
  const text = line.slice(0, SCAN_LIMIT);
  for (const p of patterns) {
    if (!new RegExp(p.pattern, p.flags ?? "i").test(text)) continue;
    const value = asked[p.key];
    if (value === undefined || p.unaffected?.includes(value)) return null;
    return { kind: "divergence", key: p.key, asked: value, runs: p.runs, notice: line.trim() };
  }
  return null;
}

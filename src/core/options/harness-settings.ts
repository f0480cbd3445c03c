/**
 * What the core knows of a setting only one harness has (codex's sandbox, muse's write gate): its
 * key, its check and the few facts option resolution, project trust and the config file need. The
 * harness module declares it (HarnessOptionSpec in src/adapters/adapter.ts adds its help and CLI
 * spelling); the core names no such setting itself, it is handed the registry's specs.
 */
import * as z from "zod/mini";
import "../schema-locale.js";

export interface HarnessSettingSpec {
  /** A camelCase word: `contextWindow` → `--codex-context-window`, `harnessOptions.codex.contextWindow`. */
  readonly key: string;
  /** Checks one value; the planner sees only values it accepted. */
  readonly value: z.ZodMiniType;
  /** What it accepts, in words, for help and refusals ("an integer 1-272000"). */
  readonly allowed: string;
  /** hmux's built-in profile value for it (applied at launch, below the config tiers); absent = none. */
  readonly profile?: unknown;
  /**
   * Its values from the narrowest to the loosest, when a looser one lets more run unchecked (a
   * sandbox mode, a write gate): an untrusted project may not choose one looser than the user's
   * own (or the profile's, or else the narrowest). Absent: not a safety setting.
   */
  readonly looseness?: readonly unknown[];
  /**
   * Normalized settings the harness renders through this one (codex renders --access as its
   * sandbox): its profile value yields to them, and a value a user chose beside one is refused.
   */
  readonly exclusiveWith?: readonly string[];
  /** False when the harness's resume grammar cannot carry it (refused on resume). */
  readonly onResume?: boolean;
  /** The top-level config key it had before it was the harness's own (`sandbox`): refused, naming the new key. */
  readonly legacyConfigKey?: string;
}

/** A spec with the harness that declares it, as the registry lists them. */
export interface OwnedHarnessSetting extends HarnessSettingSpec {
  readonly harness: string;
}

export { harnessOptionFlag } from "./harness-option-flag.js";

/** `codex.sandbox`: how provenance, refusals and the one-shot gate name a harness's setting. */
export function harnessSettingName(harness: string, key: string): string {
  return `${harness}.${key}`;
}

/** Whether the spec's check accepts the value. */
export function acceptsValue(spec: HarnessSettingSpec, value: unknown): boolean {
  return z.safeParse(spec.value, value).success;
}

/** The built-in profile's values of a harness's own settings, by key. */
export function harnessProfileOf(specs: readonly HarnessSettingSpec[]): Readonly<Record<string, unknown>> {
  return Object.fromEntries(specs.filter((s) => s.profile !== undefined).map((s) => [s.key, s.profile]));
}

/**
 * Whether `value` is looser than `fallback` on the spec's ladder. A value off the ladder counts as
 * the loosest, so an unknown value never passes as a narrow one.
 */
export function isLooser(spec: HarnessSettingSpec, value: unknown, fallback: unknown): boolean {
  const ladder = spec.looseness;
  if (!ladder) return false;
  const rank = (v: unknown) => {
    const at = ladder.indexOf(v);
    return at < 0 ? ladder.length : at;
  };
  return rank(value) > rank(fallback === undefined ? ladder[0] : fallback);
}

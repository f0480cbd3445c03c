/**
 * A harness's own flag typed before `--` on the hmux command line: recognized and redirected
 * to hmux's normalized spelling, instead of "unknown option". Native flags meant for the
 * harness belong after `--` (passthrough). Each harness declares its own spellings (its
 * adapter's `nativeSpellings`); the recognizer is handed the registry's, in registration order.
 */
import type { NativeSpelling } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import { RefusalError } from "../refusal.js";

/** One of a harness's flags for something hmux spells its own way. */
export interface NativeFlagSpelling {
  /** The token as typed before `--` (for `--flag=value`, the flag part). */
  readonly flag: string;
  /** How the harness writes it in full, when that is more than the flag ("--mode json"). */
  readonly spelling?: string;
  /** hmux's option it corresponds to. */
  readonly option: string;
  /** hmux's spelling to use instead. */
  readonly normalized: string;
  /**
   * What the flag means to this harness, when another harness gives the same flag another
   * meaning: it tells the two apart in the redirect ("`-- -c key=value` (codex config)").
   * Without it the flag itself is shown.
   */
  readonly sense?: string;
}

/** A declared spelling with the harness that declared it. */
export interface OwnedNativeSpelling extends NativeFlagSpelling {
  readonly harness: HarnessName;
}

/** The normalized spelling of a print flag: hmux run never needs one. */
export const ALWAYS_HEADLESS = "(nothing: hmux run is always headless)";

/** The declarations of one flag that mean the same hmux option, in the order they were declared. */
interface Meaning {
  readonly option: string;
  readonly normalized: string;
  readonly sense: string;
  readonly owners: OwnedNativeSpelling[];
}

function meaningsOf(flag: string, spellings: readonly OwnedNativeSpelling[]): Meaning[] {
  const meanings: Meaning[] = [];
  for (const s of spellings) {
    if (s.flag !== flag) continue;
    const same = meanings.find((m) => m.option === s.option && m.normalized === s.normalized);
    if (same) same.owners.push(s);
    else meanings.push({ option: s.option, normalized: s.normalized, sense: s.sense ?? s.flag, owners: [s] });
  }
  return meanings;
}

const ownerNames = (owners: readonly OwnedNativeSpelling[]) => [...new Set(owners.map((s) => s.harness))].join("/");

/**
 * A refusal redirecting a native flag to hmux's spelling, or null when the token is none of
 * the declared native flags (then the CLI's own "unknown option" applies). `--flag=value` is
 * matched by its flag part.
 */
export function recognizeNativeSpelling(token: string, spellings: readonly OwnedNativeSpelling[]): RefusalError | null {
  const flag = token.startsWith("--") && token.includes("=") ? token.slice(0, token.indexOf("=")) : token;
  const meanings = meaningsOf(flag, spellings);
  const [first] = meanings;
  if (first === undefined) return null;
  const owners = meanings.flatMap((m) => m.owners);
  // One meaning: hmux's spelling. Several: each with whose flag it is, so nobody gets the other's advice.
  const normalized =
    meanings.length === 1
      ? first.normalized
      : meanings.map((m) => `${m.normalized} (${ownerNames(m.owners)} ${m.sense})`).join(" or ");
  const supportedBy: NativeSpelling[] = owners.map((s) => ({ harness: s.harness, spelling: s.spelling ?? s.flag }));
  return new RefusalError(`${flag} is ${ownerNames(owners)}'s spelling; use ${normalized}`, {
    issue: "native-flag-spelling",
    option: first.option,
    supported: [normalized],
    supportedBy,
    hint: `use ${normalized}, or pass ${flag} to the harness verbatim after --`,
  });
}

/** Every native flag hmux redirects, once each (for help texts and tests). */
export function knownNativeFlags(spellings: readonly OwnedNativeSpelling[]): readonly string[] {
  return [...new Set(spellings.map((s) => s.flag))];
}

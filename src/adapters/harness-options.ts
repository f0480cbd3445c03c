/**
 * A harness's own settings (HarnessOptionSpec) as every entry point spells them, and the one
 * check of their values: the module's schema, with a refusal naming the harness, the key and what
 * it accepts. The registry runs the check before the planner sees a turn request.
 */
import * as z from "zod/mini";
import type { TurnOptions } from "../core/options/types.js";
import { RefusalError } from "../core/refusal.js";
import type { HarnessOptionSpec } from "./adapter.js";

/** A spec owned by its harness, as the registry lists them. */
export interface OwnedHarnessOption extends HarnessOptionSpec {
  readonly harness: string;
}

const kebab = (key: string): string => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--codex-context-window`: the one command-line spelling (a legacyFlag is also accepted). */
export function harnessOptionFlag(harness: string, key: string): string {
  return `--${harness}-${kebab(key)}`;
}

/** A spec's key: a camelCase word, so its flag and config key are plain. */
export const harnessOptionKeySchema = z
  .string()
  .check(z.regex(/^[a-z][a-zA-Z0-9]*$/, { error: "a harness option key is one camelCase word" }));

/** Checks the turn's harness options for `harness` against its specs; throws RefusalError. */
export function checkHarnessOptions(
  harness: string,
  specs: readonly HarnessOptionSpec[],
  options: TurnOptions,
  all: readonly OwnedHarnessOption[],
): void {
  for (const [owner, section] of Object.entries(options.harnessOptions ?? {})) {
    for (const [key, value] of Object.entries(section ?? {})) {
      if (owner !== harness) {
        throw new RefusalError(`${harnessOptionFlag(owner, key)} is ${owner}'s setting; this run is ${harness}`, {
          issue: "unsupported-option",
          harness,
          option: `${owner}.${key}`,
          supportedBy: [{ harness: owner, spelling: harnessOptionFlag(owner, key) }],
          hint: `drop ${harnessOptionFlag(owner, key)}, or run ${owner}`,
        });
      }
      const spec = specs.find((s) => s.key === key);
      if (!spec) {
        const known = specs.map((s) => s.key);
        const elsewhere = all
          .filter((o) => o.key === key && o.harness !== harness)
          .map((o) => ({ harness: o.harness, spelling: harnessOptionFlag(o.harness, key) }));
        throw new RefusalError(`${harness} has no setting ${JSON.stringify(key)}`, {
          issue: "unsupported-option",
          harness,
          option: `${harness}.${key}`,
          supported: known,
          supportedBy: elsewhere,
          hint:
            known.length > 0
              ? `${harness}'s own settings: ${known.join(", ")}`
              : `${harness} has no settings of its own`,
        });
      }
      if (!z.safeParse(spec.value, value).success) {
        throw new RefusalError(
          `${harness} ${key} ${JSON.stringify(value)} is not valid: ${key} takes ${spec.allowed}`,
          {
            issue: "invalid-option-value",
            harness,
            option: `${harness}.${key}`,
            supported: [spec.allowed],
            hint: `pass ${harnessOptionFlag(harness, key)} with ${spec.allowed}`,
          },
        );
      }
    }
  }
}

/** The built-in profile's values of a harness's own settings, by key. */
export function harnessProfileOf(specs: readonly HarnessOptionSpec[]): Readonly<Record<string, unknown>> {
  return Object.fromEntries(specs.filter((s) => s.profile !== undefined).map((s) => [s.key, s.profile]));
}

/**
 * A harness's own settings (HarnessOptionSpec) as every entry point spells them, and the one
 * check of their values before a planner runs: the module's schema, with a refusal naming the
 * harness, the key and what it accepts. A config file's values were already checked when it
 * loaded (src/core/config/schema.ts, from the registry's toolRules); this check covers the args.
 */
import * as z from "zod/mini";
import type { TurnRequest } from "../core/argv/types.js";
import type { HarnessDescriptor } from "../core/descriptor.js";
import {
  acceptsValue,
  harnessOptionFlag,
  harnessSettingName,
  type OwnedHarnessSetting,
} from "../core/options/harness-settings.js";
import { RefusalError } from "../core/refusal.js";
import type { HarnessOptionSpec } from "./adapter.js";

export { harnessOptionFlag } from "../core/options/harness-settings.js";

/** A spec owned by its harness, as the registry lists them. */
export interface OwnedHarnessOption extends HarnessOptionSpec, OwnedHarnessSetting {}

/** A spec's key: a camelCase word, so its flag and config key are plain. */
export const harnessOptionKeySchema = z
  .string()
  .check(z.regex(/^[a-z][a-zA-Z0-9]*$/, { error: "a harness option key is one camelCase word" }));

/** The running harness's own advice for a key (its descriptor's hints), when it has some. */
function hintOf(self: HarnessDescriptor, key: string): string | undefined {
  return (self.hints.value as Readonly<Record<string, string | undefined>>)[key];
}

/** Checks the turn's harness options for `self` against its specs; throws RefusalError. */
export function checkHarnessOptions(
  self: HarnessDescriptor,
  specs: readonly HarnessOptionSpec[],
  request: TurnRequest,
  all: readonly OwnedHarnessOption[],
): void {
  const harness = self.name;
  const resuming = request.inputs.resume !== undefined || request.inputs.resumeLast === true;
  for (const [owner, section] of Object.entries(request.options.harnessOptions ?? {})) {
    for (const [key, value] of Object.entries(section ?? {})) {
      if (value === undefined) continue;
      const flag = harnessOptionFlag(owner, key);
      if (owner !== harness) {
        throw new RefusalError(`${flag} is ${owner}'s setting; this run is ${harness}`, {
          issue: "unsupported-option",
          harness,
          option: harnessSettingName(owner, key),
          supportedBy: [{ harness: owner, spelling: flag }],
          hint: hintOf(self, key) ?? `drop ${flag}, or run ${owner}`,
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
          option: harnessSettingName(harness, key),
          supported: known,
          supportedBy: elsewhere,
          hint:
            hintOf(self, key) ??
            (known.length > 0
              ? `${harness}'s own settings: ${known.join(", ")}`
              : `${harness} has no settings of its own`),
        });
      }
      if (!acceptsValue(spec, value)) {
        throw new RefusalError(
          `${harness} ${key} ${JSON.stringify(value)} is not valid: ${key} takes ${spec.allowed}`,
          {
            issue: "invalid-option-value",
            harness,
            option: harnessSettingName(harness, key),
            supported: [spec.allowed],
            hint: `pass ${flag} with ${spec.allowed}`,
          },
        );
      }
      if (resuming && spec.onResume === false) {
        throw new RefusalError(`${harness} cannot change ${key} when resuming a session`, {
          issue: "unsupported-on-resume",
          harness,
          option: harnessSettingName(harness, key),
          supported: [`a fresh turn (omit --resume) with ${flag}`, `resume without ${flag}`],
          hint: `drop ${flag} on resume (the session keeps its own setting), or start a fresh turn`,
        });
      }
    }
  }
}

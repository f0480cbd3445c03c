/**
 * A config file's `harnessOptions.<harness>` section, checked when the file loads against the
 * harness's own settings (the registry hands each harness's specs in its toolRules), so a bad
 * value names the file, the harness and the key before anything runs, on every entry point.
 */
import { acceptsValue, type HarnessSettingSpec } from "../options/harness-settings.js";
import type { HarnessToolRules } from "./tool-names.js";

export interface SectionProblem {
  readonly key: string;
  readonly message: string;
  /** "unknown-key" for a key the harness does not have; absent for a value its check refuses. */
  readonly params?: { readonly kind: "unknown-key" };
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function harnessSectionProblems(
  rules: HarnessToolRules,
  section: Readonly<Record<string, unknown>>,
): SectionProblem[] {
  const specs: readonly HarnessSettingSpec[] = rules.settings ?? [];
  const problems: SectionProblem[] = [];
  for (const [key, value] of Object.entries(section)) {
    const spec = specs.find((s) => s.key === key);
    if (!spec) {
      const known = specs.map((s) => s.key);
      problems.push({
        key,
        params: { kind: "unknown-key" },
        message: `${rules.name} has no setting ${JSON.stringify(key)} (its own settings: ${known.join(", ") || "none"})`,
      });
    } else if (!acceptsValue(spec, value)) {
      problems.push({ key, message: `${rules.name}'s ${key} takes ${spec.allowed} (found ${shown(value)})` });
    }
  }
  return problems;
}

/** A top-level key a harness's setting had before it was the harness's own, with where it lives now. */
export function legacyConfigKeyProblem(rules: readonly HarnessToolRules[], key: string, value: unknown): string | null {
  for (const r of rules)
    for (const spec of r.settings ?? [])
      if (spec.legacyConfigKey === key)
        return `moved: ${key} is ${r.name}'s own setting now; write it as {"harnessOptions": {${JSON.stringify(r.name)}: {${JSON.stringify(spec.key)}: ${shown(value)}}}}`;
  return null;
}

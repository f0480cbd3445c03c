/**
 * Refusal building: every refusal names an alternative. supportedBy is derived from all
 * descriptors' option tables (native spellings), the hint from this harness's curated hints.
 */
import type { HarnessDescriptor, HintKey } from "../descriptor.js";
import type { NativeSpelling, RefusalIssue } from "../events.js";
import { RefusalError } from "../refusal.js";
import type { DiscoveryFacet, TurnOptionKey } from "./option-keys.js";

/** Harnesses that can carry `key` (at `value`, when given), with their native spelling. */
export function supportedByFor(
  all: readonly HarnessDescriptor[],
  key: TurnOptionKey,
  value?: unknown,
): NativeSpelling[] {
  const out: NativeSpelling[] = [];
  for (const d of all) {
    const support = d.options[key]?.value;
    if (!support) continue;
    if (value !== undefined && support.only && !support.only.includes(value as never)) continue;
    out.push({ harness: d.name, spelling: support.spelling });
  }
  return out;
}

/** Harnesses whose discovery table can turn `facet` off. */
export function supportedByFacet(all: readonly HarnessDescriptor[], facet: DiscoveryFacet): NativeSpelling[] {
  const out: NativeSpelling[] = [];
  for (const d of all) {
    const support = d.options.discovery?.value;
    const allowed = support?.facets?.[facet];
    if (allowed === "any" || (Array.isArray(allowed) && allowed.includes(false))) {
      out.push({ harness: d.name, spelling: support!.spelling });
    }
  }
  return out;
}

export function hintFor(self: HarnessDescriptor, key: HintKey, fallback: string): string {
  return (self.hints.value as Record<string, string | undefined>)[key] ?? fallback;
}

/** What this harness CAN do instead: its own expressible option keys. */
export function expressedKeys(self: HarnessDescriptor): string[] {
  return [...self.expresses];
}

/** The option cannot be rendered on this harness at all. */
export function unsupportedOption(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  key: TurnOptionKey,
  value?: unknown,
): RefusalError {
  const supportedBy = supportedByFor(all, key, value);
  const where = supportedBy.length ? `; ${supportedBy.map((s) => s.harness).join(", ")} can` : "";
  return new RefusalError(
    `${self.name} cannot express ${key}${value === undefined ? "" : ` = ${JSON.stringify(value)}`}${where}`,
    {
      issue: "unsupported-option",
      harness: self.name,
      option: key,
      supported: expressedKeys(self),
      supportedBy,
      hint: hintFor(
        self,
        key,
        `leave ${key} unset on ${self.name}, or run ${supportedBy[0]?.harness ?? "another harness"}`,
      ),
    },
  );
}

export function unsupportedFacet(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  facet: DiscoveryFacet,
): RefusalError {
  const supportedBy = supportedByFacet(all, facet);
  return new RefusalError(`${self.name} cannot turn discovery of ${facet} off`, {
    issue: "unsupported-option-facet",
    harness: self.name,
    option: `discovery.${facet}`,
    supported: ["discovery facets left on (the harness default)"],
    supportedBy,
    hint: hintFor(
      self,
      `discovery.${facet}`,
      `leave discovery.${facet} on, or run ${supportedBy[0]?.harness ?? "another harness"}`,
    ),
  });
}

export function unsupportedOnResume(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  key: TurnOptionKey,
): RefusalError {
  return new RefusalError(`${self.name} cannot change ${key} when resuming a session`, {
    issue: "unsupported-on-resume",
    harness: self.name,
    option: key,
    supported: ["a fresh turn (omit --resume) with this option", `resume without ${key}`],
    supportedBy: supportedByFor(all, key).filter((s) => s.harness !== self.name),
    hint: `drop ${key} on resume (the session keeps its own setting), or start a fresh turn`,
  });
}

/** A refusal with every field spelled out by the caller (value errors, exclusions). */
export function refusal(
  self: HarnessDescriptor,
  issue: RefusalIssue,
  option: string,
  message: string,
  supported: readonly string[],
  hint: string,
  supportedBy?: readonly NativeSpelling[],
): RefusalError {
  return new RefusalError(message, {
    issue,
    harness: self.name,
    option,
    supported,
    hint,
    ...(supportedBy ? { supportedBy } : {}),
  });
}

export function mutuallyExclusive(self: HarnessDescriptor, a: string, b: string, hint: string): RefusalError {
  return refusal(self, "mutually-exclusive-options", a, `${a} and ${b} cannot be combined on one run`, [a, b], hint);
}

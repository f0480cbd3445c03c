/**
 * Tool names as config and --tools speak them: a canonical name, or `native:<name>` to pass a
 * harness-native or extension tool through untranslated.
 */
import * as z from "zod/mini";
import "../schema-locale.js";
import type { HarnessDescriptor } from "../descriptor.js";
import type { HarnessSettingSpec } from "../options/harness-settings.js";
import { CANONICAL_TOOLS, type CanonicalTool, isCanonicalTool } from "../tools.js";

export const NATIVE_PREFIX = "native:";

export function isNativeToolName(name: string): boolean {
  return name.startsWith(NATIVE_PREFIX) && name.length > NATIVE_PREFIX.length && !/\s/.test(name);
}

export function isToolName(name: string): boolean {
  return isCanonicalTool(name) || isNativeToolName(name);
}

export const toolNameSchema = z.string().check(
  z.refine(isToolName, {
    error: (iss) =>
      `unknown tool name ${JSON.stringify(iss.input)}; use a canonical name (${CANONICAL_TOOLS.join(", ")}) or native:<name>`,
  }),
);

/**
 * What a config's toolMap may hold for one harness: its name and, for a harness whose tool
 * control works by category, not by tool, the canonical tools its categories cover (its
 * descriptor's `tools.categoryTools`; docs/harness-facts.md#reference-tool-names). The registry
 * supplies these; the core lists no harness.
 */
export interface HarnessToolRules {
  readonly name: string;
  readonly categoryTools: readonly CanonicalTool[] | null;
  /**
   * What its `harnessOptions` section may hold: the harness's own settings (its module's specs),
   * each value checked when the file loads. Absent: it has none, so any key there is unknown.
   */
  readonly settings?: readonly HarnessSettingSpec[];
}

/** Why a toolMap entry is refused on this harness, or null when it is acceptable. */
export function toolMapEntryProblem(rules: HarnessToolRules, canonical: string, native: string): string | null {
  if (!isCanonicalTool(canonical)) {
    return `${JSON.stringify(canonical)} is not a canonical tool name; use one of ${CANONICAL_TOOLS.join(", ")}`;
  }
  const categories = rules.categoryTools;
  if (categories && !categories.includes(canonical)) {
    return `${rules.name} controls tools by category only; ${canonical} is in none of its categories (mappable: ${categories.join(", ")})`;
  }
  if (native.trim() === "" || /\s/.test(native)) {
    return `the native tool name must be one non-empty word, got ${JSON.stringify(native)}`;
  }
  return null;
}

/** A harness's toolMap rules, from its descriptor. */
export function toolRulesOf(descriptor: HarnessDescriptor): HarnessToolRules {
  return { name: descriptor.name, categoryTools: descriptor.tools.value.categoryTools ?? null };
}

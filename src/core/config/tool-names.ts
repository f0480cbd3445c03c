/**
 * Tool names as config and --tools speak them: a canonical name, or `native:<name>` to pass a
 * harness-native or extension tool through untranslated.
 */
import { z } from "zod";
import type { HarnessName } from "../harness-names.js";
import { CANONICAL_TOOLS, type CanonicalTool, isCanonicalTool } from "../tools.js";

export const NATIVE_PREFIX = "native:";

export function isNativeToolName(name: string): boolean {
  return name.startsWith(NATIVE_PREFIX) && name.length > NATIVE_PREFIX.length && !/\s/.test(name);
}

export function isToolName(name: string): boolean {
  return isCanonicalTool(name) || isNativeToolName(name);
}

export const toolNameSchema = z.string().refine(isToolName, {
  error: (iss) =>
    `unknown tool name ${JSON.stringify(iss.input)}; use a canonical name (${CANONICAL_TOOLS.join(", ")}) or native:<name>`,
});

/**
 * Harnesses whose tool control works by category, not by tool: a toolMap entry can only name a
 * canonical tool one of their categories covers (docs/harness-facts.md#reference-tool-names: muse has categories
 * write {write, edit}, shell {shell}, web {web-fetch, web-search}).
 */
export const CATEGORY_ONLY_TOOLS: Readonly<Partial<Record<HarnessName, readonly CanonicalTool[]>>> = {
  muse: ["write", "edit", "shell", "web-fetch", "web-search"],
};

/** Why a toolMap entry is refused on this harness, or null when it is acceptable. */
export function toolMapEntryProblem(harness: HarnessName, canonical: string, native: string): string | null {
  if (!isCanonicalTool(canonical)) {
    return `${JSON.stringify(canonical)} is not a canonical tool name; use one of ${CANONICAL_TOOLS.join(", ")}`;
  }
  const categories = CATEGORY_ONLY_TOOLS[harness];
  if (categories && !categories.includes(canonical)) {
    return `${harness} controls tools by category only; ${canonical} is in none of its categories (mappable: ${categories.join(", ")})`;
  }
  if (native.trim() === "" || /\s/.test(native)) {
    return `the native tool name must be one non-empty word, got ${JSON.stringify(native)}`;
  }
  return null;
}

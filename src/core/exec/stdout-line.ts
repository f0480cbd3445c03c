/** Classifies one line of a harness's stdout: a JSON object record, or text to surface. */
import type { JsonObject } from "../decoder.js";

export type Line =
  | { readonly kind: "json"; readonly record: JsonObject }
  | { readonly kind: "text"; readonly text: string };

export function parseStdoutLine(line: string): Line {
  const trimmed = line.trim();
  if (trimmed.startsWith("{")) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        return { kind: "json", record: value as JsonObject };
    } catch {
      // not JSON: surfaced as text below
    }
  }
  return { kind: "text", text: line };
}

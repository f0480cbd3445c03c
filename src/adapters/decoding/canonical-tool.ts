import type { DecoderContext } from "../../core/decoder.js";

/** Native → canonical tool name, context overrides first (descriptor toolMap), then defaults. */
export function canonicalTool(
  name: string,
  defaults: Readonly<Record<string, string>>,
  context: DecoderContext,
): string | undefined {
  return context.toolNames?.[name] ?? defaults[name];
}

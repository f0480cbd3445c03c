/**
 * The stderr lines that say where each setting came from and what a harness could not express:
 *   provenance: effort = "high" (user-config)
 *   divergence: profile "sandbox" not expressible on pi; harness default applies
 */
import type { Divergence, Provenance } from "./types.js";
import type { ResolvedTurnOptions } from "./resolve.js";

export function renderProvenanceLine(entry: Provenance): string {
  const value = entry.value === undefined ? "native default" : JSON.stringify(entry.value);
  return `provenance: ${entry.key} = ${value} (${entry.tier})`;
}

export function renderDivergenceLine(entry: Divergence): string {
  return `divergence: ${entry.tier} ${JSON.stringify(entry.key)} ${entry.reason}`;
}

/** Provenance lines in resolution order, then divergence lines. */
export function renderResolution(resolved: Pick<ResolvedTurnOptions, "provenance" | "divergence">): string[] {
  return [...resolved.provenance.map(renderProvenanceLine), ...resolved.divergence.map(renderDivergenceLine)];
}

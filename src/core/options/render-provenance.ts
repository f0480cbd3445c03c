/**
 * The stderr lines that say where each setting came from, what a harness could not express,
 * and which project settings were not applied because the project is not trusted:
 *   provenance: effort = "high" (user-config)
 *   divergence: profile "sandbox" not expressible on pi; harness default applies
 *   untrusted: project config "autonomy" ignored; trust it in /home/u/.config/hmux/config.json ("trustedProjects": ["/repo"])
 */
import type { ProjectTrust, UntrustedSetting } from "../config/trust.js";
import type { ResolvedTurnOptions } from "./resolve.js";
import type { Divergence, Provenance } from "./types.js";

/** Past this, a value is shown by its start and its length: a megabyte system prompt is not a log line. */
const SHOWN_CHARS = 200;

export function renderProvenanceLine(entry: Provenance): string {
  const full = entry.value === undefined ? "native default" : JSON.stringify(entry.value);
  const value = full.length > SHOWN_CHARS ? `${full.slice(0, SHOWN_CHARS)}… (${full.length} characters)` : full;
  return `provenance: ${entry.key} = ${value} (${entry.tier})`;
}

export function renderDivergenceLine(entry: Divergence): string {
  return `divergence: ${entry.tier} ${JSON.stringify(entry.key)} ${entry.reason}`;
}

/** Where and how to trust the project: the user config path and the entry to add. */
export function trustHint(trust: ProjectTrust): string {
  const entry = trust.root === null ? '"trustedProjects"' : `"trustedProjects": [${JSON.stringify(trust.root)}]`;
  return trust.userConfigPath === null ? `your user config (${entry})` : `${trust.userConfigPath} (${entry})`;
}

export function renderUntrustedLine(entry: UntrustedSetting & { readonly trust: ProjectTrust }): string {
  const what = `project config ${JSON.stringify(entry.key)}${entry.entries ? ` entries ${JSON.stringify(entry.entries)}` : ""} ignored`;
  if (entry.never) return `untrusted: ${what}; only the user config can trust a project`;
  return `untrusted: ${what}; trust it in ${trustHint(entry.trust)}`;
}

/** Provenance lines in resolution order, then divergence lines, then untrusted lines. */
export function renderResolution(
  resolved: Pick<ResolvedTurnOptions, "provenance" | "divergence"> & Partial<Pick<ResolvedTurnOptions, "untrusted">>,
): string[] {
  return [
    ...resolved.provenance.map(renderProvenanceLine),
    ...resolved.divergence.map(renderDivergenceLine),
    ...(resolved.untrusted ?? []).map(renderUntrustedLine),
  ];
}

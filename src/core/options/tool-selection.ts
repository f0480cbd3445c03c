/**
 * Tool vocabulary steps of option resolution: toolset expansion, the project floor, and the
 * per-canonical toolMap merge. Each refusal names what was asked and what would work.
 */

import type { Config } from "../config/schema.js";
import { type HarnessToolRules, isToolName, toolMapEntryProblem } from "../config/tool-names.js";
import type { HarnessName } from "../harness-names.js";
import { RefusalError } from "../refusal.js";
import { CANONICAL_TOOLS, isCanonicalTool } from "../tools.js";
import type { Provenance, ProvenanceTier, TurnOptions } from "./types.js";

export type Toolsets = Readonly<Record<string, readonly string[]>>;

/** Named toolsets from both config tiers; a project toolset replaces a user one of the same name. */
export function mergeToolsets(user?: Config, project?: Config): Toolsets {
  const merged: Record<string, readonly string[]> = {};
  for (const source of [user?.toolsets, project?.toolsets]) {
    if (!source) continue;
    for (const name of Object.keys(source).sort()) merged[name] = [...source[name]!];
  }
  return merged;
}

/**
 * Replace each bare toolset name by its members, keep canonical and native:<name> entries, and
 * refuse anything else. Order of first appearance is kept; duplicates collapse.
 */
export function expandToolNames(
  names: readonly string[],
  toolsets: Toolsets,
  harness: HarnessName,
  option: "tools" | "excludeTools",
): string[] {
  const out: string[] = [];
  const add = (name: string): void => {
    if (!out.includes(name)) out.push(name);
  };
  for (const name of names) {
    const members = Object.hasOwn(toolsets, name) && !isToolName(name) ? toolsets[name] : undefined;
    if (members) members.forEach(add);
    else if (isToolName(name)) add(name);
    else {
      const setNames = Object.keys(toolsets);
      throw new RefusalError(
        `unknown tool name ${JSON.stringify(name)} in ${flagOf(option)}: not a canonical tool${setNames.length ? " or a configured toolset" : ""}`,
        {
          issue: "unknown-tool-name",
          harness,
          option,
          supported: [...CANONICAL_TOOLS, ...setNames],
          hint: `use a canonical name, native:${name} to pass a harness-native tool through, or define a toolset "${name}" in config`,
        },
      );
    }
  }
  return out;
}

/** The project `tools` key is a floor: a grant may narrow it, never exceed it, never silently clamp. */
export function checkFloor(grant: readonly string[], floor: readonly string[], harness: HarnessName): void {
  const excess = grant.filter((name) => !floor.includes(name));
  if (excess.length === 0) return;
  const floorText = floor.length === 0 ? "no tools (an empty floor refuses every grant)" : floor.join(",");
  throw new RefusalError(
    `--tools ${grant.join(",")} exceeds the project floor ${floorText}: ${excess.join(",")} not allowed by the project's .hmux/config.json tools`,
    {
      issue: "invalid-tool-grant",
      harness,
      option: "tools",
      supported: [...floor],
      hint:
        floor.length === 0
          ? "this project turns every tool off; run without --tools"
          : `grant a subset of ${floor.join(",")}, or drop --tools to get the floor itself`,
    },
  );
}

export interface ResolvedToolMap {
  readonly map: Readonly<Record<string, string>> | undefined;
  readonly provenance: readonly Provenance[];
}

/** The current harness's toolMap, merged per canonical name: args > project > user. */
export function mergeToolMap(
  rules: HarnessToolRules,
  layers: ReadonlyArray<readonly [ProvenanceTier, TurnOptions["toolMap"] | Config["toolMap"]]>,
): ResolvedToolMap {
  const harness = rules.name;
  const map: Record<string, string> = {};
  const tierOf = new Map<string, ProvenanceTier>();
  for (const [tier, toolMap] of layers) {
    const entries = toolMap?.[harness];
    if (!entries) continue;
    for (const [canonical, native] of Object.entries(entries)) {
      if (tierOf.has(canonical)) continue;
      const problem = toolMapEntryProblem(rules, canonical, native);
      if (problem) {
        throw new RefusalError(`toolMap.${harness}.${canonical}: ${problem}`, {
          issue: "invalid-option-value",
          harness,
          option: `toolMap.${harness}.${canonical}`,
          supported: [...CANONICAL_TOOLS],
        });
      }
      map[canonical] = native;
      tierOf.set(canonical, tier);
    }
  }
  const keys = Object.keys(map).sort(byCanonicalOrder);
  if (keys.length === 0) return { map: undefined, provenance: [] };
  const ordered: Record<string, string> = {};
  for (const k of keys) ordered[k] = map[k]!;
  return {
    map: ordered,
    provenance: keys.map((k) => ({ key: `toolMap.${harness}.${k}`, value: map[k], tier: tierOf.get(k)! })),
  };
}

function byCanonicalOrder(a: string, b: string): number {
  const ia = isCanonicalTool(a) ? CANONICAL_TOOLS.indexOf(a) : CANONICAL_TOOLS.length;
  const ib = isCanonicalTool(b) ? CANONICAL_TOOLS.indexOf(b) : CANONICAL_TOOLS.length;
  return ia - ib || (a < b ? -1 : a > b ? 1 : 0);
}

function flagOf(option: "tools" | "excludeTools"): string {
  return option === "tools" ? "--tools" : "--exclude-tools";
}

/**
 * Option resolution: args > project config > user config > built-in profile > harness default.
 * Pure and deterministic. Every resolved setting carries its tier; a profile or config value
 * the harness cannot express is reported as divergence and left to the harness default. An
 * explicit arg the harness cannot express passes through: the argv layer refuses it by name.
 */

import { DISCOVERY_FACETS } from "../argv/option-keys.js";
import { type Config, configTurnOptions } from "../config/schema.js";
import { type ProjectTrust, UNKNOWN_TRUST, type UntrustedSetting } from "../config/trust.js";
import { deepFreeze } from "../evidence.js";
import type { HarnessName } from "../harness-names.js";
import { RefusalError } from "../refusal.js";
import type { CanonicalTool } from "../tools.js";
import { canExpress } from "./express.js";
import {
  type HarnessSettingSpec,
  harnessOptionFlag,
  harnessProfileOf,
  harnessSettingName,
} from "./harness-settings.js";
import { BUILT_IN_DEFAULTS, BUILT_IN_PROFILE } from "./profile.js";
import { narrowProjectConfig } from "./project-trust.js";
import { checkFloor, expandToolNames, mergeToolMap, mergeToolsets } from "./tool-selection.js";
import type { Divergence, HarnessOptions, Provenance, ProvenanceTier, TurnOptions } from "./types.js";

export interface ResolveTurnOptionsInput {
  readonly harness: HarnessName;
  /** A category-only harness's mappable tools (descriptor tools.categoryTools); absent for the rest. */
  readonly categoryTools?: readonly CanonicalTool[] | null;
  /** From the harness descriptor; see express.ts for the entry forms. */
  readonly expresses: readonly string[];
  readonly mode: "launch" | "resume";
  readonly args: TurnOptions;
  readonly user?: Config;
  readonly project?: Config;
  /**
   * Whether the user config trusts the project (LoadedConfigs.projectTrust). Absent: untrusted,
   * so project settings that loosen a check are reported in `untrusted` and not applied.
   */
  readonly projectTrust?: ProjectTrust;
  /** This harness's own settings (its module's specs): their profile values, trust ladders and exclusions. */
  readonly harnessSettings?: readonly HarnessSettingSpec[];
}

/** An ignored project setting with where the user can trust the project, for the stderr line. */
export interface UntrustedReport extends UntrustedSetting {
  readonly trust: ProjectTrust;
}

export interface ResolvedTurnOptions {
  /** The effective settings to render; inexpressible config/profile values are left out. */
  readonly options: TurnOptions;
  /** One entry per resolved setting, in a fixed order. */
  readonly provenance: readonly Provenance[];
  readonly divergence: readonly Divergence[];
  /** Project settings not applied because the user config does not trust the project. */
  readonly untrusted: readonly UntrustedReport[];
}

/** Resolution order of settings, also the order of provenance lines. */
export const SETTING_ORDER = [
  "model",
  "effort",
  "provider",
  "access",
  "tools",
  "excludeTools",
  "autonomy",
  "memory",
  "discovery",
  "systemPrompt",
  "appendSystemPrompt",
  "skills",
  "isolation",
  "endpoint",
  "isolate",
  "escalateQuestions",
  "timeoutSeconds",
  "stallSeconds",
] as const satisfies readonly (keyof TurnOptions)[];

/**
 * Settings config still supplies on resume. Resume otherwise passes explicit values only (the
 * harness's own resume behaviour applies), but these are hmux's own behaviour or routing:
 * question escalation rides the prompt, the budgets are hmux's supervisor, and a resumed turn
 * must reach the same endpoint, with the same isolation, as the turn it continues.
 */
export const RESUME_CONFIG_KEYS: ReadonlySet<string> = new Set([
  "escalateQuestions",
  "timeoutSeconds",
  "stallSeconds",
  "endpoint",
  "isolate",
]);

/** Config and profile defaults that yield to `--isolation tool-free` (docs/harness-facts.md#reference-tool-free-turns). */
const TOOL_FREE_YIELDS: ReadonlySet<string> = new Set([
  "tools",
  "excludeTools",
  "skills",
  "access",
  "autonomy",
  "discovery",
]);

interface Chosen {
  readonly value: unknown;
  readonly tier: ProvenanceTier;
}

export function resolveTurnOptions(input: ResolveTurnOptionsInput): ResolvedTurnOptions {
  const { harness, expresses, mode, user } = input;
  const trust = input.projectTrust ?? UNKNOWN_TRUST;
  const narrowed = input.project
    ? narrowProjectConfig(input.project, user, trust, { harness, specs: input.harnessSettings ?? [] })
    : undefined;
  // The floor narrows, so the project's own `tools` bounds a grant whether trusted or not.
  const floor = input.project?.tools;
  const project = narrowed?.config;
  const args = expandArgTools({ ...input, ...(project ? { project } : {}) });
  if (args.tools && floor) checkFloor(args.tools, floor, harness);

  const layers = tierLayers(mode, args, user, project);
  const chosen = new Map<string, Chosen>();
  for (const key of SETTING_ORDER) {
    if (key === "discovery") {
      for (const facet of DISCOVERY_FACETS) pick(chosen, `discovery.${facet}`, layers, (o) => o.discovery?.[facet]);
    } else {
      pick(chosen, key, layers, (o) => o[key]);
    }
  }

  if (chosen.get("isolation")?.value === "tool-free") {
    for (const [key, c] of [...chosen]) {
      if (c.tier !== "arg" && TOOL_FREE_YIELDS.has(key.split(".")[0]!)) chosen.delete(key);
    }
  }
  applyAccessRules(chosen, harness);
  const excludeFolded = combineToolsAndExclusions(chosen, harness);

  const divergence: Divergence[] = [];
  for (const [key, c] of chosen) {
    if (c.tier === "arg" || c.tier === "default" || c.tier === "harness") continue;
    if (canExpress(expresses, key, c.value)) continue;
    divergence.push({
      key,
      value: c.value,
      tier: c.tier,
      reason: `not expressible on ${harness}; harness default applies`,
    });
    chosen.set(key, { value: undefined, tier: "harness" });
  }

  const options: Record<string, unknown> = {};
  const provenance: Provenance[] = [];
  const discovery: Record<string, boolean> = {};
  for (const [key, c] of chosen) {
    provenance.push({ key, value: c.value, tier: c.tier });
    if (c.tier === "harness" || (key === "excludeTools" && excludeFolded)) continue;
    if (key.startsWith("discovery.")) discovery[key.slice("discovery.".length)] = c.value as boolean;
    else options[key] = c.value;
  }
  if (Object.keys(discovery).length > 0) options.discovery = discovery;

  const own = resolveHarnessOptions(input, layers, chosen);
  provenance.push(...own.provenance);
  if (own.options) options.harnessOptions = own.options;

  const toolMap = mergeToolMap({ name: harness, categoryTools: input.categoryTools ?? null }, [
    ["arg", args.toolMap],
    ["project-config", project?.toolMap],
    ["user-config", user?.toolMap],
  ]);
  if (toolMap.map) options.toolMap = { [harness]: toolMap.map };
  provenance.push(...toolMap.provenance);

  const untrusted = (narrowed?.untrusted ?? [])
    .filter((u) => untrustedMatters(u, input, harness))
    .map((u) => ({ ...u, trust }));
  return deepFreeze({ options: reorder(options), provenance, divergence, untrusted });
}

/**
 * This harness's own settings, each key resolved across the tiers like any setting (the profile's
 * from its module), with provenance `<harness>.<key>`. Another harness's section in a config file
 * is that harness's business and is left out; one in the args is kept, so the planner refuses it
 * by name rather than dropping what the user typed.
 */
function resolveHarnessOptions(
  input: ResolveTurnOptionsInput,
  layers: ReadonlyArray<readonly [ProvenanceTier, TurnOptions]>,
  normalized: ReadonlyMap<string, Chosen>,
): { readonly options?: HarnessOptions; readonly provenance: readonly Provenance[] } {
  const { harness } = input;
  const specs = input.harnessSettings ?? [];
  const profile = harnessProfileOf(specs);
  const withProfile = layers.map(([tier, o]): readonly [ProvenanceTier, TurnOptions] =>
    tier === "profile" ? [tier, { harnessOptions: { [harness]: profile } }] : [tier, o],
  );
  const keys = new Set(withProfile.flatMap(([, o]) => Object.keys(o.harnessOptions?.[harness] ?? {})));
  const chosen = new Map<string, Chosen>();
  for (const key of [...keys].sort()) pick(chosen, key, withProfile, (o) => o.harnessOptions?.[harness]?.[key]);
  for (const spec of specs) applyExclusions(spec, harness, chosen, normalized);
  const out: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const [other, section] of Object.entries(input.args.harnessOptions ?? {}))
    if (other !== harness && section) out[other] = section;
  if (chosen.size > 0) out[harness] = Object.fromEntries([...chosen].map(([k, c]) => [k, c.value]));
  return {
    ...(Object.keys(out).length > 0 ? { options: out } : {}),
    provenance: [...chosen].map(([key, c]) => ({ key: `${harness}.${key}`, value: c.value, tier: c.tier })),
  };
}

/**
 * Only what would have changed this turn is reported: not a setting an arg overrides, not one a
 * resume never reads, not another harness's toolMap, not a toolset the args do not name.
 */
function untrustedMatters(u: UntrustedSetting, input: ResolveTurnOptionsInput, harness: HarnessName): boolean {
  const [head, second] = u.key.split(".");
  if (u.never) return true;
  if (head === "policy" || head === "ui") return false; // resolveConfigSettings reports these
  if (head === "toolMap")
    return second === harness && input.args.toolMap?.[harness]?.[u.key.split(".")[2]!] === undefined;
  if (head === "harnessOptions") {
    const [, owner, key] = u.key.split(".");
    if (owner !== harness || input.mode !== "launch") return false;
    return input.args.harnessOptions?.[harness]?.[key!] === undefined;
  }
  if (head === "toolsets") return [...(input.args.tools ?? []), ...(input.args.excludeTools ?? [])].includes(second!);
  const argValue =
    head === "discovery"
      ? input.args.discovery?.[second as keyof NonNullable<TurnOptions["discovery"]>]
      : input.args[head as keyof TurnOptions];
  if (argValue !== undefined) return false;
  return input.mode === "launch" || RESUME_CONFIG_KEYS.has(head!) || head === "tools";
}

/** Bare toolset names in --tools/--exclude-tools expand (project over user); unknown names refuse. */
function expandArgTools(input: ResolveTurnOptionsInput): TurnOptions {
  const { args, harness, user, project } = input;
  if (args.tools && args.excludeTools) {
    throw exclusive(harness, "tools", "--tools", "--exclude-tools", "pass a grant or an exclusion, not both");
  }
  const toolsets = mergeToolsets(user, project);
  const out: Record<string, unknown> = { ...args };
  if (args.tools) out.tools = expandToolNames(args.tools, toolsets, harness, "tools");
  if (args.excludeTools) out.excludeTools = expandToolNames(args.excludeTools, toolsets, harness, "excludeTools");
  return out as TurnOptions;
}

function tierLayers(
  mode: "launch" | "resume",
  args: TurnOptions,
  user: Config | undefined,
  project: Config | undefined,
): ReadonlyArray<readonly [ProvenanceTier, TurnOptions]> {
  const projectOptions = project ? configTurnOptions(project) : {};
  const userOptions = user ? configTurnOptions(user) : {};
  if (mode === "launch") {
    return [
      ["arg", args],
      ["project-config", projectOptions],
      ["user-config", userOptions],
      ["profile", BUILT_IN_PROFILE],
      ["default", BUILT_IN_DEFAULTS],
    ];
  }
  // Resume: no profile, and config only for hmux's own behaviour and routing — plus the project
  // floor, which is a security boundary: a resumed turn must not run with more tools than it.
  const projectOnResume = onlyKeys(projectOptions, RESUME_CONFIG_KEYS);
  return [
    ["arg", args],
    ["project-config", project?.tools ? { ...projectOnResume, tools: [...project.tools] } : projectOnResume],
    ["user-config", onlyKeys(userOptions, RESUME_CONFIG_KEYS)],
    ["default", BUILT_IN_DEFAULTS],
  ];
}

function pick(
  chosen: Map<string, Chosen>,
  key: string,
  layers: ReadonlyArray<readonly [ProvenanceTier, TurnOptions]>,
  read: (options: TurnOptions) => unknown,
): void {
  for (const [tier, options] of layers) {
    const value = read(options);
    if (value !== undefined) {
      chosen.set(key, { value: Array.isArray(value) ? [...value] : value, tier });
      return;
    }
  }
}

/**
 * A harness's own setting the harness renders a normalized one through (codex's sandbox carries
 * --access): its profile value yields to that setting; a value chosen in a tier conflicts with it.
 */
function applyExclusions(
  spec: HarnessSettingSpec,
  harness: HarnessName,
  chosen: Map<string, Chosen>,
  normalized: ReadonlyMap<string, Chosen>,
): void {
  const own = chosen.get(spec.key);
  if (!own) return;
  for (const key of spec.exclusiveWith ?? []) {
    const other = normalized.get(key);
    if (!other || other.tier === "harness") continue;
    if (own.tier === "profile") {
      chosen.delete(spec.key);
      return;
    }
    const name = harnessSettingName(harness, spec.key);
    const mine = own.tier === "arg" ? harnessOptionFlag(harness, spec.key) : `${name} (${own.tier})`;
    throw exclusive(
      harness,
      key,
      describeSource(key, other.tier),
      mine,
      `on ${harness} ${key} is rendered as its ${spec.key}; drop one of them`,
    );
  }
}

/**
 * --access is a preset allowlist, not a filter over one: it cannot meet a tools grant or an
 * exclusion from any tier. (A harness setting it is rendered through is applyExclusions'.)
 */
function applyAccessRules(chosen: Map<string, Chosen>, harness: HarnessName): void {
  const access = chosen.get("access");
  if (!access) return;
  for (const key of ["tools", "excludeTools"] as const) {
    const other = chosen.get(key);
    if (other) {
      throw exclusive(
        harness,
        "access",
        describeSource("access", access.tier),
        describeSource(key, other.tier),
        "access is a preset allowlist, not a filter over one; drop one of them",
      );
    }
  }
}

/**
 * A grant and an exclusion from one tier contradict each other. From different tiers the
 * stronger decides: a stronger grant overrides a weaker exclusion; a stronger exclusion narrows a
 * weaker grant (which keeps a project floor a floor). Returns whether the exclusion was folded in.
 */
function combineToolsAndExclusions(chosen: Map<string, Chosen>, harness: HarnessName): boolean {
  const tools = chosen.get("tools");
  const exclude = chosen.get("excludeTools");
  if (!tools || !exclude) return false;
  if (tools.tier === exclude.tier) {
    throw exclusive(
      harness,
      "tools",
      describeSource("tools", tools.tier),
      describeSource("excludeTools", exclude.tier),
      "keep a grant or an exclusion, not both",
    );
  }
  if (rank(tools.tier) < rank(exclude.tier)) {
    chosen.delete("excludeTools");
    return false;
  }
  const removed = exclude.value as readonly string[];
  chosen.set("tools", {
    value: (tools.value as readonly string[]).filter((n) => !removed.includes(n)),
    tier: tools.tier,
  });
  return true;
}

function rank(tier: ProvenanceTier): number {
  return ["arg", "project-config", "user-config", "profile", "default", "harness"].indexOf(tier);
}

function describeSource(key: string, tier: ProvenanceTier): string {
  if (tier === "arg") return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return `${key} (${tier})`;
}

function exclusive(harness: HarnessName, option: string, a: string, b: string, why: string): RefusalError {
  return new RefusalError(`${a} and ${b} are mutually exclusive: ${why}`, {
    issue: "mutually-exclusive-options",
    harness,
    option,
    hint: `drop ${b} or ${a}`,
  });
}

function onlyKeys(options: TurnOptions, keys: ReadonlySet<string>): TurnOptions {
  return Object.fromEntries(Object.entries(options).filter(([k]) => keys.has(k))) as TurnOptions;
}

function reorder(options: Record<string, unknown>): TurnOptions {
  const out: Record<string, unknown> = {};
  for (const key of [...SETTING_ORDER, "toolMap", "harnessOptions"])
    if (options[key] !== undefined) out[key] = options[key];
  return out as TurnOptions;
}

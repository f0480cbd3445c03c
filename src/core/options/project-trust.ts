/**
 * What an untrusted project config may still do: narrow. Every project setting that would make
 * more run without a check than the user's own config (or hmux's profile) allows is taken out
 * and reported; narrowing settings (the tools floor, exclusions, access read, a harness setting
 * no looser than the user's, the headless deny) pass untouched. A trusted project passes whole.
 */

import { DISCOVERY_FACETS } from "../argv/option-keys.js";
import type { Config } from "../config/schema.js";
import type { ProjectTrust, UntrustedSetting } from "../config/trust.js";
import type { HarnessName } from "../harness-names.js";
import { type HarnessSettingSpec, isLooser } from "./harness-settings.js";
import { BUILT_IN_PROFILE } from "./profile.js";

export interface NarrowedProject {
  /** The project config with every loosening setting taken out (the same object when trusted). */
  readonly config: Config;
  /** What was taken out, in a fixed order; empty when nothing was. */
  readonly untrusted: readonly UntrustedSetting[];
}

/** Booleans whose `true` lets more run unchecked: full autonomy. */
const LOOSENING_WHEN_TRUE = ["autonomy"] as const;

/** One harness's own settings, whose section of the project config is narrowed by their ladders. */
export interface HarnessSettingsOf {
  readonly harness: HarnessName;
  readonly specs: readonly HarnessSettingSpec[];
}

export function narrowProjectConfig(
  project: Config,
  user: Config | undefined,
  trust: ProjectTrust,
  own?: HarnessSettingsOf,
): NarrowedProject {
  const untrusted: UntrustedSetting[] = [];
  // A repository cannot trust itself: this is reported whether or not the project is trusted.
  if (project.trustedProjects !== undefined)
    untrusted.push({ key: "trustedProjects", value: project.trustedProjects, never: true });
  if (trust.trusted) return { config: project, untrusted };

  const out: Record<string, unknown> = { ...project };
  const ignore = (key: string, value: unknown, entries?: readonly string[]) =>
    untrusted.push(entries ? { key, value, entries: [...entries] } : { key, value });

  narrowPolicy(project, out, ignore);

  for (const key of LOOSENING_WHEN_TRUE) {
    if (project[key] === true && user?.[key] !== true && BUILT_IN_PROFILE[key] !== true) {
      ignore(key, true);
      delete out[key];
    }
  }

  if (own) narrowHarnessSection(project, user, own, out, ignore);

  if (project.access === "write" && user?.access === "read") {
    ignore("access", "write");
    delete out.access;
  }

  if (project.discovery) {
    const kept: Record<string, boolean> = { ...project.discovery };
    for (const facet of DISCOVERY_FACETS) {
      const fallback = user?.discovery?.[facet] ?? BUILT_IN_PROFILE.discovery?.[facet];
      if (project.discovery[facet] === true && fallback === false) {
        ignore(`discovery.${facet}`, true);
        delete kept[facet];
      }
    }
    out.discovery = kept;
  }

  if (project.isolate === false && user?.isolate === true) {
    ignore("isolate", false);
    delete out.isolate;
  }

  // A harness module is code hmux runs: a repository may not bring its own without the user's trust.
  if (project.harnesses !== undefined) {
    ignore("harnesses", project.harnesses);
    delete out.harnesses;
  }

  // Where the model traffic (prompts, code, the user's credentials) goes is not the repo's call.
  if (project.endpoint !== undefined && project.endpoint !== user?.endpoint) {
    ignore("endpoint", project.endpoint);
    delete out.endpoint;
  }

  narrowTools(project, user, out, ignore);

  // A canonical → native mapping decides what `read` or a policy's tool name really grants.
  if (project.toolMap) {
    for (const [harness, entries] of Object.entries(project.toolMap)) {
      for (const [canonical, native] of Object.entries(entries ?? {})) {
        const userNative = user?.toolMap?.[harness as HarnessName]?.[canonical];
        if (native !== userNative) ignore(`toolMap.${harness}.${canonical}`, native);
      }
    }
    delete out.toolMap;
  }

  // A project toolset may add names; it may not redefine one the user relies on.
  if (project.toolsets && user?.toolsets) {
    const kept: Record<string, readonly string[]> = { ...project.toolsets };
    for (const [name, members] of Object.entries(project.toolsets)) {
      const mine = user.toolsets[name];
      if (mine && !sameList(mine, members)) {
        ignore(`toolsets.${name}`, members);
        delete kept[name];
      }
    }
    out.toolsets = kept;
  }

  // The approve chord is the human check itself: a repo must not put it under a key typed often.
  const approveChord = project.ui?.keys?.approve;
  if (approveChord !== undefined && approveChord !== user?.ui?.keys?.approve) {
    ignore("ui.keys.approve", approveChord);
    const { approve: _approve, ...keys } = project.ui!.keys!;
    out.ui = { ...project.ui, keys };
  }

  return { config: out as Config, untrusted };
}

/** Allow entries are taken out; a headless deny (narrowing) stays. Nothing left: no project policy. */
function narrowPolicy(
  project: Config,
  out: Record<string, unknown>,
  ignore: (key: string, value: unknown) => void,
): void {
  const policy = project.policy;
  if (!policy) return;
  const { allowTools, allowCommands, ...rest } = policy;
  if (allowTools && allowTools.length > 0) ignore("policy.allowTools", allowTools);
  if (allowCommands && allowCommands.length > 0) ignore("policy.allowCommands", allowCommands);
  if (allowTools === undefined && allowCommands === undefined) return;
  if (Object.keys(rest).length === 0) delete out.policy;
  else out.policy = rest;
}

/**
 * As a default grant, project `tools` replaces the user's: it may not bring back a tool the user's
 * own grant leaves out or the user's exclusions remove. As exclusions, the project's replace the
 * user's, so the user's are kept alongside (an exclusion only narrows).
 */
function narrowTools(
  project: Config,
  user: Config | undefined,
  out: Record<string, unknown>,
  ignore: (key: string, value: unknown, entries?: readonly string[]) => void,
): void {
  if (project.tools) {
    const allowedByUser = (name: string) =>
      (!user?.tools || user.tools.includes(name)) && !user?.excludeTools?.includes(name);
    const dropped = project.tools.filter((name) => !allowedByUser(name));
    if (dropped.length > 0) {
      ignore("tools", project.tools, dropped);
      out.tools = project.tools.filter(allowedByUser);
    }
  }
  if (project.excludeTools && user?.excludeTools) {
    out.excludeTools = [
      ...project.excludeTools,
      ...user.excludeTools.filter((n) => !project.excludeTools!.includes(n)),
    ];
  }
}

/**
 * The harness's own settings with a looseness ladder (a sandbox mode, a write gate): a project
 * value looser than the user's (else the profile's, else the narrowest) is taken out.
 */
function narrowHarnessSection(
  project: Config,
  user: Config | undefined,
  own: HarnessSettingsOf,
  out: Record<string, unknown>,
  ignore: (key: string, value: unknown) => void,
): void {
  const section = project.harnessOptions?.[own.harness];
  if (!section) return;
  const kept: Record<string, unknown> = { ...section };
  for (const spec of own.specs) {
    const value = section[spec.key];
    if (value === undefined) continue;
    const fallback = user?.harnessOptions?.[own.harness]?.[spec.key] ?? spec.profile;
    if (isLooser(spec, value, fallback)) {
      ignore(`harnessOptions.${own.harness}.${spec.key}`, value);
      delete kept[spec.key];
    }
  }
  out.harnessOptions = { ...project.harnessOptions, [own.harness]: kept };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

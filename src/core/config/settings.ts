/**
 * The config settings that are not turn options: the approval policy and the TUI's keys, theme
 * and notifications. Resolved project > user, each with its provenance like every other setting.
 */
import { deepFreeze } from "../evidence.js";
import { narrowProjectConfig } from "../options/project-trust.js";
import type { Provenance, ProvenanceTier } from "../options/types.js";
import { DEFAULT_POLICY } from "./policy-default.js";
import { DEFAULT_HEADLESS_DENY_REASON, type PolicyConfig } from "./policy-schema.js";
import type { Config } from "./schema.js";
import { type ProjectTrust, UNKNOWN_TRUST, type UntrustedSetting } from "./trust.js";
import {
  KEY_ACTIONS,
  type KeyAction,
  NOTIFICATION_KINDS,
  type NOTIFICATION_METHODS,
  type Renderer,
  type UiConfig,
} from "./ui-schema.js";

export interface ResolvedPolicy {
  readonly allowTools: readonly string[];
  readonly allowCommands: readonly string[];
  readonly headless: { readonly decision: "deny"; readonly reason: string };
}

export interface ResolvedUi {
  readonly keys: Readonly<Partial<Record<KeyAction, string>>>;
  readonly theme?: string;
  readonly mouse?: boolean;
  readonly renderer?: Renderer;
  readonly notifications: {
    readonly enabled?: boolean;
    readonly method?: (typeof NOTIFICATION_METHODS)[number];
    readonly cooldownSeconds?: number;
    readonly kinds?: { readonly approval?: boolean; readonly question?: boolean; readonly failure?: boolean };
  };
}

export interface ResolvedConfigSettings {
  /** The stronger tier's policy, or hmux's default (src/core/config/policy-default.ts) when neither has one. */
  readonly policy: ResolvedPolicy;
  /** The tier the policy came from ("default" when no config has one). */
  readonly policyTier: ProvenanceTier;
  /** Only what config sets; the TUI lays it over its own defaults. */
  readonly ui: ResolvedUi;
  readonly provenance: readonly Provenance[];
  /** Project policy entries and the approve key not applied because the user config does not trust the project. */
  readonly untrusted: ReadonlyArray<UntrustedSetting & { readonly trust: ProjectTrust }>;
}

/**
 * A policy is one coherent statement, so the stronger tier's policy replaces the weaker one whole
 * (mixing one file's tools with another's commands would allow what neither file says).
 * UI settings merge per leaf: a project theme does not reset a user's key bindings.
 * An untrusted project (projectTrust absent or not trusted) contributes no allow entries: its
 * policy keeps only its headless deny, and with nothing left the user's policy stands. With no
 * policy in either tier, hmux's default applies (tier "default"): reads inside the workspace.
 */
export function resolveConfigSettings(input: {
  readonly user?: Config;
  readonly project?: Config;
  readonly projectTrust?: ProjectTrust;
}): ResolvedConfigSettings {
  const trust = input.projectTrust ?? UNKNOWN_TRUST;
  const narrowed = input.project ? narrowProjectConfig(input.project, input.user, trust) : undefined;
  const untrusted = (narrowed?.untrusted ?? [])
    .filter((u) => u.key.startsWith("policy.") || u.key.startsWith("ui."))
    .map((u) => ({ ...u, trust }));
  const tiers: ReadonlyArray<readonly [ProvenanceTier, Config | undefined]> = [
    ["project-config", narrowed?.config],
    ["user-config", input.user],
  ];
  const provenance: Provenance[] = [];

  let policy: ResolvedPolicy = completePolicy(DEFAULT_POLICY);
  let policyTier: ProvenanceTier = "default";
  for (const [tier, config] of tiers) {
    if (!config?.policy) continue;
    policy = completePolicy(config.policy);
    policyTier = tier;
    break;
  }
  provenance.push({ key: "policy", value: policy, tier: policyTier });

  const first = <T>(read: (ui: UiConfig) => T | undefined, key: string): T | undefined => {
    for (const [tier, config] of tiers) {
      const value = config?.ui ? read(config.ui) : undefined;
      if (value !== undefined) {
        provenance.push({ key, value, tier });
        return value;
      }
    }
    return undefined;
  };

  const keys: Partial<Record<KeyAction, string>> = {};
  for (const action of KEY_ACTIONS) {
    const chord = first((ui) => ui.keys?.[action], `ui.keys.${action}`);
    if (chord !== undefined) keys[action] = chord;
  }
  const theme = first((ui) => ui.theme, "ui.theme");
  const notifications: {
    enabled?: boolean;
    method?: (typeof NOTIFICATION_METHODS)[number];
    cooldownSeconds?: number;
    kinds?: { approval?: boolean; question?: boolean; failure?: boolean };
  } = {};
  const enabled = first((ui) => ui.notifications?.enabled, "ui.notifications.enabled");
  if (enabled !== undefined) notifications.enabled = enabled;
  const method = first((ui) => ui.notifications?.method, "ui.notifications.method");
  if (method !== undefined) notifications.method = method;
  const cooldown = first((ui) => ui.notifications?.cooldownSeconds, "ui.notifications.cooldownSeconds");
  if (cooldown !== undefined) notifications.cooldownSeconds = cooldown;
  // Each kind from the strongest tier that names it.
  const kinds: { approval?: boolean; question?: boolean; failure?: boolean } = {};
  for (const kind of NOTIFICATION_KINDS) {
    const on = first((ui) => ui.notifications?.kinds?.[kind], `ui.notifications.kinds.${kind}`);
    if (on !== undefined) kinds[kind] = on;
  }
  if (Object.keys(kinds).length > 0) notifications.kinds = kinds;

  const mouse = first((ui) => ui.mouse, "ui.mouse");
  const renderer = first((ui) => ui.renderer, "ui.renderer");
  const ui: ResolvedUi = {
    keys,
    notifications,
    ...(theme === undefined ? {} : { theme }),
    ...(mouse === undefined ? {} : { mouse }),
    ...(renderer === undefined ? {} : { renderer }),
  };
  return deepFreeze({ policy, policyTier, ui, provenance, untrusted });
}

function completePolicy(policy: PolicyConfig): ResolvedPolicy {
  return {
    allowTools: [...(policy.allowTools ?? [])],
    allowCommands: [...(policy.allowCommands ?? [])],
    headless: { decision: "deny", reason: policy.headless?.reason ?? DEFAULT_HEADLESS_DENY_REASON },
  };
}

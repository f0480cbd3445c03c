/**
 * A launch plan's resolved settings as the inspector shows them: each with the tier that decided
 * it, and why the harness cannot express it. Shared by a local pane and the hmux server's rows,
 * so both inspectors show the same; pure, so the server and every client read it alike.
 */
import type { ResolvedTurnOptions } from "../options/resolve.js";
import type { ProvenanceTier } from "../options/types.js";
import type { LaunchPlan } from "./types.js";

/** One resolved setting as an inspector shows it. */
export interface ResolvedSettingView {
  readonly key: string;
  readonly value: unknown;
  readonly tier: ProvenanceTier;
  /** Set when the harness cannot express this setting: why, in words. */
  readonly divergence?: string;
}

export function settingsView(
  resolved: ResolvedTurnOptions,
  policy?: LaunchPlan["policy"],
  decisionBudget?: LaunchPlan["decisionBudget"],
): ResolvedSettingView[] {
  const rows: ResolvedSettingView[] = resolved.provenance.map((p) => ({ key: p.key, value: p.value, tier: p.tier }));
  for (const d of resolved.divergence) rows.push({ key: d.key, value: d.value, tier: d.tier, divergence: d.reason });
  // What runs without asking is a setting like any other: shown with the tier that decided it.
  if (policy) {
    rows.push({ key: "policy.allowTools", value: policy.value.allowTools, tier: policy.tier });
    rows.push({ key: "policy.allowCommands", value: policy.value.allowCommands, tier: policy.tier });
  }
  // How long a waiting approval waits, in the config key's unit (seconds).
  if (decisionBudget && decisionBudget.ms !== null)
    rows.push({ key: "decisionBudget", value: decisionBudget.ms / 1000, tier: decisionBudget.tier });
  return rows;
}

/**
 * A launch plan's resolved settings as the inspector shows them: each with the tier that decided
 * it, and why the harness cannot express it. Shared by a local pane and the hmux server's rows,
 * so both inspectors show the same; it loads no UI module (the server's launcher uses it).
 */
import type { LaunchPlan } from "../core/launch/types.js";
import type { ResolvedTurnOptions } from "../core/options/resolve.js";
import type { ResolvedSettingView } from "../ui/session-port.js";

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

/**
 * How long hmux holds a gated call for somebody's answer before it denies the call itself: one
 * rule for every entry point, decided here at launch planning, so a TUI pane, `hmux new`, a
 * resumed session and a race contestant wait the same. A session on the server may be detached
 * and come back to, so the default is long (a person away for a coffee still answers in time);
 * `hmux run` has nobody to ask, so there the policy decides every call at once. The harness's own
 * wait still bounds it: the control machine keeps each call's deadline strictly below the
 * harness's limit for that call (src/core/control/deadline.ts), where a harness has one.
 */
import { type Config, DECISION_BUDGET_MAX_SECONDS } from "../config/schema.js";
import type { ProvenanceTier } from "../options/types.js";
import { RefusalError } from "../refusal.js";
import type { LaunchEntry } from "./types.js";

/** The default budget, in seconds: 10 minutes, as long as a person may reasonably be away. */
export const DEFAULT_DECISION_BUDGET_SECONDS = 600;

export interface DecisionBudget {
  /** How long a gated call waits for an answer, in ms; null when nobody can be asked (the policy decides at once). */
  readonly ms: number | null;
  /** Who set it: the request (a flag), a config file, or hmux's default. */
  readonly tier: ProvenanceTier;
}

export interface DecisionBudgetInput {
  readonly entry: LaunchEntry;
  /** What the entry point's caller asked for (`--decision-budget`), in ms. */
  readonly requestedMs?: number;
  readonly project?: Pick<Config, "decisionBudget">;
  readonly user?: Pick<Config, "decisionBudget">;
}

/** The one budget rule: nobody to ask under `hmux run`; otherwise the request, project, user config, or the default. */
export function decisionBudgetFor(input: DecisionBudgetInput): DecisionBudget {
  if (input.entry === "run") return { ms: null, tier: "default" };
  if (input.requestedMs !== undefined) return { ms: requested(input.requestedMs), tier: "arg" };
  if (input.project?.decisionBudget !== undefined)
    return { ms: input.project.decisionBudget * 1000, tier: "project-config" };
  if (input.user?.decisionBudget !== undefined) return { ms: input.user.decisionBudget * 1000, tier: "user-config" };
  return { ms: DEFAULT_DECISION_BUDGET_SECONDS * 1000, tier: "default" };
}

/** A requested budget within the bound a config value has too (a day), whichever entry point asked. */
function requested(ms: number): number {
  if (Number.isInteger(ms) && ms >= 1 && ms <= DECISION_BUDGET_MAX_SECONDS * 1000) return ms;
  throw new RefusalError(
    `--decision-budget ${ms} is not a whole number of ms from 1 to ${DECISION_BUDGET_MAX_SECONDS * 1000} (a day)`,
    {
      issue: "invalid-option-value",
      option: "decision-budget",
      hint: "give the wait in ms, e.g. --decision-budget 600000 for 10 minutes",
    },
  );
}

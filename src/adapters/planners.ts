/**
 * Each harness's planTurn (src/adapters/<harness>/argv.ts, H2).
 * TEMPORARY until those files land: every harness refuses with a clear message.
 */
import type { TurnRequest } from "../core/argv/types.js";
import type { HarnessName } from "../core/harness-names.js";
import { RefusalError } from "../core/refusal.js";
import type { Invocation } from "./types.js";

export type PlanInput = TurnRequest;

function notYet(harness: HarnessName) {
  return (_: TurnRequest): Invocation => {
    throw new RefusalError(`the ${harness} argv planner is not built yet`, { issue: "unsupported-option", harness, hint: "use hmux decode or hmux inspect meanwhile" });
  };
}

export const planners: Readonly<Record<HarnessName, (input: TurnRequest) => Invocation>> = {
  claude: notYet("claude"), codex: notYet("codex"), pi: notYet("pi"), muse: notYet("muse"), cursor: notYet("cursor"),
};

/** Every harness's planTurn, keyed by name (registry.ts composes adapters from these). */
import type { TurnRequest, PlannedInvocation } from "../core/argv/types.js";
import type { HarnessName } from "../core/harness-names.js";
import { planTurn as claude } from "./claude/argv.js";
import { planTurn as codex } from "./codex/argv.js";
import { planTurn as pi } from "./pi/argv.js";
import { planTurn as muse } from "./muse/argv.js";
import { planTurn as cursor } from "./cursor/argv.js";

export type PlanInput = TurnRequest;

export const planners: Readonly<Record<HarnessName, (input: PlanInput) => PlannedInvocation>> = Object.freeze({
  claude, codex, pi, muse, cursor,
});

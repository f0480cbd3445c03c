/** codex's one planner: one harness environment, the one-shot turn and the session spawn from it. */
import { type HarnessPlan, planHarness } from "../../core/argv/harness-plan.js";
import type { TurnRequest } from "../../core/argv/types.js";
import type { HarnessDescriptor } from "../../core/descriptor.js";
import { renderTurn } from "./argv.js";
import { descriptor } from "./descriptor.js";
import { codexEnvironment } from "./endpoint.js";
import { codexSession } from "./session-plan.js";

export function plan(request: TurnRequest, peers: readonly HarnessDescriptor[]): HarnessPlan {
  return planHarness(descriptor, peers, request, {
    environment: codexEnvironment,
    turn: renderTurn,
    session: codexSession,
  });
}

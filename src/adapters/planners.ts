/** Each harness's planTurn (src/adapters/<harness>/argv.ts), keyed by name for the registry. */
import type { TurnRequest } from "../core/argv/types.js";
import type { HarnessName } from "../core/harness-names.js";
import { planTurn as planClaude } from "./claude/argv.js";
import { planTurn as planCodex } from "./codex/argv.js";
import { planTurn as planCursor } from "./cursor/argv.js";
import { planTurn as planMuse } from "./muse/argv.js";
import { planTurn as planPi } from "./pi/argv.js";
import type { Invocation } from "./types.js";

export const planners: Readonly<Record<HarnessName, (input: TurnRequest) => Invocation>> = Object.freeze({
  claude: planClaude,
  codex: planCodex,
  pi: planPi,
  muse: planMuse,
  cursor: planCursor,
});

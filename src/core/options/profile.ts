/**
 * The built-in profile: hmux's ratified defaults, applied at launch only, below both config
 * tiers. A profile value a harness cannot express is reported as divergence, never refused.
 * Model is deliberately absent: the harness's own default model applies. A harness's own settings
 * get their profile values from its module (HarnessOptionSpec.profile).
 */
import { deepFreeze } from "../evidence.js";
import type { TurnOptions } from "./types.js";

export const BUILT_IN_PROFILE: TurnOptions = deepFreeze({
  // The only value in every uniform effort ladder.
  effort: "medium",
  discovery: { tools: true, instructionFiles: true, extensions: true, skills: true },
  autonomy: false,
  // Cross-session memory is opt-in.
  memory: false,
} satisfies TurnOptions);

/** hmux behaviours with a default outside the profile; these resolve on launch and resume. */
export const BUILT_IN_DEFAULTS: TurnOptions = deepFreeze({
  escalateQuestions: true,
} satisfies TurnOptions);

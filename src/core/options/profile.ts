/**
 * The built-in profile: hmux's ratified defaults, applied at launch only, below both config
 * tiers. A profile value a harness cannot express is reported as divergence, never refused.
 * Model is deliberately absent: the harness's own default model applies.
 */
import { deepFreeze } from "../evidence.js";
import type { TurnOptions } from "./types.js";

export const BUILT_IN_PROFILE: TurnOptions = deepFreeze({
  // The only value in every uniform effort ladder.
  effort: "medium",
  // Codex only; elsewhere a divergence.
  sandbox: "workspace-write",
  // Codex only; the largest window codex accepts.
  contextWindow: 272_000,
  discovery: { tools: true, instructionFiles: true, extensions: true, skills: true },
  autonomy: false,
  // Cross-session memory is opt-in.
  memory: false,
} satisfies TurnOptions);

/** hmux behaviours with a default outside the profile; these resolve on launch and resume. */
export const BUILT_IN_DEFAULTS: TurnOptions = deepFreeze({
  escalateQuestions: true,
} satisfies TurnOptions);

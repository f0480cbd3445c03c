import type { TurnOptions } from "../options/types.js";

/** Every TurnOptions key, in the fixed order planners walk them (argv is deterministic). */
export const TURN_OPTION_KEYS = [
  "model",
  "effort",
  "provider",
  "tools",
  "excludeTools",
  "access",
  "autonomy",
  "memory",
  "discovery",
  "systemPrompt",
  "appendSystemPrompt",
  "skills",
  "isolation",
  "escalateQuestions",
  "endpoint",
  "isolate",
  "timeoutSeconds",
  "stallSeconds",
  "toolMap",
  "harnessOptions",
] as const satisfies readonly (keyof TurnOptions)[];

export type TurnOptionKey = (typeof TURN_OPTION_KEYS)[number];

// Compile-time proof the tuple covers TurnOptions: adding a field without a key fails here.
type Missing = Exclude<keyof TurnOptions, TurnOptionKey>;
const coversAllKeys: Missing extends never ? true : Missing = true;
void coversAllKeys;

/** Discovery facets: each a switch that turns one kind of native auto-loading off. */
export const DISCOVERY_FACETS = ["tools", "instructionFiles", "extensions", "skills"] as const;
export type DiscoveryFacet = (typeof DISCOVERY_FACETS)[number];

/**
 * Keys hmux itself enforces or that ride the prompt: every harness "expresses" them
 * without a native flag (timeouts are hmux's own clocks, questions ride the preamble).
 */
export const HMUX_SIDE_KEYS: ReadonlySet<TurnOptionKey> = new Set<TurnOptionKey>([
  "escalateQuestions",
  "timeoutSeconds",
  "stallSeconds",
  "toolMap",
  "isolate",
  // Each harness's module checks its own section (src/adapters/harness-options.ts).
  "harnessOptions",
]);

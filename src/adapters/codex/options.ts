/** codex's own settings (HarnessOptionSpec): `--codex-context-window`, config `harnessOptions.codex.contextWindow`. */
import * as z from "zod/mini";
import type { TurnOptions } from "../../core/options/types.js";
import type { HarnessOptionSpec } from "../adapter.js";

/** The largest window codex accepts (docs/harness-facts.md#reference-flag-table). */
const MAX_CONTEXT_WINDOW = 272_000;

export const codexOptions: readonly HarnessOptionSpec[] = [
  {
    key: "contextWindow",
    describe: `codex context window in tokens, rendered as -c model_context_window (1-${MAX_CONTEXT_WINDOW})`,
    value: z.int().check(z.minimum(1), z.maximum(MAX_CONTEXT_WINDOW)),
    cli: "integer",
    allowed: `an integer from 1 to ${MAX_CONTEXT_WINDOW}`,
    legacyFlag: "--context-window",
    // hmux's ratified default: the largest window codex accepts.
    profile: MAX_CONTEXT_WINDOW,
  },
];

/** codex's section of the turn's harness options, already checked against codexOptions by the registry. */
export function codexSettings(options: TurnOptions): { readonly contextWindow?: number } {
  return (options.harnessOptions?.codex ?? {}) as { readonly contextWindow?: number };
}

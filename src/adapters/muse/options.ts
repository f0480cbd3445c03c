/** muse's own settings (HarnessOptionSpec): `--muse-max-steps`, config `harnessOptions.muse.maxSteps`. */
import * as z from "zod/mini";
import type { TurnOptions } from "../../core/options/types.js";
import type { HarnessOptionSpec } from "../adapter.js";

const MAX_STEPS = 10_000;

export const museOptions: readonly HarnessOptionSpec[] = [
  {
    key: "maxSteps",
    describe: `muse step cap, rendered as --max-model-steps (1-${MAX_STEPS})`,
    value: z.int().check(z.minimum(1), z.maximum(MAX_STEPS)),
    cli: "integer",
    allowed: `an integer from 1 to ${MAX_STEPS}`,
    legacyFlag: "--max-steps",
  },
];

/** muse's section of the turn's harness options, already checked against museOptions by the registry. */
export function museSettings(options: TurnOptions): { readonly maxSteps?: number } {
  return (options.harnessOptions?.muse ?? {}) as { readonly maxSteps?: number };
}

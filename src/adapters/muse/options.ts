/**
 * muse's own settings (HarnessOptionSpec): `--muse-max-steps`, `--no-muse-write`, `--no-muse-shell`;
 * config `harnessOptions.muse.maxSteps` / `.write` / `.shell`. Write and shell are muse's category
 * gates: off, the tools stay listed and their calls are denied.
 */
import * as z from "zod/mini";
import type { TurnOptions } from "../../core/options/types.js";
import type { HarnessOptionSpec } from "../adapter.js";

const MAX_STEPS = 10_000;

/** A category gate: off is the narrow value, so an untrusted project may turn it off but not on. */
function gate(key: "write" | "shell", native: string): HarnessOptionSpec {
  return {
    key,
    describe: `muse ${key} category; off renders ${native}`,
    value: z.boolean(),
    cli: "boolean",
    allowed: "true or false",
    legacyFlag: `--${key}`,
    legacyConfigKey: key,
    looseness: [false, true],
  };
}

export const museOptions: readonly HarnessOptionSpec[] = [
  {
    key: "maxSteps",
    describe: `muse step cap, rendered as --max-model-steps (1-${MAX_STEPS})`,
    value: z.int().check(z.minimum(1), z.maximum(MAX_STEPS)),
    cli: "integer",
    allowed: `an integer from 1 to ${MAX_STEPS}`,
    legacyFlag: "--max-steps",
  },
  gate("write", "--disable-write"),
  gate("shell", "--disable-shell"),
];

export interface MuseSettings {
  readonly maxSteps?: number;
  readonly write?: boolean;
  readonly shell?: boolean;
}

/** muse's section of the turn's harness options, already checked against museOptions by the registry. */
export function museSettings(options: TurnOptions): MuseSettings {
  return (options.harnessOptions?.muse ?? {}) as MuseSettings;
}

import type { HarnessName } from "../harness-names.js";
import { RefusalError } from "../refusal.js";

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The child's whole environment: the base (the launch plan's harness environment, already
 * without hmux's own variables: src/core/launch/harness-env.ts), then the adapter's changes,
 * then the caller's `--env` (the caller has the last word). A null or "" value deletes the key.
 */
export function composeEnv(
  base: Readonly<Record<string, string | undefined>>,
  adapter: Readonly<Record<string, string | null>>,
  caller: Readonly<Record<string, string>> = {},
  harness?: HarnessName,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  for (const [k, v] of Object.entries(adapter)) {
    if (v === null) delete env[k];
    else env[k] = v;
  }
  for (const [k, v] of Object.entries(caller)) {
    validateEnvEntry(k, v, harness);
    if (v === "") delete env[k];
    else env[k] = v;
  }
  return env;
}

export function validateEnvEntry(key: string, value: string, harness?: HarnessName): void {
  if (!ENV_KEY.test(key)) {
    throw new RefusalError(
      `invalid environment variable name ${JSON.stringify(key)}: use letters, digits and _ (not starting with a digit)`,
      {
        issue: "invalid-env",
        option: "env",
        harness,
        hint: "pass --env NAME=value, e.g. --env MY_VAR=1; NAME= deletes it",
      },
    );
  }
  if (value.includes("\0")) {
    throw new RefusalError(`environment variable ${key} contains a NUL byte, which no process environment can hold`, {
      issue: "invalid-env",
      option: "env",
      harness,
      hint: "remove the NUL character from the value",
    });
  }
}

/** Parses repeated `KEY=VAL` arguments; a missing `=` is refused, not guessed. */
export function parseEnvAssignments(items: readonly string[], harness?: HarnessName): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of items) {
    const eq = item.indexOf("=");
    if (eq <= 0) {
      throw new RefusalError(`--env ${JSON.stringify(item)} is not KEY=VALUE`, {
        issue: "invalid-env",
        option: "env",
        harness,
        hint: "write --env KEY=VALUE, or --env KEY= to delete KEY",
      });
    }
    const key = item.slice(0, eq);
    const value = item.slice(eq + 1);
    validateEnvEntry(key, value, harness);
    env[key] = value;
  }
  return env;
}

import { parseConfigOrThrow } from "../../../src/core/config/parse.js";
import type { Config } from "../../../src/core/config/schema.js";
import type { ProjectTrust } from "../../../src/core/config/trust.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

/** A config as the CLI would hand it over: parsed and validated from JSON text. */
export function config(body: Record<string, unknown>): Config {
  return parseConfigOrThrow(JSON.stringify({ version: 1, ...body }), "/test/config.json", TOOL_RULES);
}

/** Everything a harness could express, for tests about precedence rather than divergence. */
export const EXPRESSES_ALL = [
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
  "endpoint",
  "isolate",
];

/** The user config trusts the project: its settings apply whole (tests about precedence). */
export const TRUSTED: ProjectTrust = {
  trusted: true,
  root: "/repo",
  userConfigPath: "/home/u/.config/hmux/config.json",
};
/** The user config does not list the project. */
export const UNTRUSTED: ProjectTrust = {
  trusted: false,
  root: "/repo",
  userConfigPath: "/home/u/.config/hmux/config.json",
};

/** A seeded generator (LCG) so generated-input tests repeat exactly. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

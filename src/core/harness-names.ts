/**
 * A harness's name, as the core carries it. Which names exist is decided by the registry
 * (src/adapters/registry.ts), and a name from outside is checked against it at the boundary,
 * so the core holds no list of harnesses and compares no harness name.
 */
export type HarnessName = string;

/**
 * A harness name is one lowercase word, or such words joined by single hyphens (`claude-acp`: the
 * ACP adapter of a harness beside the harness): it becomes a CLI argument, a config key and part
 * of env variable names, where a hyphen is spelt `_` (envNameOf).
 */
export const HARNESS_NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const HARNESS_NAME_RULE =
  "a harness name is one lowercase word (letters and digits, starting with a letter), or such words joined by single hyphens";

/** The harness name as part of an environment variable's name: `claude-acp` → `CLAUDE_ACP`. */
export function envNameOf(harness: HarnessName): string {
  return harness.toUpperCase().replaceAll("-", "_");
}

/**
 * A harness's name, as the core carries it. Which names exist is decided by the registry
 * (src/adapters/registry.ts), and a name from outside is checked against it at the boundary,
 * so the core holds no list of harnesses and compares no harness name.
 */
export type HarnessName = string;

/** A harness name is one lowercase word: it becomes a CLI argument, a config key and part of env variable names. */
export const HARNESS_NAME_PATTERN = /^[a-z][a-z0-9]*$/;
export const HARNESS_NAME_RULE = "a harness name is one lowercase word (letters and digits, starting with a letter)";

export const HARNESS_NAMES = ["claude", "codex", "pi", "muse", "cursor"] as const;
export type HarnessName = (typeof HARNESS_NAMES)[number];
export function isHarnessName(value: string): value is HarnessName {
  return (HARNESS_NAMES as readonly string[]).includes(value);
}

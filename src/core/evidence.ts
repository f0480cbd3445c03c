/** Where a harness fact came from, and when: every descriptor fact carries one. */
export type EvidenceSource = "probe" | "doc" | "recorded-stream" | "help-text" | "research";
export interface Evidence {
  readonly source: EvidenceSource;
  /** ISO date the fact was established. */
  readonly date: string;
  /** Harness version the fact was checked against. */
  readonly version: string;
  /** File, URL or capture that shows it. */
  readonly ref: string;
}
export interface Fact<T> {
  readonly value: T;
  readonly evidence: Evidence;
}
export function fact<T>(value: T, evidence: Evidence): Fact<T> {
  return { value, evidence };
}

/** Recursively freeze data so descriptors cannot drift at run time. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value as object)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

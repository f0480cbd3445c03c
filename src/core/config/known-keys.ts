/** What keys the schema accepts at a path, for "unknown key, did you mean …" messages. */
import type { ConfigSchema } from "./schema.js";

interface SchemaLike {
  readonly def?: { readonly type?: string };
  readonly shape?: Record<string, unknown>;
  readonly keyType?: { readonly options?: readonly unknown[] };
  readonly element?: unknown;
  unwrap?: () => unknown;
}

export function knownKeysAt(path: readonly PropertyKey[], schema: ConfigSchema): string[] {
  let node: unknown = schema;
  for (const part of path) {
    node = unwrapOptional(node);
    const s = node as SchemaLike;
    if (s.shape && typeof part === "string") node = s.shape[part];
    else if (s.def?.type === "record") node = (s as unknown as { valueType: unknown }).valueType;
    else if (s.def?.type === "array") node = s.element;
    else return [];
    if (node === undefined) return [];
  }
  const s = unwrapOptional(node) as SchemaLike;
  if (s.shape) return Object.keys(s.shape);
  if (s.def?.type === "record" && s.keyType?.options) return s.keyType.options.map(String);
  return [];
}

function unwrapOptional(node: unknown): unknown {
  let current = node as SchemaLike;
  while (current?.def?.type === "optional" && current.unwrap) current = current.unwrap() as SchemaLike;
  return current;
}

/** The closest known name within a small edit distance, or null. */
export function nearestName(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase();
  // A truncated key ("cooldown" for "cooldownSeconds") is the likeliest slip.
  const extended = known.find((k) => lower.length >= 3 && k.toLowerCase().startsWith(lower));
  if (extended) return extended;
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = row;
  }
  return prev[b.length]!;
}

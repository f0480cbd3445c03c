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

/** What keys the schema accepts at a path, for "unknown key, did you mean …" messages. */
import type { ConfigSchema } from "./schema.js";

/** The parts of a schema's definition read here (zod's `def`, the same for zod and zod/mini). */
interface SchemaLike {
  readonly def?: {
    readonly type?: string;
    readonly innerType?: unknown;
    readonly valueType?: unknown;
    readonly keyType?: { readonly options?: readonly unknown[] };
    readonly element?: unknown;
  };
  readonly shape?: Record<string, unknown>;
}

export function knownKeysAt(path: readonly PropertyKey[], schema: ConfigSchema): string[] {
  let node: unknown = schema;
  for (const part of path) {
    node = unwrapOptional(node);
    const s = node as SchemaLike;
    if (s.shape && typeof part === "string") node = s.shape[part];
    else if (s.def?.type === "record") node = s.def.valueType;
    else if (s.def?.type === "array") node = s.def.element;
    else return [];
    if (node === undefined) return [];
  }
  const s = unwrapOptional(node) as SchemaLike;
  if (s.shape) return Object.keys(s.shape);
  if (s.def?.type === "record" && s.def.keyType?.options) return s.def.keyType.options.map(String);
  return [];
}

function unwrapOptional(node: unknown): unknown {
  let current = node as SchemaLike;
  while (current?.def?.type === "optional" && current.def.innerType) current = current.def.innerType as SchemaLike;
  return current;
}

/**
 * The harnesses hmux ships, in the order every listing shows them: each name with the loader of its
 * folder's module. The registry (registry.ts) is built from this list, loading every folder; a command
 * that needs one harness's decoder and nothing else (`hmux decode`) loads only that folder
 * (builtinDecoding), since loading all five was a third of its start-up (npm run bench -- startup).
 */
import type { HarnessModule } from "./adapter.js";

export interface BuiltinHarness {
  readonly name: string;
  load(): Promise<HarnessModule>;
}

export const BUILTIN_HARNESS_LIST: readonly BuiltinHarness[] = Object.freeze([
  { name: "claude", load: async () => (await import("./claude/adapter.js")).claude },
  { name: "codex", load: async () => (await import("./codex/adapter.js")).codex },
  { name: "pi", load: async () => (await import("./pi/adapter.js")).pi },
  { name: "muse", load: async () => (await import("./muse/adapter.js")).muse },
  { name: "cursor", load: async () => (await import("./cursor/adapter.js")).cursor },
]);

/** What decoding a recorded stream needs of a harness. */
export type HarnessDecoding = Pick<HarnessModule, "name" | "createDecoder" | "matchers">;

/**
 * The decoding half of one built-in harness, its folder alone loaded. A name that is not built in is
 * refused as the registry refuses it (loading them all: the refusal's hint names their binaries). The
 * module's facts are not checked here: every built-in is checked whenever the registry is built.
 */
export async function builtinDecoding(name: string): Promise<HarnessDecoding> {
  const entry = BUILTIN_HARNESS_LIST.find((h) => h.name === name);
  if (entry) return entry.load();
  return (await import("./registry.js")).builtinRegistry.require(name);
}

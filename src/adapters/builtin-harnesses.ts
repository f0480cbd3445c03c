/**
 * The harnesses hmux ships, in the order every listing shows them: each name with the loaders of its
 * folder's module and of its decoding alone. The registry (registry.ts) is built from this list,
 * loading every folder; `hmux decode`, which needs one harness's decoder and nothing else, loads only
 * that (builtinDecoding): loading all five folders was a third of its start-up (npm run bench -- startup).
 */
import type { HarnessDecoding, HarnessModule } from "./adapter.js";

export interface BuiltinHarness {
  readonly name: string;
  /**
   * Its module's `inDemo`, repeated here so `hmux --help` can name the demo's panes without loading
   * any folder (test/unit/descriptors/builtin-decoding.test.ts holds the two equal).
   */
  readonly inDemo?: true;
  load(): Promise<HarnessModule>;
  loadDecoding(): Promise<HarnessDecoding>;
}

export const BUILTIN_HARNESS_LIST: readonly BuiltinHarness[] = Object.freeze([
  {
    name: "claude",
    inDemo: true,
    load: async () => (await import("./claude/adapter.js")).claude,
    loadDecoding: async () => (await import("./claude/decoding.js")).claudeDecoding,
  },
  {
    name: "codex",
    inDemo: true,
    load: async () => (await import("./codex/adapter.js")).codex,
    loadDecoding: async () => (await import("./codex/decoding.js")).codexDecoding,
  },
  {
    name: "pi",
    inDemo: true,
    load: async () => (await import("./pi/adapter.js")).pi,
    loadDecoding: async () => (await import("./pi/decoding.js")).piDecoding,
  },
  {
    name: "muse",
    load: async () => (await import("./muse/adapter.js")).muse,
    loadDecoding: async () => (await import("./muse/decoding.js")).museDecoding,
  },
  {
    name: "cursor",
    load: async () => (await import("./cursor/adapter.js")).cursor,
    loadDecoding: async () => (await import("./cursor/decoding.js")).cursorDecoding,
  },
  // The pinned ACP agents (docs/acp-agents.md), each one folder on the ACP kind.
  {
    name: "opencode",
    load: async () => (await import("./opencode/adapter.js")).opencode,
    loadDecoding: async () => (await import("./opencode/decoding.js")).opencodeDecoding,
  },
  {
    name: "qwen",
    load: async () => (await import("./qwen/adapter.js")).qwen,
    loadDecoding: async () => (await import("./qwen/decoding.js")).qwenDecoding,
  },
  {
    name: "claude-acp",
    load: async () => (await import("./claude-acp/adapter.js")).claudeAcp,
    loadDecoding: async () => (await import("./claude-acp/decoding.js")).claudeAcpDecoding,
  },
  {
    name: "codex-acp",
    load: async () => (await import("./codex-acp/adapter.js")).codexAcp,
    loadDecoding: async () => (await import("./codex-acp/decoding.js")).codexAcpDecoding,
  },
  {
    name: "pi-acp",
    load: async () => (await import("./pi-acp/adapter.js")).piAcp,
    loadDecoding: async () => (await import("./pi-acp/decoding.js")).piAcpDecoding,
  },
]);

/**
 * One built-in harness's decoding, without the rest of its folder. A name that is not built in is
 * refused as the registry refuses it (loading them all: the refusal's hint names their binaries).
 * Its module's facts are not checked here: every built-in is checked whenever the registry is built.
 */
export async function builtinDecoding(name: string): Promise<HarnessDecoding> {
  const entry = BUILTIN_HARNESS_LIST.find((h) => h.name === name);
  if (entry) return entry.loadDecoding();
  return (await import("./registry.js")).builtinRegistry.require(name);
}

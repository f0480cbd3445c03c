/**
 * Tool selection at render time: canonical names and native:<name> turned into this harness's
 * native names (toolMap first, then the descriptor's vocabulary), plus the --access preset and
 * the mutual exclusions between them.
 */
import type { HarnessDescriptor } from "../descriptor.js";
import type { NativeSpelling } from "../events.js";
import type { TurnOptions } from "../options/types.js";
import { CANONICAL_TOOLS, type CanonicalTool, isCanonicalTool, READ_ACCESS_TOOLS } from "../tools.js";
import { mutuallyExclusive, refusal } from "./refusals.js";

const NATIVE_PREFIX = "native:";
/** A native tool name or claude pattern: never a flag, never a list separator. */
const CLEAN_NATIVE = /^[A-Za-z0-9_][A-Za-z0-9_.:/*()@ -]{0,127}$/;

function nativeFor(self: HarnessDescriptor, options: TurnOptions, canonical: CanonicalTool): string | undefined {
  return options.toolMap?.[self.name]?.[canonical] ?? self.tools.value.map[canonical];
}

/** Map each requested name to a native name; refuse what this harness cannot name. */
export function nativeToolNames(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  options: TurnOptions,
  names: readonly string[],
  option: "tools" | "excludeTools",
): string[] {
  const out: string[] = [];
  for (const name of names) {
    let native: string | undefined;
    if (name.startsWith(NATIVE_PREFIX)) {
      native = name.slice(NATIVE_PREFIX.length);
      if (!CLEAN_NATIVE.test(native) || native.includes(",")) {
        throw refusal(
          self,
          "invalid-tool-grant",
          option,
          `native tool name ${JSON.stringify(native)} is not a clean tool name`,
          ["native:<Name> with letters, digits, _ . : / * ( ) @ - or spaces, no commas"],
          "e.g. native:Bash(git *) on claude or native:web_search on pi",
        );
      }
    } else if (isCanonicalTool(name)) {
      native = nativeFor(self, options, name);
      if (native === undefined) {
        const supportedBy: NativeSpelling[] = all
          .filter((d) => d.tools.value.map[name] !== undefined)
          .map((d) => ({ harness: d.name, spelling: d.tools.value.map[name]! }));
        throw refusal(
          self,
          "unsupported-option",
          option,
          `${self.name} has no counterpart for the canonical tool ${JSON.stringify(name)}`,
          Object.keys(self.tools.value.map),
          `add toolMap.${self.name}.${name} to ~/.config/hmux/config.json or pass native:<name>`,
          supportedBy,
        );
      }
    } else {
      throw refusal(
        self,
        "unknown-tool-name",
        option,
        `unknown tool name ${JSON.stringify(name)}: not a canonical tool`,
        [...CANONICAL_TOOLS],
        `use a canonical name (${CANONICAL_TOOLS.slice(0, 4).join(", ")}, …) or native:${name}`,
      );
    }
    if (!out.includes(native)) out.push(native);
  }
  return out;
}

/** The --access read preset in native names; canonical tools with no counterpart are left out. */
export function readAccessNatives(self: HarnessDescriptor, options: TurnOptions): string[] {
  const out: string[] = [];
  for (const canonical of READ_ACCESS_TOOLS) {
    const native = nativeFor(self, options, canonical);
    if (native !== undefined && !out.includes(native)) out.push(native);
  }
  return out;
}

/** Names of the built-ins not in `keep`, in the descriptor's order. */
export function complementOf(self: HarnessDescriptor, keep: readonly string[]): string[] {
  return self.tools.value.builtins.filter((b) => !keep.includes(b));
}

/** --tools, --exclude-tools and --access are three ways to say one thing: only one per run. */
export function checkToolExclusions(self: HarnessDescriptor, options: TurnOptions): void {
  if (options.tools && options.excludeTools) {
    throw mutuallyExclusive(
      self,
      "tools",
      "excludeTools",
      "name the tools to keep with --tools, or the ones to drop with --exclude-tools, not both",
    );
  }
  if (options.access === "read" && (options.tools || options.excludeTools)) {
    throw mutuallyExclusive(
      self,
      "access",
      options.tools ? "tools" : "excludeTools",
      "--access is a preset allowlist: use it alone, or list the tools yourself with --tools",
    );
  }
  if (options.discovery?.tools === false && (options.tools?.length || options.access === "read")) {
    throw mutuallyExclusive(
      self,
      "discovery.tools",
      options.tools ? "tools" : "access",
      "--no-tools turns every tool off; drop it to grant a tool set",
    );
  }
}

/**
 * The built-in harnesses for the two moments a command line has no registry yet: `hmux decode`,
 * which loads one harness's decoding and nothing else (start-up) unless it names a config's, and an error raised before any
 * command built its context, whose unknown option may still be a harness's native spelling.
 */

import type { HarnessDecoding } from "../adapters/adapter.js";
import { BUILTIN_HARNESS_LIST, builtinDecoding } from "../adapters/builtin-harnesses.js";
import type { OwnedNativeSpelling } from "../core/argv/native-spelling.js";

/**
 * Decoding for `hmux decode`: a built-in harness's decoding alone, loaded without the registry;
 * any other name through the registry the config files in force at `cwd` define (loadRegistry, as
 * every command's), so a config's plugin module or ACP agent decodes as it runs, and a name neither
 * knows is the registry's own refusal. A config entry never takes a built-in's name, so the
 * built-in path decides the same.
 */
export function decodingAt(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): {
  readonly harnessNames: readonly string[];
  readonly decoding: (name: string) => Promise<HarnessDecoding>;
} {
  const builtins = BUILTIN_HARNESS_LIST.map((h) => h.name);
  return {
    harnessNames: [...builtins, "a harness the config registers"],
    decoding: async (name) => {
      if (builtins.includes(name)) return builtinDecoding(name);
      const { loadRegistry } = await import("./load-registry.js");
      return (await loadRegistry(cwd, env)).require(name);
    },
  };
}

/**
 * The panes `hmux demo` opens, as the program's help names them: the built-ins the demo is written
 * for, read from the built-in list without loading any harness's folder. The registry's own answer
 * (src/session/launch.ts demoHarnesses) is what `hmux demo` runs and its own help prints; every
 * built-in marked for the demo has a process session, so the two agree without a config.
 */
export function builtinDemoHarnesses(): readonly string[] {
  return BUILTIN_HARNESS_LIST.filter((h) => h.inDemo === true).map((h) => h.name);
}

export async function builtinNativeSpellings(): Promise<readonly OwnedNativeSpelling[]> {
  return (await import("../adapters/registry.js")).builtinRegistry.nativeSpellings;
}

/**
 * The built-in harnesses for the two moments a command line has no registry yet: `hmux decode`,
 * which loads one harness's decoding and nothing else (start-up), and an error raised before any
 * command built its context, whose unknown option may still be a harness's native spelling.
 */

import type { HarnessDecoding } from "../adapters/adapter.js";
import { BUILTIN_HARNESS_LIST, builtinDecoding } from "../adapters/builtin-harnesses.js";
import type { OwnedNativeSpelling } from "../core/argv/native-spelling.js";

export function builtinDecodingOnly(): {
  readonly harnessNames: readonly string[];
  readonly decoding: (name: string) => Promise<HarnessDecoding>;
} {
  return { harnessNames: BUILTIN_HARNESS_LIST.map((h) => h.name), decoding: builtinDecoding };
}

export async function builtinNativeSpellings(): Promise<readonly OwnedNativeSpelling[]> {
  return (await import("../adapters/registry.js")).builtinRegistry.nativeSpellings;
}

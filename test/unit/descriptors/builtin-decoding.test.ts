/**
 * `hmux decode` loads a built-in harness's decoding alone (src/adapters/builtin-harnesses.ts): it must be
 * the very decoding the registry's adapter of that name uses, so decode and a live session decode alike;
 * and the list's demo marks, which the program's help reads instead of loading the folders, are the modules'.
 */
import { describe, expect, it } from "vitest";
import { BUILTIN_HARNESS_LIST, builtinDecoding } from "../../../src/adapters/builtin-harnesses.js";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { builtinDemoHarnesses } from "../../../src/main/builtin-harness-facts.js";
import { demoHarnesses } from "../../../src/session/launch.js";

describe("a built-in harness's decoding loaded alone", () => {
  it("lists the registry's harnesses, in its order", () => {
    expect(BUILTIN_HARNESS_LIST.map((h) => h.name)).toEqual(builtinRegistry.names);
  });

  it("is its registered adapter's: the same name, decoder and failure wording", async () => {
    for (const entry of BUILTIN_HARNESS_LIST) {
      const decoding = await builtinDecoding(entry.name);
      const adapter = builtinRegistry.get(entry.name);
      expect(decoding.name, entry.name).toBe(adapter.name);
      expect(decoding.createDecoder, entry.name).toBe(adapter.createDecoder);
      expect(decoding.matchers, entry.name).toBe(adapter.matchers);
    }
  });

  it("marks for the demo exactly the harnesses whose module is in the demo, so the program's help names the demo's panes right", () => {
    for (const entry of BUILTIN_HARNESS_LIST)
      expect(entry.inDemo === true, entry.name).toBe(builtinRegistry.get(entry.name).inDemo === true);
    expect(builtinDemoHarnesses()).toEqual(demoHarnesses(builtinRegistry));
  });

  it("refuses a name that is not built in as the registry does", async () => {
    const refusal = await builtinDecoding("claud").catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(RefusalError);
    expect(() => builtinRegistry.require("claud")).toThrow((refusal as Error).message);
  });
});

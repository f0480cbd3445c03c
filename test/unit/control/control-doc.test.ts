import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { renderCapabilityBlock } from "../../../src/core/control/capability-doc.js";

const DOC = new URL("../../../docs/control.md", import.meta.url);

describe("docs/control.md", () => {
  it("the capability tables in the doc are the registry's rows, the ones the code uses", () => {
    const doc = readFileSync(DOC, "utf8");
    const begin = "<!-- BEGIN GENERATED: capability tables -->\n";
    const end = "<!-- END GENERATED: capability tables -->";
    const block = doc.slice(doc.indexOf(begin) + begin.length, doc.indexOf(end));
    expect(block).toBe(renderCapabilityBlock(builtinRegistry.channels));
  });
});

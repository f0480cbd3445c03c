/**
 * `hmux --help` describes hmux without a hand list of harnesses, which fell behind as soon as ACP
 * agents and agents added by config existed: it names none of the registry's harnesses and says
 * where the list is (`hmux harnesses`).
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { createProgram } from "../../../src/cli/main.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";

describe("hmux --help's description", () => {
  it("names no harness, so it cannot drift from the registry, and points at hmux harnesses", () => {
    const description = createProgram(memoryOutput()).description();
    const words = new Set(description.toLowerCase().split(/[^a-z0-9-]+/));
    expect(builtinRegistry.names.filter((name) => words.has(name))).toEqual([]);
    expect(description).toContain("hmux harnesses");
  });
});

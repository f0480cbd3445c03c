import { describe, expect, it } from "vitest";
import { BUILTIN_HARNESSES, builtinRegistry, createRegistry } from "../../../src/adapters/registry.js";
import { demoHarnesses, processSessionHarnesses } from "../../../src/session/launch.js";

describe("the demo's default panes", () => {
  it("are the harnesses whose module says the demo is written for them: claude, codex and pi", () => {
    expect(demoHarnesses(builtinRegistry)).toEqual(["claude", "codex", "pi"]);
  });

  it("leave out every other process session (the pinned ACP agents), which join only when named", () => {
    const others = processSessionHarnesses(builtinRegistry).filter((h) => !["claude", "codex", "pi"].includes(h));
    expect(others.length).toBeGreaterThan(0);
    for (const h of others) expect(demoHarnesses(builtinRegistry)).not.toContain(h);
  });

  it("follow the module's own word: a module that drops inDemo leaves the demo", () => {
    const registry = createRegistry(BUILTIN_HARNESSES.map((m) => (m.name === "codex" ? { ...m, inDemo: false } : m)));
    expect(demoHarnesses(registry)).toEqual(["claude", "pi"]);
  });
});

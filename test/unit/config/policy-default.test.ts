import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { READ_ONLY_COMMANDS, READ_ONLY_TOOLS } from "../../../src/core/config/policy-default.js";
import { resolveConfigSettings } from "../../../src/core/config/settings.js";
import { makeClassifier } from "../../../src/core/control/policy.js";
import { CANONICAL_TOOLS } from "../../../src/core/tools.js";

const WS = "/work/project";
/** The policy every harness gets when no config states one. */
const classify = makeClassifier(resolveConfigSettings({}).policy, WS);

/** Every harness's own name for each canonical tool, from its adapter's descriptor. */
const toolsOf = (canonical: readonly string[]) =>
  builtinRegistry.adapters.flatMap((a) =>
    Object.entries(a.descriptor.tools.value.map as Record<string, string | undefined>)
      .filter(([c, native]) => canonical.includes(c) && native !== undefined)
      .map(([c, native]) => ({ harness: a.name, canonical: c, tool: native! })),
  );
const readTools = toolsOf(READ_ONLY_TOOLS);
const otherTools = toolsOf(CANONICAL_TOOLS.filter((c) => !READ_ONLY_TOOLS.includes(c)));

describe("the default policy treats reading alike on every harness", () => {
  it("covers the read tools of more than one harness (the table is not empty)", () => {
    expect(new Set(readTools.map((t) => t.harness)).size).toBeGreaterThan(1);
  });

  it.each(readTools)("$harness $tool ($canonical) inside the workspace runs without asking", ({ tool, canonical }) => {
    for (const input of [{ path: "README.md" }, { file_path: `${WS}/src/a.ts` }, { pattern: "*.md", path: "src" }])
      expect(classify({ tool, canonical, input }).classification).toBe("safe");
  });

  it.each(readTools)("$harness $tool ($canonical) outside the workspace asks", ({ tool, canonical }) => {
    for (const input of [{ path: "/etc/passwd" }, { file_path: "../other/secret" }])
      expect(classify({ tool, canonical, input }).classification).toBe("gated");
  });

  it.each(otherTools)("$harness $tool ($canonical) asks, inside the workspace too", ({ tool, canonical }) => {
    expect(classify({ tool, canonical, input: { path: "README.md", command: "touch x" } }).classification).toBe(
      "gated",
    );
  });

  it("a harness that reads with its shell reads without asking too; other commands ask", () => {
    const shell = (command: string) => classify({ tool: "shell", canonical: "shell", input: { command } });
    for (const command of [
      ...READ_ONLY_COMMANDS.map((c) => `${c} README.md`),
      `/bin/bash -lc "cat 'README.md'"`,
      "rg -n demo src",
    ])
      expect(shell(command).classification, command).toBe("safe");
    for (const command of [
      "touch hmux-demo.txt",
      "cat /etc/passwd",
      "cat README.md > copy.md",
      "rg --pre ./run demo",
      "git status",
    ])
      expect(shell(command).classification, command).toBe("gated");
  });

  it("a tool hmux cannot place in a class asks", () => {
    expect(classify({ tool: "mystery", input: { path: "README.md" } }).classification).toBe("gated");
  });
});

/**
 * claude's built-in tool list is what an exact tool set denies the complement of, so it must name
 * every built-in a recorded claude lists in its system/init record, for every captured version.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { descriptor } from "../../../src/adapters/claude/descriptor.js";

const CAPTURES = join(import.meta.dirname, "..", "decode", "captures");

function initTools(file: string): string[] {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"subtype":"init"')) continue;
    const record = JSON.parse(line) as { type?: string; subtype?: string; tools?: string[] };
    if (record.type === "system" && record.subtype === "init") return record.tools ?? [];
  }
  throw new Error(`no system/init record in ${file}`);
}

describe("claude's built-in tools", () => {
  const versions = readdirSync(CAPTURES).filter((d) => d.startsWith("claude-"));

  it("recordings of more than one claude version are kept", () => {
    expect(versions.length).toBeGreaterThan(1);
  });

  for (const version of versions) {
    it(`name every built-in ${version} lists at start-up`, () => {
      const listed = initTools(join(CAPTURES, version, "text.ndjson")).filter((t) => !t.startsWith("mcp__"));
      expect(listed.length).toBeGreaterThan(0);
      const known = new Set(descriptor.tools.value.builtins);
      expect(listed.filter((t) => !known.has(t))).toEqual([]);
    });
  }
});

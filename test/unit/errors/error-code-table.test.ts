/** The one error vocabulary: every code means one exit code and one wire code, and the wire's list is exactly the table's. */
import { describe, expect, it } from "vitest";
import { codeOfWire, ERROR_CODE_TABLE, meaningOf, SERVER_CODES } from "../../../src/core/error-codes.js";
import { REFUSAL_ISSUES } from "../../../src/core/events.js";
import { SERVER_ERROR_CODES } from "../../../src/protocol/error-codes.js";

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

describe("the error-code table", () => {
  it("spells every code kebab-case", () => {
    for (const code of ERROR_CODE_TABLE.keys()) expect(code).toMatch(KEBAB);
  });

  it("gives every refusal issue and every server code an exit code and a wire code", () => {
    for (const code of [...REFUSAL_ISSUES, ...SERVER_CODES, "usage" as const]) {
      const meaning = meaningOf(code);
      expect(Number.isInteger(meaning.exitCode) && meaning.exitCode > 0, code).toBe(true);
      expect(SERVER_ERROR_CODES as readonly string[], code).toContain(meaning.wireCode);
    }
  });

  it("has one server code for each wire code, and reads each wire code back to it", () => {
    expect([...SERVER_CODES].sort()).toEqual(
      SERVER_ERROR_CODES.map((w) => w.toLowerCase().replaceAll("_", "-")).sort(),
    );
    const own = SERVER_CODES.map((c) => meaningOf(c).wireCode);
    expect(new Set(own).size).toBe(own.length);
    for (const wire of SERVER_ERROR_CODES) expect(meaningOf(codeOfWire(wire)).wireCode).toBe(wire);
  });

  it("exits 3 only where a refusal protects work, and 2 for every other refusal", () => {
    const three = [...ERROR_CODE_TABLE].filter(([, m]) => m.exitCode === 3).map(([c]) => c);
    expect(three.sort()).toEqual(["workspace-in-use", "workspace-uncommitted-changes", "workspace-unmerged-commits"]);
    for (const [code, m] of ERROR_CODE_TABLE) if (!three.includes(code)) expect(m.exitCode, code).toBe(2);
  });

  it("reads a wire code it never sends as internal", () => {
    expect(codeOfWire("NOT_A_CODE")).toBe("internal");
  });
});

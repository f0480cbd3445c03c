/** The one error vocabulary: every code means one exit code and one wire code, and the wire carries the table's own codes. */
import { describe, expect, it } from "vitest";
import { ERROR_CODE_TABLE, LOCAL_CODES, meaningOf, SERVER_CODES } from "../../../src/core/error-codes.js";
import { REFUSAL_ISSUES } from "../../../src/core/events.js";
import { ErrorBodySchema } from "../../../src/protocol/error-body.js";
import { SERVER_ERROR_CODES } from "../../../src/protocol/error-codes.js";

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const EVERY_CODE = [...REFUSAL_ISSUES, ...SERVER_CODES, ...Object.keys(LOCAL_CODES)];

describe("the error-code table", () => {
  it("spells every code kebab-case", () => {
    for (const code of ERROR_CODE_TABLE.keys()) expect(code).toMatch(KEBAB);
  });

  it("names each code once across the refusal issues, the server codes and the local codes", () => {
    expect(new Set(EVERY_CODE).size).toBe(EVERY_CODE.length);
    expect([...ERROR_CODE_TABLE.keys()].sort()).toEqual([...EVERY_CODE].sort());
  });

  it("gives every code an exit code and a wire code the error reply's schema accepts", () => {
    for (const code of ERROR_CODE_TABLE.keys()) {
      const meaning = meaningOf(code);
      expect(Number.isInteger(meaning.exitCode) && meaning.exitCode > 1, code).toBe(true);
      expect(ErrorBodySchema.safeParse({ code: meaning.wireCode, message: "m" }).success, code).toBe(true);
    }
  });

  it("sends each server code as itself: the wire's codes are the table's server codes", () => {
    expect(SERVER_ERROR_CODES).toBe(SERVER_CODES);
    for (const code of SERVER_CODES) expect(meaningOf(code).wireCode).toBe(code);
    for (const issue of REFUSAL_ISSUES) expect(meaningOf(issue).wireCode).toBe("launch-refused");
  });

  it("exits 3 only where a refusal protects work, and 2 for every other refusal", () => {
    const three = [...ERROR_CODE_TABLE].filter(([, m]) => m.exitCode === 3).map(([c]) => c);
    expect(three.sort()).toEqual(["workspace-in-use", "workspace-uncommitted-changes", "workspace-unmerged-commits"]);
    for (const [code, m] of ERROR_CODE_TABLE) if (!three.includes(code)) expect(m.exitCode, code).toBe(2);
  });

  it("refuses a wire code the table never sends", () => {
    expect(ErrorBodySchema.safeParse({ code: "NO_SUCH_SESSION", message: "m" }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  classForStatus,
  classifyExitTail,
  classifyFailureText,
  httpStatusInText,
  limitClass,
  matchLimit,
  SCAN_LIMIT,
  SHARED_MATCHERS,
  withExtras,
} from "../../../src/core/classify.js";

describe("HTTP status table", () => {
  it.each([
    [401, "auth"],
    [403, "auth"],
    [429, "rate-limit"],
    [404, "unavailable"],
    [500, "unavailable"],
    [502, "unavailable"],
    [503, "unavailable"],
    [504, "unavailable"],
    [529, "unavailable"],
  ])("%i → %s", (status, cls) => {
    expect(classForStatus(status)?.cls).toBe(cls);
  });

  it("400 says nothing general", () => {
    expect(classForStatus(400)).toBeUndefined();
  });

  it("403 is a forbidden auth wall", () => {
    expect(classForStatus(403)?.authKind).toBe("forbidden");
  });
});

describe("status found in text", () => {
  it.each([
    ["401 invalid x-api-key", 401],
    ['400: {"message":"bad"}', 400],
    ["unexpected status 401 Unauthorized", 401],
    ["exceeded retry limit, last status: 429 Too Many Requests", 429],
    ["API Error: 529 Overloaded", 529],
    ["API Error: Request rejected (429) · slow", 429],
  ])("%s → %i", (text, status) => {
    expect(httpStatusInText(text)).toBe(status);
  });

  it("a number inside an id is not a status", () => {
    expect(httpStatusInText("request req_4291 failed")).toBeUndefined();
    expect(matchLimit("trace id 8429 429abc", SHARED_MATCHERS)).toBeUndefined();
  });
});

describe("text classification", () => {
  const set = withExtras();
  it("a stated status outranks the text's own groups", () => {
    expect(classifyFailureText("Connection error.", set, { status: 401, fallback: "task" }).class).toBe("auth");
  });

  it("a limit code is kept even with a 429 status", () => {
    expect(classifyFailureText("You've hit your usage limit", set, { status: 429, fallback: "task" })).toMatchObject({
      class: "usage-limit",
      code: "usage-limit",
    });
  });

  it("nothing matching falls back to the given class", () => {
    expect(classifyFailureText("the model wrote bad code", set, { fallback: "task" })).toMatchObject({
      class: "task",
      retryable: false,
    });
  });

  it("only the first 4096 characters are scanned", () => {
    const late = `${"x".repeat(SCAN_LIMIT)} Connection error.`;
    expect(classifyFailureText(late, set, { fallback: "task" }).class).toBe("task");
    expect(classifyFailureText(`Connection error. ${"x".repeat(SCAN_LIMIT)}`, set, { fallback: "task" }).class).toBe(
      "transport",
    );
  });

  it("limit codes map to their classes", () => {
    expect(limitClass("rate-limit")).toBe("rate-limit");
    expect(limitClass("credits")).toBe("quota");
    expect(limitClass("weekly-limit")).toBe("usage-limit");
  });
});

describe("matcher extras are data", () => {
  it("extras go before the shared wording", () => {
    const set = withExtras({ transport: [{ pattern: "carrier pigeon lost" }] });
    expect(classifyFailureText("carrier pigeon lost", set, { fallback: "task" }).class).toBe("transport");
  });
});

describe("stderr tail after a non-zero exit", () => {
  it("transport wording is transport", () => {
    expect(classifyExitTail(["fetch failed: ECONNREFUSED 127.0.0.1:1"], 1, SHARED_MATCHERS)).toMatchObject({
      class: "transport",
      nativeExitCode: 1,
    });
  });
  it("model wording is unavailable", () => {
    expect(classifyExitTail(["error: unknown model foo"], 1, SHARED_MATCHERS)).toMatchObject({ class: "unavailable" });
  });
  it("anything else is native, verbatim, with the exit code as data", () => {
    expect(classifyExitTail(["error: unexpected argument '--nope'"], 2, SHARED_MATCHERS)).toEqual({
      class: "native",
      retryable: false,
      message: "error: unexpected argument '--nope'",
      nativeExitCode: 2,
    });
  });
  it("an empty tail is native and says so", () => {
    expect(classifyExitTail([], 3, SHARED_MATCHERS).message).toMatch(/exited with code 3 and wrote nothing/);
  });
});

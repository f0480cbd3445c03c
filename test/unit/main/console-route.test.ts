import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileLineSink, routeConsole } from "../../../src/main/console-route.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("routeConsole", () => {
  it("sends each line console.error and console.log write to the sink, and puts the console back", () => {
    const lines: string[] = [];
    const before = globalThis.console;
    const restore = routeConsole((l) => lines.push(l));
    console.error("Error handling notification", { code: -32602 });
    console.log("two\nlines");
    restore();
    expect(globalThis.console).toBe(before);
    expect(lines).toEqual(["Error handling notification { code: -32602 }", "two", "lines"]);
  });

  it("a file sink appends stamped lines to a 0600 file in a 0700 folder", () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-console-"));
    dirs.push(dir);
    const file = join(dir, "run", "local-server.log");
    const sink = fileLineSink(file, "hmux local server", () => Date.UTC(2026, 11, 3));
    sink("first");
    sink("second");
    expect(readFileSync(file, "utf8")).toBe(
      "2026-12-03T00:00:00.000Z hmux local server: first\n2026-12-03T00:00:00.000Z hmux local server: second\n",
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "run")).mode & 0o777).toBe(0o700);
  });
});

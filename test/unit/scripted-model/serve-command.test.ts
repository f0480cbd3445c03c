import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..", "..", "..");
const MODULE = join(ROOT, "src", "cli", "commands", "model.ts");
const BASICS = join(ROOT, "src", "main", "process-basics.ts");
const dir = mkdtempSync(join(tmpdir(), "hmux-serve-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `hmux model serve` through its command module (the CLI entry belongs to another file). */
function serve(args: { port?: string; script?: string }) {
  const code = `const m = await import(${JSON.stringify(MODULE)}); const b = await import(${JSON.stringify(BASICS)}); await m.serveModel(${JSON.stringify(args)}, b.processBasics(process.env));`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  const exited = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
  const firstLine = new Promise<string>((r) =>
    child.stdout.on("data", () => {
      if (out.includes("\n")) r(out.split("\n")[0]!);
    }),
  );
  return { child, exited, firstLine, stderr: () => err };
}

describe("hmux model serve", () => {
  it("prints its loopback address as the first line and serves there until SIGTERM", async () => {
    const s = serve({ port: "0" });
    const url = await s.firstLine;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(((await (await fetch(`${url}/v1/models`)).json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("a script file that fails validation exits 2 naming the bad field's path", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ rules: [{ name: "r", replies: [{ delayMs: -1 }] }] }));
    const s = serve({ script: file });
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toContain("rules[0].replies[0].delayMs");
  });

  it("--port outside 0-65535 is refused", async () => {
    const s = serve({ port: "70000" });
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toContain("--port");
  });
});

/**
 * zod as the build ships it (scripts/build.mjs, rebuilt by the test setup): the whole of zod in
 * dist/vendor/zod.js, and zod/mini and zod/locales each bundled with only the names hmux's sources use.
 * Checked on the compiled modules, where no type is left: a name the build's scan missed would be
 * undefined there at run time.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO } from "./cli-harness.js";

const DIST = join(REPO, "dist");
const VENDOR = join(DIST, "vendor");

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

/** Runs an ES module's text on the compiled tree in a fresh Node, so no other test's zod is loaded. */
function runCompiled(code: string): string {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", cwd: DIST });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim();
}

const at = (path: string) => JSON.stringify(pathToFileURL(join(DIST, path)).href);

describe("the compiled hmux's vendored zod", () => {
  it("every member a compiled module takes from the vendored zod/mini is one it exports", async () => {
    const exported = new Set(Object.keys(await import(pathToFileURL(join(VENDOR, "zod-mini.js")).href)));
    const users = jsFiles(DIST).filter((f) => !f.startsWith(VENDOR));
    const missing: string[] = [];
    let members = 0;
    for (const file of users) {
      const code = readFileSync(file, "utf8");
      for (const ns of code.matchAll(/import\s*\*\s*as\s*([\w$]+)\s*from\s*"[./]*\/?vendor\/zod-mini\.js"/g))
        for (const m of code.matchAll(new RegExp(`\\b${ns[1]?.replace("$", "\\$")}\\.([\\w$]+)`, "g"))) {
          members++;
          if (!exported.has(m[1] as string)) missing.push(`${file.slice(DIST.length + 1)}: ${m[1]}`);
        }
    }
    // The scan is real: the registry's and the server client's schemas use many.
    expect(members).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it("the vendored zod/mini is a part of zod, not the whole", () => {
    const mini = readFileSync(join(VENDOR, "zod-mini.js"), "utf8").length;
    const whole = readFileSync(join(VENDOR, "zod.js"), "utf8").length;
    expect(mini).toBeLessThan(whole / 5);
  });

  it("a zod/mini schema's refusal reads in English with no whole zod loaded", () => {
    const reason = runCompiled(
      `const { detectQuestion } = await import(${at("core/question.js")});` +
        'const d = detectQuestion("```hcn-question\\n{\\"question\\": \\" \\", \\"options\\": [\\"a\\"]}\\n```");' +
        "console.log(d.kind + ': ' + d.reason);",
    );
    expect(reason).toMatch(/^malformed: question: Too small: expected string to have >=1 characters$/);
  });

  it("a schema of one module nested in another's is checked: the config policy's tool names", () => {
    const issues = runCompiled(
      `const { policySchema } = await import(${at("core/config/policy-schema.js")});` +
        'const r = policySchema.safeParse({ allowTools: ["read", "no-such-tool"] });' +
        "console.log(JSON.stringify(r.success ? [] : r.error.issues.map((i) => i.path.join('.') + ': ' + i.message)));",
    );
    expect(JSON.parse(issues)).toEqual([expect.stringMatching(/^allowTools\.1: unknown tool name "no-such-tool"/)]);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  const re =
    /(?:import|export)\s[^"']*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;
  for (const m of text.matchAll(re)) specs.push((m[1] ?? m[2] ?? m[3])!);
  return specs;
}

const FORBIDDEN_IN_CORE = [/^ink($|\/)/, /^ink-/, /^react($|\/)/, /node-pty/, /^(node:)?child_process$/, /^@xterm\//];

describe("layering", () => {
  it("src/core imports no ink, react, pty package or child_process", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "core"))) {
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (FORBIDDEN_IN_CORE.some((re) => re.test(spec))) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("src/core reaches files, sockets, the OS and the process only through injected ports", () => {
    const impure = /^(node:)?(fs|fs\/promises|net|http|https|http2|dgram|dns|os|tty|worker_threads|cluster|readline)$/;
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "core"))) {
      const text = readFileSync(file, "utf8");
      for (const spec of importsOf(text))
        if (impure.test(spec)) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      if (/\bprocess\.(env|exit|on|kill|stdout|stderr|stdin|cwd|argv|pid)\b/.test(text))
        offenders.push(`${relative(ROOT, file)} uses process`);
    }
    expect(offenders).toEqual([]);
  });

  it("src/core depends on no outer layer: not the UI, the CLI, the spawners or the adapters", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "core"))) {
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (/\/(ui|cli|spawn|adapters|session|native|model)\//.test(spec))
          offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the real spawners live together in src/spawn: nothing else imports child_process or a pty", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src"))) {
      const rel = relative(ROOT, file);
      if (rel.startsWith(join("src", "spawn"))) continue;
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (/node-pty|^(node:)?child_process$/.test(spec)) offenders.push(`${rel} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("src/ui parses no native stream: it never imports an adapter's decoder", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src", "ui"))) {
      for (const spec of importsOf(readFileSync(file, "utf8"))) {
        if (/adapters\/[^/]+\/decode/.test(spec)) offenders.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

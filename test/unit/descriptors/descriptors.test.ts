import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { TURN_OPTION_KEYS } from "../../../src/core/argv/option-keys.js";
import { expressionsOf } from "../../../src/core/descriptor.js";
import { BUILTIN_NAMES, PINNED_VERSIONS } from "../../helpers/builtin-harnesses.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const NOT_FACTS = new Set(["name", "displayName", "expresses", "options"]);
const SOURCES = new Set(["probe", "doc", "recorded-stream", "help-text", "research"]);

function isEvidence(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const e = value as Record<string, unknown>;
  return (
    SOURCES.has(e.source as string) &&
    /^\d{4}-\d{2}-\d{2}$/.test(String(e.date)) &&
    typeof e.version === "string" &&
    e.version.length > 0 &&
    typeof e.ref === "string" &&
    e.ref.length > 0
  );
}

function isDeepFrozen(value: unknown, path: string, out: string[]): void {
  if (!value || typeof value !== "object") return;
  if (!Object.isFrozen(value)) out.push(path);
  for (const [k, v] of Object.entries(value)) isDeepFrozen(v, `${path}.${k}`, out);
}

describe("harness descriptors", () => {
  it("the built-in registry holds exactly one descriptor per built-in harness, named as its module, in order", () => {
    expect(builtinRegistry.descriptors.map((d) => d.name)).toEqual([...BUILTIN_NAMES]);
    expect(builtinRegistry.adapters.map((a) => a.name)).toEqual([...BUILTIN_NAMES]);
  });

  for (const d of builtinRegistry.descriptors) {
    describe(d.name, () => {
      it("is frozen all the way down", () => {
        const unfrozen: string[] = [];
        isDeepFrozen(d, d.name, unfrozen);
        expect(unfrozen).toEqual([]);
        expect(() => {
          (d as unknown as { name: string }).name = "x";
        }).toThrow();
      });

      it("every fact carries evidence with source, date, version and ref", () => {
        const missing: string[] = [];
        for (const [key, value] of Object.entries(d)) {
          if (NOT_FACTS.has(key)) continue;
          const f = value as { value?: unknown; evidence?: unknown };
          if (!("value" in f) || !isEvidence(f.evidence)) missing.push(key);
        }
        for (const [key, f] of Object.entries(d.options)) {
          if (!isEvidence((f as { evidence?: unknown }).evidence)) missing.push(`options.${key}`);
        }
        expect(missing).toEqual([]);
      });

      it("is verified against the pinned version from its folder's pinned.ts", () => {
        expect(d.verifiedAgainst.value).toBe(PINNED_VERSIONS[d.name as keyof typeof PINNED_VERSIONS].version);
      });

      it("expresses is derived from its option table, keys in TURN_OPTION_KEYS order", () => {
        expect(d.expresses).toEqual(expressionsOf(d.options));
        const keys = d.expresses.map((e) => e.split(/[.=]/)[0]);
        expect(keys).toEqual(
          TURN_OPTION_KEYS.filter((k) => k in d.options).flatMap((k) => keys.filter((x) => x === k)),
        );
      });

      it("has a refusal hint for every option key, value and facet it cannot express", () => {
        const hints = d.hints.value as Record<string, string>;
        const hmuxSide = new Set([
          "escalateQuestions",
          "timeoutSeconds",
          "stallSeconds",
          "toolMap",
          "isolate",
          // A harness's own settings are refused by its module's schema (src/adapters/harness-options.ts).
          "harnessOptions",
        ]);
        const unhinted: string[] = [];
        for (const k of TURN_OPTION_KEYS) {
          const support = d.options[k]?.value;
          const restricted = !support || support.only !== undefined;
          if (restricted && !hmuxSide.has(k) && !hints[k] && !(k === "access" && support)) unhinted.push(k);
          for (const [facet, allowed] of Object.entries(support?.facets ?? {})) {
            if (allowed !== "any" && !hints[`discovery.${facet}`]) unhinted.push(`discovery.${facet}`);
          }
        }
        expect(unhinted).toEqual([]);
      });

      it("every matcher pattern compiles with its flags", () => {
        for (const m of [...d.limitMatchers.value, ...d.authMatchers.value]) {
          expect(() => new RegExp(m.pattern, m.flags)).not.toThrow();
        }
      });

      it("JSON protocols run on pipes; only the native pane uses a pty, with a recorded reason", () => {
        expect(d.transport.value.headlessTurn).toBe("pipe");
        expect(d.transport.value.interactive).toBe("pty");
        expect(d.transport.value.why.length).toBeGreaterThan(20);
      });
    });
  }

  it("npm-pinned versions match package.json devDependencies exactly", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    for (const pin of Object.values(PINNED_VERSIONS)) {
      if (pin.npmPackage) expect(pkg.devDependencies[pin.npmPackage]).toBe(pin.version);
      // A package that moved is not installed beside its successor.
      for (const former of pin.formerNpmPackages ?? []) expect(pkg.devDependencies[former]).toBeUndefined();
    }
  });

  it("no fact that names a pinned version is dated before that version was probed", () => {
    const stale: string[] = [];
    const walk = (node: unknown, path: string, probedOn: string, version: string): void => {
      if (!node || typeof node !== "object") return;
      const ev = (node as { evidence?: { version?: unknown; date?: unknown } }).evidence;
      if (ev && ev.version === version && typeof ev.date === "string" && ev.date < probedOn)
        stale.push(`${path} (${ev.date})`);
      for (const [key, child] of Object.entries(node))
        if (key !== "evidence") walk(child, `${path}.${key}`, probedOn, version);
    };
    let checked = 0;
    for (const d of builtinRegistry.descriptors) {
      const pin = PINNED_VERSIONS[d.name as keyof typeof PINNED_VERSIONS];
      if (!pin.probedOn) continue;
      checked++;
      walk(d, d.name, pin.probedOn, pin.version);
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    expect(stale).toEqual([]);
  });

  it("a descriptor's npm version source is the package its version is pinned from", () => {
    for (const d of builtinRegistry.descriptors) {
      const source = d.versionSource.value;
      if (source.kind === "npm")
        expect(source.package, d.name).toBe(PINNED_VERSIONS[d.name as keyof typeof PINNED_VERSIONS].npmPackage);
    }
  });
});

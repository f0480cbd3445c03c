import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { AMENDMENTS, amendInkSource, CACHE_LIMIT } from "../../../src/ui/render/ink-cache-bounds.js";

const require = createRequire(import.meta.url);
// Ink's package exports only its entry point; its build folder is beside it.
const inkBuild = dirname(require.resolve("ink"));

describe("Ink's text caches are bounded", () => {
  it("every amendment still applies to the installed Ink", () => {
    for (const { file } of AMENDMENTS) {
      const source = readFileSync(join(inkBuild, file), "utf8");
      expect(amendInkSource(file, source), file).not.toBeNull();
    }
  });

  it("leaves a file alone when its text does not match", () => {
    expect(amendInkSource("measure-text.js", "export default () => 1;")).toBeNull();
    expect(amendInkSource("index.js", "anything")).toBeNull();
  });

  it("Ink loaded after boundInkCaches forgets measured texts past the limit", () => {
    // In a fresh process: the hook must be in place before Ink's modules load. A cached
    // measurement comes back as the same object; after the limit's worth of other texts it is new.
    const script = `
      const { boundInkCaches } = await import(${JSON.stringify(join(process.cwd(), "src/ui/render/ink-cache-bounds.ts"))});
      const bounded = process.argv.at(-1) === "bounded";
      if (bounded) boundInkCaches();
      const { default: measureText } = await import(${JSON.stringify(`file://${join(inkBuild, "measure-text.js")}`)});
      const first = measureText("probe");
      const again = measureText("probe") === first;
      for (let i = 0; i < ${CACHE_LIMIT + 10}; i++) measureText("text " + i);
      console.log(JSON.stringify({ again, kept: measureText("probe") === first }));
    `;
    const run = (mode: string): { again: boolean; kept: boolean } => {
      const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script, mode], {
        encoding: "utf8",
      });
      expect(child.status, child.stderr).toBe(0);
      return JSON.parse(child.stdout.trim()) as { again: boolean; kept: boolean };
    };
    expect(run("bounded")).toEqual({ again: true, kept: false });
    expect(run("unbounded")).toEqual({ again: true, kept: true });
  });
});

describe("Ink's frames are composed by hmux's compositor", () => {
  it.each(["src", "dist"])(
    "Ink loaded after boundInkCaches (%s) hands its frames to the compositor, the same frames as its own",
    (build) => {
      // In fresh processes: the source under tsx, and the compiled dist/ (as bin/hmux.js runs it) on plain node.
      // A counting composer is registered either way; only an amended output.js calls it.
      const dir = build === "src" ? "src/ui/render" : "dist/ui/render";
      const ext = build === "src" ? "ts" : "js";
      const script = `
        const { boundInkCaches } = await import(${JSON.stringify(join(process.cwd(), dir, `ink-cache-bounds.${ext}`))});
        const { COMPOSE_KEY, composeInkOutput, enableCompositor } = await import(${JSON.stringify(join(process.cwd(), dir, `compositor.${ext}`))});
        if (process.argv.at(-1) === "bounded") boundInkCaches();
        let composed = 0;
        globalThis[COMPOSE_KEY] = (output, kit) => (composed++, composeInkOutput(output, kit));
        const { createElement: h } = await import("react");
        const { Box, Text, renderToString } = await import("ink");
        const scene = h(Box, { borderStyle: "round", width: 24, height: 4, overflow: "hidden" },
          h(Text, null, "字🚀 \u001b[31mred\u001b[39m and a long line ".repeat(4)));
        const ours = renderToString(scene, { columns: 30 });
        enableCompositor(false);
        const ink = renderToString(scene, { columns: 30 });
        console.log(JSON.stringify({ composed, same: ours === ink, drawn: ink.includes("red") }));
      `;
      const run = (mode: string): { composed: number; same: boolean; drawn: boolean } => {
        const loader = build === "src" ? ["--import", "tsx"] : [];
        const child = spawnSync(process.execPath, [...loader, "--input-type=module", "-e", script, mode], {
          encoding: "utf8",
        });
        expect(child.status, child.stderr).toBe(0);
        return JSON.parse(child.stdout.trim()) as { composed: number; same: boolean; drawn: boolean };
      };
      expect(run("bounded")).toEqual({ composed: 1, same: true, drawn: true });
      expect(run("unbounded")).toEqual({ composed: 0, same: true, drawn: true });
    },
    // Four processes loading React and Ink, two of them through tsx, on a shared machine.
    60_000,
  );
});

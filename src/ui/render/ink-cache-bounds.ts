/**
 * Ink 6.8 memoizes the size of every text it measures and the wrapping of every text it wraps
 * in module-level tables that are never emptied (build/measure-text.js, build/wrap-text.js).
 * A pane streaming output hands it new text on every frame, so those tables grew for as long
 * as hmux ran. They are private to their modules, so their source is amended as Node loads it:
 * each table is emptied when it reaches CACHE_LIMIT entries. A pane's text is one string of many
 * lines, new on every frame though most of its lines are not, so measure-text also keeps each
 * line's width (widest-line of one line is that line's width) and measures only the new lines.
 *
 * Two more amendments make frames cheaper. build/output.js hands each frame to hmux's compositor
 * (src/ui/render/compositor.ts) when one is registered, with the functions it imports; Ink's own
 * get stays as inkGet. It is amended only when the whole file is the one the compositor copies
 * (its SHA-256), so another Ink's Output runs as Ink wrote it. build/render-node-to-output.js
 * measured every text's widest line on every frame; it now asks measureText, whose table holds
 * the texts Yoga's layout just measured.
 *
 * Call boundInkCaches() before anything imports Ink. A file whose text no longer matches (another
 * Ink version) loads unchanged: the tables are unbounded again, frames are Ink's own, and the
 * unit test that checks each amendment still applies to the installed Ink fails.
 */

import { createHash } from "node:crypto";
import * as nodeModule from "node:module";
import { COMPOSE_KEY, enableCompositor } from "./compositor.js";

/** Entries per table before it is emptied: far more than one screen's texts, a few MB at most. */
export const CACHE_LIMIT = 4000;

export interface InkAmendment {
  /** The file under ink/build/ it applies to. */
  readonly file: string;
  /** When set, the file is amended only if its text has this SHA-256 (hex). */
  readonly sha256?: string;
  readonly edits: readonly { readonly find: string; readonly replace: string }[];
}

export const AMENDMENTS: readonly InkAmendment[] = [
  {
    file: "measure-text.js",
    edits: [
      {
        find: "const cache = new Map();",
        replace:
          "const cache = new Map();\n" +
          "const lineWidths = new Map();\n" +
          "const lineWidth = (line) => {\n" +
          "    let width = lineWidths.get(line);\n" +
          "    if (width === undefined) {\n" +
          `        if (lineWidths.size >= ${CACHE_LIMIT}) lineWidths.clear();\n` +
          "        width = widestLine(line);\n" +
          "        lineWidths.set(line, width);\n" +
          "    }\n" +
          "    return width;\n" +
          "};",
      },
      {
        find: "    const width = widestLine(text);",
        replace:
          "    let width = 0;\n    for (const line of text.split('\\n')) width = Math.max(width, lineWidth(line));",
      },
      {
        find: "    cache.set(text, dimensions);",
        replace: `    if (cache.size >= ${CACHE_LIMIT}) cache.clear();\n    cache.set(text, dimensions);`,
      },
    ],
  },
  {
    file: "wrap-text.js",
    edits: [
      { find: "const cache = {};", replace: "let cache = {};\nlet cacheEntries = 0;" },
      {
        find: "    cache[cacheKey] = wrappedText;",
        replace: `    if (++cacheEntries > ${CACHE_LIMIT}) {\n        cache = {};\n        cacheEntries = 1;\n    }\n    cache[cacheKey] = wrappedText;`,
      },
    ],
  },
  {
    file: "output.js",
    sha256: "de9078c7fc647c40cf9e32d6658fcbbee91dae9e3f6334e5f4ebfc5905fc401d",
    edits: [
      {
        find: "import { styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
        replace:
          "import { ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';\n" +
          "const composeKit = { sliceAnsi, stringWidth, tokenize, styledCharsFromTokens, diffAnsiCodes, ansiCodesToString };",
      },
      {
        find: "    get() {\n",
        replace:
          "    get() {\n" +
          `        const compose = globalThis[Symbol.for(${JSON.stringify(COMPOSE_KEY.description)})];\n` +
          "        return compose === undefined ? this.inkGet() : compose(this, composeKit);\n" +
          "    }\n" +
          "    inkGet() {\n",
      },
    ],
  },
  {
    file: "render-node-to-output.js",
    edits: [
      {
        find: "import squashTextNodes from './squash-text-nodes.js';",
        replace: "import squashTextNodes from './squash-text-nodes.js';\nimport measureText from './measure-text.js';",
      },
      { find: "const currentWidth = widestLine(text);", replace: "const currentWidth = measureText(text).width;" },
    ],
  },
];

/** The amended source of an ink/build file, or null when it is not amended (unknown file, or text not found). */
export function amendInkSource(file: string, source: string): string | null {
  const amendment = AMENDMENTS.find((a) => a.file === file);
  if (!amendment) return null;
  if (amendment.sha256 !== undefined && createHash("sha256").update(source).digest("hex") !== amendment.sha256)
    return null;
  let out = source;
  for (const { find, replace } of amendment.edits) {
    const at = out.indexOf(find);
    if (at < 0 || out.indexOf(find, at + find.length) >= 0) return null;
    out = out.slice(0, at) + replace + out.slice(at + find.length);
  }
  return out;
}

const INK_BUILD = /\/node_modules\/ink\/build\/([a-z-]+\.js)$/;
let installed = false;

/** Amends Ink's modules as they load and turns the compositor on; once per process, before Ink is imported. */
export function boundInkCaches(): void {
  if (installed) return;
  installed = true;
  enableCompositor(true);
  // Node before 22.15 has no registerHooks: hmux refuses such a Node at its bin, but a source run
  // under an older node (tsx on the system node) should still start, with Ink's tables unbounded.
  const { registerHooks } = nodeModule as Partial<typeof nodeModule>;
  if (typeof registerHooks !== "function") return;
  registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      const file = INK_BUILD.exec(url)?.[1];
      if (file === undefined || loaded.source === undefined || loaded.source === null) return loaded;
      const source = typeof loaded.source === "string" ? loaded.source : new TextDecoder().decode(loaded.source);
      const amended = amendInkSource(file, source);
      return amended === null ? loaded : { ...loaded, source: amended };
    },
  });
}

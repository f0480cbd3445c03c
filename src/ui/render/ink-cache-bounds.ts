/**
 * Ink 6.8 memoizes the size of every text it measures and the wrapping of every text it wraps
 * in module-level tables that are never emptied (build/measure-text.js, build/wrap-text.js).
 * A pane streaming output hands it new text on every frame, so those tables grew for as long
 * as hmux ran. They are private to their modules, so their source is amended as Node loads it:
 * each table is emptied when it reaches CACHE_LIMIT entries. Output's per-frame caches
 * (build/output.js) become one cache kept across frames under the same bound, so a row that did
 * not change is not tokenized again on the next frame.
 *
 * Call boundInkCaches() before anything imports Ink. A file whose text no longer matches (another
 * Ink version) loads unchanged: the tables are unbounded again, and the unit test that checks each
 * amendment still applies to the installed Ink fails.
 */

import * as nodeModule from "node:module";

/** Entries per table before it is emptied: far more than one screen's texts, a few MB at most. */
export const CACHE_LIMIT = 4000;

export interface InkAmendment {
  /** The file under ink/build/ it applies to. */
  readonly file: string;
  readonly edits: readonly { readonly find: string; readonly replace: string }[];
}

export const AMENDMENTS: readonly InkAmendment[] = [
  {
    file: "measure-text.js",
    edits: [
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
];

/** The amended source of an ink/build file, or null when it is not amended (unknown file, or text not found). */
export function amendInkSource(file: string, source: string): string | null {
  const amendment = AMENDMENTS.find((a) => a.file === file);
  if (!amendment) return null;
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

/** Amends Ink's cache modules as they load; once per process, before Ink is imported. */
export function boundInkCaches(): void {
  if (installed) return;
  installed = true;
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

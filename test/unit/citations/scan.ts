/**
 * Finds what a clone of this repository could not follow: citations of documents that live
 * outside it (the reference research, spec and fixture folders next to the checkout) and
 * milestone codes (H2, H7 …) that name a plan step instead of the thing itself. Also checks that
 * every `docs/<file>.md#anchor` citation lands on a heading that exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

/** Documents outside the repository, however they are spelled. */
const OUTSIDE: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  { pattern: /\.\.\/shared\b/, why: "a path outside the repository" },
  { pattern: /\bshared\/(?:research|spec|fixtures)\b/, why: "the shared reference folder" },
  { pattern: /\bresearch\//, why: "the research folder" },
  { pattern: /live-drive/, why: "the live-drive research notes" },
  { pattern: /\bhcn\.md\b/, why: "the hcn study" },
  { pattern: /tui-anchors/, why: "the TUI research notes" },
  { pattern: /control-samples/, why: "the control samples folder" },
  { pattern: /\bspec\//, why: "the spec folder" },
  { pattern: /\bspec[- ]?0\d\d\b/i, why: "a spec file by number" },
];
const MILESTONE = /\bH[0-9]\b/;

/** Findings in one piece of text, with line numbers relative to `firstLine`. */
export function findInText(file: string, text: string, firstLine: number, milestones: boolean): Finding[] {
  const found: Finding[] = [];
  text.split("\n").forEach((line, i) => {
    for (const { pattern, why } of OUTSIDE) {
      if (pattern.test(line)) found.push({ file, line: firstLine + i, text: line.trim(), why });
    }
    if (milestones && MILESTONE.test(line)) {
      found.push({ file, line: firstLine + i, text: line.trim(), why: "a milestone code" });
    }
  });
  return found;
}

/** Every comment in a TypeScript source, with its starting line. */
export function commentsOf(fileName: string, text: string): { text: string; line: number }[] {
  const kind = fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, { text: string; line: number }>();
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.set(r.pos, { text: text.slice(r.pos, r.end), line: source.getLineAndCharacterOfPosition(r.pos).line + 1 });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
}

/**
 * Findings in one file. In code, a citation outside the repository counts anywhere (comments and
 * evidence strings alike); a milestone code counts in comments. In Markdown, everything counts.
 */
export function findInFile(file: string, text: string): Finding[] {
  if (file.endsWith(".md")) return findInText(file, text, 1, true);
  const found = findInText(file, text, 1, false);
  if (!MILESTONE.test(text)) return found; // parsing is the slow part: only files that could hold one
  for (const comment of commentsOf(file, text)) {
    found.push(...findInText(file, comment.text, comment.line, true).filter((f) => f.why === "a milestone code"));
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading?.[1]) continue;
    anchors.add(
      heading[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return anchors;
}

/**
 * Citations `docs/<name>.md#<anchor>` (and relative `](<name>.md#anchor)` links inside docs/) that
 * land nowhere. A bare `docs/x.md` without an anchor may name another project's documentation.
 */
export function brokenDocLinks(file: string, text: string, root: string): Finding[] {
  const found: Finding[] = [];
  const cite = /(?:\bdocs\/|\]\()([\w-]+\.md)#([\w-]+)/g;
  text.split("\n").forEach((line, i) => {
    for (const match of line.matchAll(cite)) {
      const [whole, name, anchor] = match;
      if (whole.startsWith("](") && !file.startsWith("docs/")) continue;
      const target = join(root, "docs", name ?? "");
      if (!existsSync(target)) {
        found.push({ file, line: i + 1, text: line.trim(), why: `docs/${name} does not exist` });
      } else if (anchor && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) {
        found.push({ file, line: i + 1, text: line.trim(), why: `docs/${name} has no heading #${anchor}` });
      }
    }
  });
  return found;
}

const CODE = /\.(?:ts|tsx|mts|mjs|js)$/;
/** Copies of outside data kept byte for byte; they are evidence, not prose hmux wrote. */
const VERBATIM = /^test\/unit\/decode\/hcn-fixtures\/(?!ORIGIN\.md$)/;

/** The repository's own source and documentation files, relative to `root`. */
export function repositoryFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const rel = relative(root, path);
        if ((CODE.test(name) || name.endsWith(".md")) && !VERBATIM.test(rel)) out.push(rel);
      }
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(join(root, folder));
  return out.sort();
}

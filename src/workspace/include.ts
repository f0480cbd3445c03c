/**
 * `.worktreeinclude` (the convention Claude Code, Codex and Conductor share): gitignore-style
 * patterns naming ignored files a fresh worktree needs (.env, local config). A file is copied when
 * it matches a pattern AND git ignores it — tracked files arrive with the checkout anyway. Both
 * tests are git's own matching (`ls-files --ignored --exclude-from`, `check-ignore`).
 *
 * The file comes with the repository, so it may be a FIFO, a link to /dev/zero or huge: it is
 * read once, bounded (src/files/bounded-read.ts), and git reads the copy hmux made of it, never
 * the path itself — so what git matches is what was checked.
 */
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { entryExists, FileRefusal, readBoundedText } from "../files/bounded-read.js";
import { makePrivateDir, makePrivateTempDir } from "../files/private-dir.js";
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitFailure, gitOut, nulList } from "./git.js";

export const INCLUDE_FILE = ".worktreeinclude";
/** 256 KiB: a pattern list is a few lines; a bigger one is not one. */
export const INCLUDE_FILE_MAX_BYTES = 256 * 1024;

export interface IncludeResult {
  readonly copied: readonly string[];
  /** Patterns that name a plain path which does not exist (or is not ignored): warned, not fatal. */
  readonly warnings: readonly string[];
}

export async function copyIncludedFiles(git: GitRunner, sourceTop: string, target: string): Promise<IncludeResult> {
  const listFile = join(sourceTop, INCLUDE_FILE);
  if (!entryExists(listFile)) return { copied: [], warnings: [] };
  const patterns = readIncludeFile(listFile);
  const matching = await filesMatching(git, sourceTop, patterns);
  const ignored = await ignoredAmong(git, sourceTop, matching);
  const copied: string[] = [];
  const warnings: string[] = [];
  for (const file of ignored) {
    const to = join(target, file);
    try {
      makePrivateDir(dirname(to));
      cpSync(join(sourceTop, file), to, { preserveTimestamps: true, verbatimSymlinks: true, errorOnExist: false });
      copied.push(file);
    } catch (err) {
      warnings.push(`${INCLUDE_FILE}: could not copy ${file}: ${(err as Error).message}`);
    }
  }
  for (const pattern of plainPatterns(patterns)) {
    const hit = copied.some((f) => f === pattern || f.startsWith(`${pattern}/`));
    if (!hit && !existsSync(join(sourceTop, pattern)))
      warnings.push(`${INCLUDE_FILE} names ${pattern}, which does not exist in ${sourceTop}; nothing copied for it`);
    else if (!hit)
      warnings.push(
        `${INCLUDE_FILE} names ${pattern}, which git does not ignore; it is not copied (tracked files come with the checkout)`,
      );
  }
  return { copied, warnings };
}

/** The include file's text, or a refusal naming it: a FIFO, a device, a dangling link or a file too large to be a list. */
function readIncludeFile(path: string): string {
  try {
    return readBoundedText(path, INCLUDE_FILE_MAX_BYTES);
  } catch (err) {
    if (!(err instanceof FileRefusal)) throw err;
    throw new WorkspaceError(`${path}: ${err.reason}`, {
      issue: "invalid-worktree-include",
      hint: `make ${INCLUDE_FILE} a plain file of gitignore patterns, or remove it`,
    });
  }
}

/** The untracked, ignored files the patterns match, as git matches them: from a private copy of the list. */
async function filesMatching(git: GitRunner, cwd: string, patterns: string): Promise<string[]> {
  const dir = makePrivateTempDir(tmpdir(), "hmux-include-");
  try {
    const copy = join(dir, INCLUDE_FILE);
    writeFileSync(copy, patterns, { mode: 0o600 });
    return nulList(await gitOut(git, ["ls-files", "-z", "--others", "--ignored", `--exclude-from=${copy}`], { cwd }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function ignoredAmong(git: GitRunner, cwd: string, files: readonly string[]): Promise<string[]> {
  if (files.length === 0) return [];
  const result = await git.run(["check-ignore", "--stdin", "-z"], { cwd, input: `${files.join("\0")}\0` });
  // Exit 1 means none of them is ignored; above 1 is git failing.
  if (result.code > 1) throw gitFailure(["check-ignore"], cwd, result);
  return nulList(result.stdout);
}

/** Patterns that are literal paths (no glob, not negated, not comments): the ones a user expects to exist. */
function plainPatterns(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("!") && !/[*?[\\]/.test(line))
    .map((line) => line.replace(/^\/+/, "").replace(/\/+$/, ""));
}

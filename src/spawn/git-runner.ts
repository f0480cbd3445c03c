/**
 * The real git runner behind the workspace port: `git` from PATH via execFile (no shell, so no
 * argument is ever re-parsed). Prompts are off — a credential prompt would hang a headless hmux —
 * and messages are in the C locale so the text hmux quotes back reads the same everywhere.
 */

import { execFile } from "node:child_process";
import type { GitCall, GitResult, GitRunner } from "../core/git-port.js";
import { HmuxError } from "../core/hmux-error.js";

export interface GitRunnerOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A git command that takes longer than this is killed (default 120 s: a large worktree add). */
  readonly timeoutMs?: number;
}

const MAX_OUTPUT = 256 * 1024 * 1024;

export function createGitRunner(options: GitRunnerOptions): GitRunner {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.env)) if (v !== undefined) base[k] = v;
  return {
    run(args: readonly string[], call: GitCall): Promise<GitResult> {
      const env = { ...base, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...call.env };
      return new Promise((resolve, reject) => {
        const child = execFile(
          "git",
          [...args],
          { cwd: call.cwd, env, maxBuffer: MAX_OUTPUT, timeout: options.timeoutMs ?? 120_000, encoding: "utf8" },
          (err, stdout, stderr) => {
            if (err && typeof (err as NodeJS.ErrnoException).code === "string") {
              // ENOENT (no git on PATH, or cwd gone) and the like: git never ran.
              reject(new HmuxError("git-failed", `cannot run git in ${call.cwd}: ${err.message}`));
              return;
            }
            const code = err ? ((err as { code?: number }).code ?? 1) : 0;
            resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
          },
        );
        child.stdin?.on("error", () => undefined); // git may exit before reading all of it
        child.stdin?.end(call.input ?? "");
      });
    },
  };
}

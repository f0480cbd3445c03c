/**
 * `hmux …` as a child process from source under tsx (as `npm start` runs it), with the
 * environment the test gives, its output collected to the end.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

export const REPO_ROOT = join(import.meta.dirname, "..", "..");
const MAIN = join(REPO_ROOT, "src", "cli", "main.ts");

export interface HmuxChildOptions {
  readonly env: NodeJS.ProcessEnv;
  /** Where it runs; the repo root by default (tsx resolves from there). */
  readonly cwd?: string;
  /** Its own process group, so the test can signal everything it started at once. */
  readonly detached?: boolean;
}

export function spawnHmux(args: readonly string[], options: HmuxChildOptions): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
}

export interface ChildResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Everything the child wrote, once it has exited and its pipes have closed (a child that hands
 * its pipes to a daemon it starts never closes them: wait for that one's exit instead).
 */
export function collect(child: ChildProcess): Promise<ChildResult> {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr?.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/**
 * `hmux …` run in the test's own process through main(), its output kept in memory: for CLI
 * tests that need the real command line (parsing, refusals, exit codes) without a child process.
 */
import { type MainOptions, main } from "../../src/cli/main.js";
import type { Output } from "../../src/cli/render/output.js";

export interface MemoryOutput extends Output {
  readonly stdout: string;
  readonly stderr: string;
}

/** An Output that never blocks and keeps everything written to it. */
export function memoryOutput(): MemoryOutput {
  let stdout = "";
  let stderr = "";
  return {
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    broken: false,
    needsDrain: false,
    out(text: string) {
      stdout += text;
      return true;
    },
    err(text: string) {
      stderr += text;
    },
    drain: async () => undefined,
    onBroken: () => undefined,
  };
}

export interface HmuxResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `hmux <args>` with these options (env, input, registry). The exit code is main's answer;
 * process.exitCode, which a command sets on its way, is cleared so it cannot leak into the next
 * test or fail the test run.
 */
export async function runHmux(args: readonly string[], options: MainOptions = {}): Promise<HmuxResult> {
  const output = memoryOutput();
  try {
    const code = await main(["node", "hmux", ...args], output, options);
    return { code, stdout: output.stdout, stderr: output.stderr };
  } finally {
    process.exitCode = undefined;
  }
}

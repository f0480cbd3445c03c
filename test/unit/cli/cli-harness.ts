/** Runs the real `hmux` launcher as a subprocess with an isolated HOME and fake harness binaries. */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO = resolve(import.meta.dirname, "..", "..", "..");
export const HMUX = join(REPO, "bin", "hmux.js");

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly lines: unknown[];
}

export class Sandbox {
  readonly root = mkdtempSync(join(tmpdir(), "hmux-cli-test-"));
  readonly home = join(this.root, "home");
  readonly env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: this.home,
    XDG_CONFIG_HOME: join(this.home, ".config"),
    LANG: "C.UTF-8",
  };

  /** A fake harness executable: a node script, so the test controls every byte it prints. */
  fake(name: string, body: string): string {
    const path = join(this.root, name);
    writeFileSync(path, `#!${process.execPath}\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  }

  file(name: string, content: string): string {
    const path = join(this.root, name);
    writeFileSync(path, content);
    return path;
  }

  run(args: readonly string[], extraEnv: Record<string, string> = {}, input?: string): Promise<CliRun> {
    return new Promise((done) => {
      const child = spawn(process.execPath, [HMUX, ...args], {
        cwd: this.root,
        env: { ...this.env, ...extraEnv },
        stdio: ["pipe", "pipe", "pipe"],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (c: Buffer) => out.push(c));
      child.stderr.on("data", (c: Buffer) => err.push(c));
      child.stdin.end(input ?? "");
      child.on("close", (code) => {
        const stdout = Buffer.concat(out).toString("utf8");
        const lines = stdout
          .split("\n")
          .filter((l) => l.trim() !== "")
          .map((l) => {
            try {
              return JSON.parse(l) as unknown;
            } catch {
              return l;
            }
          });
        done({ code, stdout, stderr: Buffer.concat(err).toString("utf8"), lines });
      });
    });
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export function lastTwo(run: CliRun): [unknown, unknown] {
  return [run.lines.at(-2), run.lines.at(-1)];
}

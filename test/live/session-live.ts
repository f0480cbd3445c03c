/**
 * Drives `hmux session <harness> --json` as a real child process against the scripted model:
 * a temp HOME / XDG_STATE_HOME / XDG_RUNTIME_DIR per case, loopback only, and a check that
 * nothing the case started is left running.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { SessionEvent } from "../../src/core/control/types.js";

const ROOT = join(import.meta.dirname, "..", "..");
const HMUX = join(ROOT, "bin", "hmux.js");

export type Ev = SessionEvent & Record<string, unknown>;

export interface Sandbox {
  readonly dir: string;
  readonly env: Record<string, string>;
  remove(): void;
}

export function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), "hmux-live-session-"));
  const env: Record<string, string> = {
    PATH: `${join(ROOT, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    LANG: "C.UTF-8",
    HOME: join(dir, "home"),
    XDG_STATE_HOME: join(dir, "state"),
    XDG_RUNTIME_DIR: join(dir, "run"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  return { dir, env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export class LiveSession {
  readonly events: Ev[] = [];
  readonly stderr: string[] = [];
  readonly exit: Promise<number | null>;
  private readonly child: ChildProcessWithoutNullStreams;
  private waiters: { pred: (e: Ev) => boolean; resolve: (e: Ev) => void }[] = [];
  private buf = "";

  constructor(
    readonly box: Sandbox,
    harness: string,
    args: readonly string[],
  ) {
    this.child = spawn(process.execPath, [HMUX, "session", harness, "--json", ...args], {
      cwd: box.dir,
      env: box.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.on("data", (d: Buffer) => this.onData(d.toString("utf8")));
    this.child.stderr.on("data", (d: Buffer) => this.stderr.push(d.toString("utf8")));
    this.child.stdin.on("error", () => undefined);
    this.exit = new Promise((r) => this.child.on("exit", (code) => r(code)));
  }

  get pid(): number {
    return this.child.pid!;
  }

  line(value: unknown): void {
    this.child.stdin.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`);
  }

  send(id: string, text: string): void {
    this.line({ op: "send", id, text });
  }

  command(id: string, command: string, payload: Record<string, unknown>): void {
    this.line({ format: "metaharness.command/1", id, command, ...payload });
  }

  endInput(): void {
    this.child.stdin.end();
  }

  kill9(): void {
    this.child.kill("SIGKILL");
  }

  /** The first event (already seen or future) that matches, or a timeout naming what was seen. */
  next(pred: (e: Ev) => boolean, timeoutMs = 45_000, after = 0): Promise<Ev> {
    const seen = this.events.slice(after).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`timed out; saw ${this.events.map((e) => e.kind).join(",")}\nstderr: ${this.stderr.join("")}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  of<K extends Ev["kind"]>(kind: K): Ev[] {
    return this.events.filter((e) => e.kind === kind);
  }

  private onData(text: string): void {
    this.buf += text;
    const lines = this.buf.split("\n");
    this.buf = lines.pop() ?? "";
    for (const l of lines) {
      if (!l.trim()) continue;
      const e = JSON.parse(l) as Ev; // stdout must be NDJSON only: a bad line fails the case here
      this.events.push(e);
      for (const w of [...this.waiters])
        if (w.pred(e)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(e);
        }
    }
  }
}

export const decide = (s: LiveSession, id: string, callId: string, decision: unknown) =>
  s.command(id, "tool.decide", { call_id: callId, decision });

/** Runs `hmux <args>` to completion in the sandbox. */
export function hmux(
  box: Sandbox,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [HMUX, ...args], {
      cwd: box.dir,
      env: box.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Processes whose environment points into this sandbox (the harness a case started). */
export function leftovers(box: Sandbox): string[] {
  const out: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, "utf8").includes(box.dir))
        out.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").slice(0, 120)}`);
    } catch {
      // gone already, or not ours to read
    }
  }
  return out;
}

/**
 * Waits up to `ms` for every process of the sandbox to be gone: polled, so a clean case returns at
 * once; the bound is for a loaded machine, where a stopped agent's tree takes seconds to exit.
 */
export async function noneLeft(box: Sandbox, ms = 30_000): Promise<string[]> {
  const until = Date.now() + ms;
  for (;;) {
    const left = leftovers(box);
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * One isolated `hmux session <harness> --json` on the scripted model at `endpoint`, working in
 * `<sandbox>/work` (`prepare` may put files there first): runs `body`, then closes the session
 * as a program would — exit 0, `closed` clean last, nothing left running — and always cleans up.
 */
export async function withLiveSession(
  harness: string,
  endpoint: string,
  args: readonly string[],
  body: (s: LiveSession, work: string, box: Sandbox) => Promise<void>,
  prepare?: (work: string) => void,
): Promise<void> {
  const box = sandbox();
  const work = join(box.dir, "work");
  mkdirSync(work, { recursive: true });
  prepare?.(work);
  const s = new LiveSession(box, harness, ["--isolate", "--endpoint", endpoint, "--cwd", work, ...args]);
  try {
    await body(s, work, box);
    s.endInput();
    expect(await s.exit).toBe(0);
    expect(s.events.at(-1)).toMatchObject({ kind: "closed", cause: "clean" });
    expect(await noneLeft(box)).toEqual([]);
  } finally {
    s.kill9();
    await noneLeft(box);
    box.remove();
  }
}

/**
 * The acceptance path by hand, automated: `hmux model serve --port 0` in one process, then
 * `hmux run <harness> --endpoint <its address> --isolate "…" --json` shows a tool call and its
 * result for claude, codex and pi.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers/isolated-cli.js";

const MAIN = join(REPO_ROOT, "src", "cli", "main.ts");
const root = mkdtempSync(join(tmpdir(), "hmux-cli-endpoint-"));
// TMPDIR inside our root: `--isolate` state dirs are kept for resume, so they go where we clean up.
const env = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  LANG: "C.UTF-8",
  HOME: join(root, "home"),
  TMPDIR: join(root, "tmp"),
};
let serve: ChildProcess | undefined;
let url = "";

/** Runs from the repo (so tsx resolves); the harness's folder is passed with --cwd. */
function hmux(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
}

function collect(child: ChildProcess): Promise<{ code: number | null; out: string; err: string }> {
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  return new Promise((r) => child.on("close", (code) => r({ code, out, err })));
}

beforeAll(async () => {
  mkdirSync(env.HOME, { recursive: true });
  mkdirSync(env.TMPDIR, { recursive: true });
  serve = hmux(["model", "serve", "--port", "0"]);
  url = await new Promise<string>((resolve, reject) => {
    let buf = "";
    serve!.stdout!.setEncoding("utf8").on("data", (d: string) => {
      buf += d;
      if (buf.includes("\n")) resolve(buf.split("\n")[0]!);
    });
    serve!.on("close", (code) => reject(new Error(`model serve exited ${code}`)));
  });
}, 60_000);

afterAll(() => {
  if (serve?.pid)
    try {
      process.kill(-serve.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  rmSync(root, { recursive: true, force: true });
});

describe.concurrent("hmux model serve + hmux run --endpoint", () => {
  it("prints its address first", () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(["claude", "codex", "pi"])(
    "hmux run %s --endpoint … --json shows a tool call and its result",
    async (harness) => {
      const cwd = mkdtempSync(join(root, `${harness}-`));
      const child = hmux([
        "run",
        harness,
        "--endpoint",
        url,
        "--isolate",
        "--cwd",
        cwd,
        "--timeout",
        "90",
        "Run it. [[bash:echo by-hand]]",
        "--json",
      ]);
      const r = await collect(child);
      const events = r.out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const context = `exit ${r.code}\n${r.out.slice(-2000)}\n${r.err.slice(-1000)}`;
      expect(
        events.find((e) => e.kind === "tool" && e.phase === "call"),
        context,
      ).toMatchObject({ canonical: "shell" });
      expect(
        events.find((e) => e.kind === "tool" && e.phase === "result"),
        context,
      ).toMatchObject({ output: expect.stringContaining("by-hand"), isError: false });
      expect(events.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
      expect(r.code).toBe(0);
    },
  );
});

/**
 * The by-hand acceptance path's setting, for live tests that drive the hmux CLI itself: a
 * scratch folder with its own HOME and TMPDIR (`--isolate` state dirs are kept for resume, so
 * they land where the test cleans up), an environment built from scratch, and `hmux model serve`
 * from source in its own process group, read for the address it prints first.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChildResult, collect, spawnHmux } from "../../helpers/hmux-process.js";

export interface ServedCli {
  readonly root: string;
  readonly env: Record<string, string>;
  /** The model's address, once start() has resolved. */
  readonly url: string;
  /** Starts `hmux model serve --port 0 <args>`; resolves once it printed its address. */
  start(serveArgs?: readonly string[]): Promise<void>;
  /** `hmux <args>` from source in this setting (its own process group), to its end. */
  hmux(args: readonly string[]): Promise<ChildResult>;
  /** Stops the model's process group and removes the folder. */
  stop(): void;
}

/** `moreEnv` adds variables, given the folder (a test's own state dir goes inside it). */
export function servedCli(
  prefix: string,
  moreEnv: (root: string) => Readonly<Record<string, string>> = () => ({}),
): ServedCli {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: join(root, "home"),
    TMPDIR: join(root, "tmp"),
    ...moreEnv(root),
  };
  mkdirSync(env.HOME!, { recursive: true });
  mkdirSync(env.TMPDIR!, { recursive: true });
  const spawnHere = (args: readonly string[]) => spawnHmux(args, { env, detached: true });
  let serve: ChildProcess | undefined;
  let url = "";
  return {
    root,
    env,
    get url() {
      return url;
    },
    start: async (serveArgs = []) => {
      const child = spawnHere(["model", "serve", ...serveArgs, "--port", "0"]);
      serve = child;
      url = await new Promise<string>((resolve, reject) => {
        let buf = "";
        child.stdout!.setEncoding("utf8").on("data", (d: string) => {
          buf += d;
          if (buf.includes("\n")) resolve(buf.split("\n")[0]!);
        });
        child.on("close", (code) => reject(new Error(`model serve exited ${code}`)));
      });
    },
    hmux: (args) => collect(spawnHere(args)),
    stop: () => {
      if (serve?.pid)
        try {
          process.kill(-serve.pid, "SIGTERM");
        } catch {
          /* gone */
        }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

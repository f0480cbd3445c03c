/**
 * The demo's scripted model as its own daemon: the demo's sessions live on the hmux server and
 * keep talking to the model after the TUI detaches, so the model cannot live in the TUI. It
 * runs `hmux model serve` detached (src/spawn/daemon.ts), stops when the hmux server's process
 * is gone, and writes its request log to a 0600 file — all in a private folder of the runtime
 * dir: `<runtime>/hmux/demo/<run>/` (url, requests.ndjson, model.log, and the demo's project).
 */

import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { HmuxError } from "../core/hmux-error.js";
import { makePrivateDir, makePrivateTempDir } from "../files/private-dir.js";
import { checkServerDir, type ServerPaths } from "../server/paths.js";
import { startDaemon } from "../spawn/daemon.js";

export interface DemoModel {
  readonly url: string;
  readonly dir: string;
  readonly requestLog: string;
  readonly pid: number | undefined;
  /** Stops the model and removes the run's folder (when none of its sessions is left). */
  stop(): void;
}

export interface DemoModelOptions {
  readonly paths: Pick<ServerPaths, "parent">;
  readonly serverPid: number;
  readonly port: number;
  readonly script?: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
  /**
   * Called as soon as there is something to undo (the run's folder, then the daemon in it), with
   * what undoes it: a stop during start-up must not wait for this promise to settle.
   */
  readonly started?: (stop: () => void) => void;
}

/** The folder every demo run's own folder is made in. */
export function demoRoot(paths: Pick<ServerPaths, "parent">): string {
  return join(paths.parent, "demo");
}

export async function startDemoModel(options: DemoModelOptions): Promise<DemoModel> {
  const root = demoRoot(options.paths);
  makePrivateDir(root);
  checkServerDir(root);
  const dir = makePrivateTempDir(root, "run-");
  const urlFile = join(dir, "url");
  const requestLog = join(dir, "requests.ndjson");
  const entry = process.argv[1];
  if (!entry)
    throw new HmuxError("model-not-started", "cannot tell which hmux to start the demo's model with (no entry point)");
  const args = [
    ...process.execArgv,
    entry,
    "model",
    "serve",
    "--port",
    String(options.port),
    "--url-file",
    urlFile,
    "--request-log",
    requestLog,
    "--exit-with",
    String(options.serverPid),
    ...(options.script ? ["--script", resolve(options.script)] : []),
  ];
  let running: ReturnType<typeof startDaemon> | undefined;
  const stop = () => {
    if (running?.pid !== undefined && running.exitCode === null) {
      try {
        process.kill(running.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  options.started?.(stop);
  const daemon = startDaemon(process.execPath, args, options.env, join(dir, "model.log"));
  running = daemon;
  const until = Date.now() + (options.timeoutMs ?? 15_000);
  while (!existsSync(urlFile)) {
    if (daemon.exitCode !== null || Date.now() > until) {
      const log = readTail(join(dir, "model.log"));
      stop();
      throw new HmuxError(
        "model-not-started",
        `the demo's model did not start${daemon.exitCode !== null ? ` (exit ${daemon.exitCode})` : ""}${log}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = readFileSync(urlFile, "utf8").trim();
  return { url, dir, requestLog, pid: daemon.pid, stop };
}

function readTail(path: string): string {
  try {
    const lines = readFileSync(path, "utf8").trimEnd().split("\n").slice(-5);
    return lines.length ? `:\n  ${lines.join("\n  ")}` : "";
  } catch {
    return "";
  }
}

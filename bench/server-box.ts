/**
 * A private hmux server for a bench: its own HOME, runtime, state and config folders (0700), the
 * config file when one is given, claude's binary the chatty fake (bench/fake-chatty-harness.mjs),
 * and a connection once the built server listens. Shared by server.bench.ts and end-to-end.ts.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { systemClock } from "../src/main/system-clock.js";
import type { ServerClient } from "../src/server/client.js";
import { SERVER_NODE_FLAGS } from "../src/server/ensure-server.js";

export const HMUX = fileURLToPath(new URL("../bin/hmux.js", import.meta.url));

/**
 * The Node flags a bench's server runs with: those a client's start of the daemon gives it
 * (SERVER_NODE_FLAGS), unless HMUX_BENCH_SERVER_FLAGS says otherwise ("" for Node's defaults).
 */
export const SERVER_FLAGS: readonly string[] = (process.env.HMUX_BENCH_SERVER_FLAGS ?? SERVER_NODE_FLAGS.join(" "))
  .split(" ")
  .filter(Boolean);
export const CHATTY_HARNESS = fileURLToPath(new URL("./fake-chatty-harness.mjs", import.meta.url));

export interface ServerBox {
  readonly dir: string;
  /** Where the sessions run. */
  readonly work: string;
  readonly env: Record<string, string | undefined>;
}

export function serverBox(prefix: string, config?: object): ServerBox {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const run = join(dir, "run");
  const work = join(dir, "work");
  for (const d of [run, join(dir, "home"), join(dir, "state"), join(dir, "config", "hmux"), work])
    mkdirSync(d, { recursive: true, mode: 0o700 });
  if (config !== undefined)
    writeFileSync(join(dir, "config", "hmux", "config.json"), JSON.stringify(config), { mode: 0o600 });
  const env = {
    ...process.env,
    HOME: join(dir, "home"),
    XDG_RUNTIME_DIR: run,
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
    HMUX_CLAUDE_BIN: CHATTY_HARNESS,
    // A terminal client under the box draws live frames, whatever the bench's own environment says.
    CI: undefined,
  };
  return { dir, work, env };
}

/** A client of the box's server once it listens (20 s at most); fails at once if the server exits. */
export async function connectWhenUp(box: ServerBox, server: ChildProcess): Promise<ServerClient> {
  const { ServerClient } = await import("../src/server/client.js");
  const { serverPaths } = await import("../src/server/paths.js");
  const { VERSION } = await import("../src/cli/main.js");
  const paths = serverPaths(box.env);
  const end = Date.now() + 20_000;
  for (;;) {
    try {
      return await ServerClient.connect(paths, VERSION, systemClock);
    } catch (err) {
      if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode} before it listened`);
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

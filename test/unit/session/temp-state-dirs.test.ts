/**
 * A session hmux gives a temporary state dir (an isolated HOME under $TMPDIR/hmux-<harness>-XXXXXX)
 * removes it when the session ends, however it ends. Each case runs with its own TMPDIR and counts
 * the hmux-* dirs in it, through the real launch path (launchSession) over the real pipe spawner.
 * A TUI pane is a server session in every mode (local mode's server is in-process): its state dir
 * follows the server's rule, kept while the session can be resumed.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { realSessionPorts } from "../../../src/main/session-ports.js";
import { type LaunchOptions, launchSession } from "../../../src/session/launch.js";

const FAKE = join(import.meta.dirname, "..", "..", "..", "bench", "fake-approval-harness.mjs");
const OUTER_TMPDIR = process.env.TMPDIR;
let tmp: string;

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "temp-state-case-"));
  process.env.TMPDIR = tmp;
});
afterEach(() => {
  if (OUTER_TMPDIR === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = OUTER_TMPDIR;
  rmSync(tmp, { recursive: true, force: true });
});

const hmuxDirs = () => readdirSync(tmp).filter((n) => n.startsWith("hmux-"));

/** A claude session on the fake harness (it speaks claude's stream-json control), isolated as the demo runs it. */
function options(binary: readonly string[]): LaunchOptions {
  return {
    registry: builtinRegistry,
    harness: "claude",
    cwd: tmp,
    isolate: true,
    approvals: "ask",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HMUX_FAKE_HARNESS: "claude", HMUX_FAKE_OUT: join(tmp, "out") },
    binary,
  };
}

describe("a session's temporary state dir goes when the session ends", () => {
  it("a clean close removes the isolated HOME the session was given", async () => {
    const handle = launchSession(options([process.execPath, FAKE]), realSessionPorts());
    await handle.start();
    expect(hmuxDirs()).toHaveLength(1);
    expect(readdirSync(join(tmp, hmuxDirs()[0]!))).toContain("home");
    await handle.close();
    expect(hmuxDirs()).toEqual([]);
  });

  it("a harness that crashes leaves nothing behind either", async () => {
    const handle = launchSession(options([process.execPath, "-e", "process.exit(3)"]), realSessionPorts());
    await handle.start();
    const closed = await handle.closed;
    expect(closed.cause).not.toBe("clean");
    expect(hmuxDirs()).toEqual([]);
  });

  it("a halt (abort) removes it", async () => {
    const handle = launchSession(options([process.execPath, FAKE]), realSessionPorts());
    await handle.start();
    await handle.abort("killed");
    expect(hmuxDirs()).toEqual([]);
  });

  it("a launch refused before spawn leaves no dir", () => {
    // muse runs one process per turn and has no endpoint: its planner refuses at launch.
    expect(() =>
      launchSession(
        { ...options(["/bin/false"]), harness: "muse", endpoint: "http://127.0.0.1:9" },
        realSessionPorts(),
      ),
    ).toThrow();
    expect(hmuxDirs()).toEqual([]);
  });

  it("a caller's own state dir (hmux session's, kept for --resume) is left where it is", async () => {
    const own = join(tmp, "hmux-own-state");
    const handle = launchSession({ ...options([process.execPath, FAKE]), stateDir: own }, realSessionPorts());
    await handle.start();
    await handle.close();
    expect(hmuxDirs()).toEqual(["hmux-own-state"]);
  });
});

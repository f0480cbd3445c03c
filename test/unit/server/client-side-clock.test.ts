/**
 * What a command does to reach or start this machine's server waits on the clock it is handed:
 * the retries while a started server comes up, the give-up after the start's timeout, and a
 * starting server's wait for the lock another one holds. A fake clock moves them here; nothing sleeps.
 */
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type StartCommand, startingIfNeeded } from "../../../src/server/ensure-server.js";
import { ServerError } from "../../../src/server/errors.js";
import { ensureServerDir, type ServerPaths, serverPaths } from "../../../src/server/paths.js";
import { claimServerSocket, STALE_LOCK_MS } from "../../../src/server/single-instance.js";
import { FakeClock } from "../../helpers/fake-clock.js";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function freshPaths(): ServerPaths {
  dir = mkdtempSync(join(tmpdir(), "hmux-client-clock-"));
  return serverPaths({ XDG_RUNTIME_DIR: dir, HOME: dir });
}

const START: StartCommand = { file: "/nonexistent/hmux", args: [], env: {} };
const noServer = () => new ServerError("no-server", "no hmux server is running");

/** Lets the awaited connects and timers between two clock moves run (no time passes). */
const settle = () => new Promise((r) => setImmediate(r));

/** Moves the clock in steps of `step` ms until `done()` or `total` ms have passed, letting each step's work run. */
async function run(clock: FakeClock, total: number, step: number, done: () => boolean): Promise<void> {
  for (let moved = 0; ; moved += step) {
    await settle();
    if (done() || moved >= total) return;
    clock.advance(step);
  }
}

describe("the client side's waits run on its clock", () => {
  it("a server started on demand is connected to once it accepts, retried every 100 ms of the clock", async () => {
    const paths = freshPaths();
    const clock = new FakeClock();
    let tries = 0;
    let started = 0;
    let result: string | undefined;
    void startingIfNeeded(
      paths,
      async () => {
        tries += 1;
        if (tries < 4) throw noServer();
        return "connected";
      },
      START,
      () => {
        started += 1;
        return { exitCode: null };
      },
      clock,
      30_000,
    ).then((r) => {
      result = r;
    });
    await settle();
    expect({ tries, started }).toEqual({ tries: 2, started: 1 });
    await run(clock, 1_000, 100, () => result !== undefined);
    expect(result).toBe("connected");
    expect(tries).toBe(4);
    expect(clock.now()).toBe(200);
  });

  it("a start that never accepts fails as unreachable once the clock passes its timeout, pointing at the log", async () => {
    const paths = freshPaths();
    const clock = new FakeClock();
    let failure: unknown;
    void startingIfNeeded(
      paths,
      async () => {
        throw noServer();
      },
      START,
      () => ({ exitCode: null }),
      clock,
      1_000,
    ).catch((err: unknown) => {
      failure = err;
    });
    await run(clock, 900, 100, () => failure !== undefined);
    expect(failure).toBeUndefined();
    await run(clock, 400, 100, () => failure !== undefined);
    expect(failure).toMatchObject({ code: "unreachable", hint: `see ${paths.log}` });
    expect((failure as Error).message).toContain("did not start listening");
  });

  it("a starting server waits on the clock for a live starter's lock, then says who holds it", async () => {
    const paths = freshPaths();
    ensureServerDir(paths);
    writeFileSync(paths.lock, `${process.pid}\n`); // a live starter: this process
    const clock = new FakeClock(statSync(paths.lock).mtimeMs);
    let failure: unknown;
    void claimServerSocket(paths, () => undefined, clock, 2_000).catch((err: unknown) => {
      failure = err;
    });
    await run(clock, 1_900, 50, () => failure !== undefined);
    expect(failure).toBeUndefined();
    await run(clock, 200, 50, () => failure !== undefined);
    expect((failure as Error).message).toContain("another hmux server has been starting for 2 s");
  });

  it("a lock older than STALE_LOCK_MS by the clock is broken, and the socket is claimed", async () => {
    const paths = freshPaths();
    ensureServerDir(paths);
    writeFileSync(paths.lock, `${process.pid}\n`);
    const written = new Date(1_000_000);
    utimesSync(paths.lock, written, written);
    const clock = new FakeClock(written.getTime() + STALE_LOCK_MS + 1);
    const claimed = await claimServerSocket(paths, () => undefined, clock, 2_000);
    expect(claimed.kind).toBe("listening");
    if (claimed.kind === "listening") await new Promise((r) => claimed.server.close(r));
  });
});

/**
 * A real hmux server for unit tests, on a runtime dir of its own. Stopping it, removing the dir
 * and closing each client are pushed onto the test file's cleanups, so a failing test leaves no
 * server, socket or client behind.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { systemClock } from "../../../src/main/system-clock.js";
import { ServerClient } from "../../../src/server/client.js";
import { serverPaths } from "../../../src/server/paths.js";
import { type RunServerOptions, runServer } from "../../../src/server/run-server.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { connectServerSocket, duplexTransport } from "../../../src/server/transport.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { scriptedLauncher } from "./fixture.js";
import { type WireDrifts, wireChecked } from "./wire-check.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

export type Cleanups = (() => Promise<void> | void)[];

export const TEST_VERSION = "9.9.9-test";

export type ServeOptions = { readonly prefix: string; readonly version?: string } & Partial<
  Omit<RunServerOptions, "paths" | "table">
>;

export async function serveFresh(table: SessionTable, cleanups: Cleanups, options: ServeOptions) {
  const { prefix, version = TEST_VERSION, ...more } = options;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const paths = serverPaths({ XDG_RUNTIME_DIR: dir });
  const running = await runServer({ paths, table, version, idleExitMs: null, clock: systemClock, ...more });
  if (running.kind !== "serving") throw new Error("a fresh dir already had a server");
  cleanups.push(async () => {
    running.stop("test over");
    await running.stopped;
    rmSync(dir, { recursive: true, force: true });
  });
  /**
   * A client logged in to this server, closed with the test; every line the server sends it is
   * checked against the protocol (wire-check.ts), and one that drifts from it fails the test.
   */
  const client = async () => {
    const socket = await connectServerSocket(paths, clientClock);
    const token = readFileSync(paths.token, "utf8").trim();
    const drifts: WireDrifts = [];
    const transport = wireChecked(duplexTransport(socket, paths.socket, clientClock), drifts);
    const c = await ServerClient.open(transport, { token, version, clock: clientClock });
    cleanups.push(() => {
      c.close();
      expect(drifts, "lines the server sent that the protocol does not describe").toEqual([]);
    });
    return c;
  };
  return { dir, paths, running, client };
}

/** A fresh server on a table of scripted sessions (s1, s2, … in `sessions`, for the test to drive). */
export async function serveScripted(cleanups: Cleanups, options: ServeOptions) {
  const { launcher, sessions } = scriptedLauncher();
  const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
  return { ...(await serveFresh(table, cleanups, options)), table, sessions };
}

/**
 * Owner-first admission: connections that never log in have a small cap of their own, and a new
 * connection past it drops the oldest of them, so no number of idle strangers keeps out a client
 * that presents the token. The login timeout runs on an injected clock: nothing here sleeps.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ServerClient } from "../../../src/server/client.js";
import { until } from "../../helpers/until.js";
import { FakeClock } from "../exec/fakes.js";
import { type Cleanups, serveScripted, TEST_VERSION } from "./serve-fixture.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Stranger {
  readonly socket: Socket;
  /** What the server said before closing it; undefined while it is still open. */
  said: string | undefined;
}

/** A connection that never logs in; resolves once it is connected. */
function stranger(path: string): Promise<Stranger> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const s: Stranger = { socket, said: undefined };
    let text = "";
    socket.on("data", (d) => (text += d.toString()));
    socket.on("close", () => (s.said = text));
    socket.on("error", () => undefined);
    cleanups.push(() => void socket.destroy());
    socket.on("connect", () => resolve(s));
  });
}

async function strangers(path: string, count: number): Promise<Stranger[]> {
  const out: Stranger[] = [];
  for (let i = 0; i < count; i++) out.push(await stranger(path));
  return out;
}

describe("hmux server admission", () => {
  it("no number of idle strangers keeps out a client that logs in with the token", async () => {
    const clock = new FakeClock();
    const s = await serveScripted(cleanups, { prefix: "hmux-admit-", clock, maxStrangers: 4 });
    const idle = await strangers(s.paths.socket, 40);
    const owner = await s.client();
    expect(await owner.list()).toEqual([]);
    // The strangers' cap held: all but the newest few were dropped, each told why.
    await until(() => idle.filter((x) => x.said !== undefined).length >= 40 - 4);
    const dropped = idle.filter((x) => x.said !== undefined);
    expect(dropped.length).toBeGreaterThanOrEqual(36);
    expect(JSON.parse(dropped[0]!.said!)).toMatchObject({
      kind: "error",
      error: { code: "unauthorized", message: expect.stringContaining("waiting to log in") },
    });
  });

  it("a stranger is dropped once its login timeout passes on the server's clock", async () => {
    const clock = new FakeClock();
    const s = await serveScripted(cleanups, { prefix: "hmux-admit-", clock, loginTimeoutMs: 5_000 });
    const one = await stranger(s.paths.socket);
    await until(() => clock.timers.size === 1);
    clock.advance(4_999);
    expect(one.said).toBeUndefined();
    clock.advance(1);
    await until(() => one.said !== undefined);
    expect(JSON.parse(one.said!)).toMatchObject({
      error: { code: "unauthorized", message: expect.stringContaining("no login within 5000 ms") },
    });
  });

  it("logged-in clients are capped by maxClients, strangers not counted", async () => {
    const s = await serveScripted(cleanups, { prefix: "hmux-admit-", clock: new FakeClock(), maxClients: 2 });
    await strangers(s.paths.socket, 3);
    await s.client();
    await s.client();
    await expect(ServerClient.connect(s.paths, TEST_VERSION, clientClock)).rejects.toMatchObject({
      code: "too-many-clients",
    });
  });
});

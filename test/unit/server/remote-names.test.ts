/**
 * A refusal from a server on another machine names that machine, and the commands its hint
 * gives act there: "no session "pi-1" on this server" on the client's screen read as the
 * client's own server.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ServerClient } from "../../../src/server/client.js";
import { connectServerSocket, duplexTransport } from "../../../src/server/transport.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { type Cleanups, serveScripted, TEST_VERSION } from "./serve-fixture.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A client of the test's server over a transport that says it leads to `host`, as ssh's does. */
async function clientOn(host: string | null) {
  const { paths } = await serveScripted(cleanups, { prefix: "hmux-remote-names-" });
  const socket = await connectServerSocket(paths, clientClock);
  const token = readFileSync(paths.token, "utf8").trim();
  const client = await ServerClient.open(
    duplexTransport(socket, host ? `ssh ${host}` : paths.socket, clientClock, host),
    {
      token,
      version: TEST_VERSION,
      clock: clientClock,
    },
  );
  cleanups.push(() => client.close());
  return client;
}

describe("a remote server's refusals", () => {
  it("name the box instead of 'this server', and the hint's commands carry --host", async () => {
    const client = await clientOn("box");
    await expect(client.request({ op: "resume", session: "pi-1" })).rejects.toMatchObject({
      code: "no-such-session",
      message: 'no session "pi-1" on the hmux server on box',
      hint: "see `hmux ls --host box` for the sessions it has",
    });
  });

  it("on this machine's server they read as the server says them", async () => {
    const client = await clientOn(null);
    await expect(client.request({ op: "resume", session: "pi-1" })).rejects.toMatchObject({
      message: 'no session "pi-1" on this server',
      hint: "see `hmux ls` for the sessions it has",
    });
  });
});

/**
 * `hmux server --stdio`'s relay between a real server socket and a pair of streams standing in
 * for ssh's: a client logs in through it without the token, is refused as over the socket, and
 * an input that ends (a dropped ssh connection) is a detach that leaves the sessions running.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Duplex, PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { PROTOCOL } from "../../../src/protocol/index.js";
import { ServerClient } from "../../../src/server/client.js";
import { serverPaths } from "../../../src/server/paths.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { connectServerSocket, duplexTransport } from "../../../src/server/transport.js";
import { relayStdio } from "../../../src/server/transport-relay.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { until } from "../../helpers/until.js";
import { scriptedLauncher } from "./fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

const VERSION = "9.9.9-test";
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start() {
  const { launcher } = scriptedLauncher();
  const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
  const { paths, running } = await serveFresh(table, cleanups, { prefix: "hmux-relay-", version: VERSION });
  return { paths, table, running };
}

/** A relay on two pipes, as ssh gives them: what the client writes (and every byte of it, kept) and what it reads. */
function relayed(paths: ReturnType<typeof serverPaths>) {
  const toRelay = new PassThrough();
  const fromRelay = new PassThrough();
  const sent: Buffer[] = [];
  toRelay.on("data", (c: Buffer) => sent.push(c));
  const exit = relayStdio({
    input: toRelay,
    output: fromRelay,
    connect: () => connectServerSocket(paths, clientClock),
    readToken: () => readFileSync(paths.token, "utf8").trim(),
  });
  const stream = Duplex.from({ readable: fromRelay, writable: toRelay });
  return { toRelay, fromRelay, stream, exit, sent: () => Buffer.concat(sent).toString("utf8") };
}

describe("hmux server --stdio", () => {
  it("a client logs in through the relay without ever sending the token, and is served as over the socket", async () => {
    const s = await start();
    const r = relayed(s.paths);
    const client = await ServerClient.open(duplexTransport(r.stream, "relay", clientClock), {
      token: null,
      version: VERSION,
      clock: clientClock,
    });
    cleanups.push(() => client.close());
    expect(client.hello.version).toBe(VERSION);
    await client.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
    expect((await client.list()).map((row) => row.name)).toEqual(["w"]);
    const token = readFileSync(s.paths.token, "utf8").trim();
    expect(r.sent()).toContain('"op":"login"');
    expect(r.sent()).not.toContain(token);
    expect(r.sent()).not.toContain('"token"');
  });

  it("a client of another version is refused by the server through the relay, both versions named", async () => {
    const s = await start();
    const r = relayed(s.paths);
    await expect(
      ServerClient.open(duplexTransport(r.stream, "relay", clientClock), {
        token: null,
        version: "0.0.1",
        clock: clientClock,
      }),
    ).rejects.toMatchObject({ code: "version-mismatch", message: expect.stringMatching(/9\.9\.9-test.*0\.0\.1/) });
  });

  it("a first line that is not a login gets a typed error line, and the relay exits 2 without reaching the server", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-relay-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let connected = false;
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: string[] = [];
    output.on("data", (c: Buffer) => lines.push(c.toString("utf8")));
    const exit = relayStdio({
      input,
      output,
      connect: () => {
        connected = true;
        return Promise.reject(new Error("must not be called"));
      },
      readToken: () => "x",
    });
    input.write('{"op":"list","req":"1"}\n');
    expect(await exit).toBe(2);
    expect(connected).toBe(false);
    expect(JSON.parse(lines.join(""))).toMatchObject({ kind: "error", error: { code: "bad-request" } });
  });

  it("a server that cannot be reached is said as the server's typed error on the client's side", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-relay-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const r = relayed(serverPaths({ XDG_RUNTIME_DIR: dir }));
    await expect(
      ServerClient.open(duplexTransport(r.stream, "relay", clientClock), {
        token: null,
        version: VERSION,
        clock: clientClock,
      }),
    ).rejects.toMatchObject({ code: "no-server" });
    expect(await r.exit).toBe(2);
  });

  it("the input ending (ssh dropped) is a detach: the relay exits and the session runs on", async () => {
    const s = await start();
    const r = relayed(s.paths);
    const client = await ServerClient.open(duplexTransport(r.stream, "relay", clientClock), {
      token: null,
      version: VERSION,
      clock: clientClock,
    });
    await client.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
    await client.request({ op: "attach", session: "w" });
    r.toRelay.end();
    expect(await r.exit).toBe(0);
    const other = await ServerClient.connect(s.paths, VERSION, clientClock);
    cleanups.push(() => other.close());
    const [row] = await other.list();
    expect(row).toMatchObject({ name: "w" });
    expect(row?.closed).toBeUndefined();
    expect(s.table.liveCount()).toBe(1);
  });

  it("the server stopping ends the relay, and the client hears why", async () => {
    const s = await start();
    const r = relayed(s.paths);
    const client = await ServerClient.open(duplexTransport(r.stream, "relay", clientClock), {
      token: null,
      version: VERSION,
      clock: clientClock,
    });
    let reason = "";
    client.onClose((why) => {
      reason = why;
    });
    s.running.stop("kill-server from a test");
    expect(await r.exit).toBe(0);
    await until(() => reason !== "");
    expect(reason).toContain("kill-server from a test");
  });

  it("the login the relay sends carries the server's token and the client's own version", async () => {
    const s = await start();
    const toRelay = new PassThrough();
    const fromRelay = new PassThrough();
    let seen = "";
    void relayStdio({
      input: toRelay,
      output: fromRelay,
      connect: async () => {
        const socket = await connectServerSocket(s.paths, clientClock);
        const write = socket.write.bind(socket) as (chunk: string | Uint8Array) => boolean;
        socket.write = ((chunk: string | Uint8Array) => {
          seen += chunk.toString();
          return write(chunk);
        }) as typeof socket.write;
        return socket;
      },
      readToken: () => readFileSync(s.paths.token, "utf8").trim(),
    });
    toRelay.write(`${JSON.stringify({ op: "login", protocol: PROTOCOL, version: VERSION })}\n`);
    await until(() => seen.includes("\n"));
    expect(JSON.parse(seen.split("\n")[0]!)).toEqual({
      op: "login",
      protocol: PROTOCOL,
      version: VERSION,
      token: readFileSync(s.paths.token, "utf8").trim(),
    });
    toRelay.end();
  });
});

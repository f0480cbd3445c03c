/**
 * ServerClient checks every line the server sends before it acts on it: a line that is not a
 * message of the protocol is a typed protocol-error that closes the connection and tells every
 * waiting request and close listener why, instead of a crash or a request left waiting forever.
 */
import { describe, expect, it } from "vitest";
import { PROTOCOL } from "../../../src/protocol/index.js";
import { ServerClient } from "../../../src/server/client.js";
import { ServerError } from "../../../src/server/errors.js";
import type { ServerTransport } from "../../../src/server/transport.js";
import { FakeClock } from "../../helpers/fake-clock.js";

/** A transport the test speaks for the server through. */
function fakeTransport() {
  let data: (chunk: Uint8Array) => void = () => undefined;
  let close: (failure: ServerError | null) => void = () => undefined;
  const written: string[] = [];
  const state = { closed: false };
  const transport: ServerTransport = {
    label: "test",
    host: null,
    write: (text) => written.push(text),
    onData: (l) => {
      data = l;
    },
    onClose: (l) => {
      close = l;
    },
    close: () => {
      if (state.closed) return;
      state.closed = true;
      queueMicrotask(() => close(null));
    },
  };
  const say = (line: string) => data(Buffer.from(`${line}\n`));
  return { transport, say, written, state };
}

const HELLO = JSON.stringify({
  kind: "hello",
  protocol: PROTOCOL,
  version: "1",
  pid: 7,
  home: "/home/u",
  clientId: "c-1",
});

/** A session row as the server sends it in a table line or a list reply. */
const ROW = {
  id: "s1",
  name: "claude-1",
  harness: "claude",
  lifecycle: "idle",
  cwd: "/w",
  createdAt: "",
  pending: 0,
  harnessSessionId: null,
};

async function loggedIn() {
  const fake = fakeTransport();
  const opening = ServerClient.open(fake.transport, {
    token: "t",
    version: "1",
    clock: new FakeClock(),
    timeoutMs: 2_000,
  });
  fake.say("Welcome to the box!"); // a remote shell's greeting before the hello: skipped
  fake.say(HELLO);
  const client = await opening;
  return { client, ...fake };
}

describe("ServerClient's lines from the server", () => {
  it("a reply whose fields are not the protocol's rejects the waiting request with protocol-error and closes", async () => {
    const { client, say, state } = await loggedIn();
    const closed = new Promise<string>((resolve) => client.onClose(resolve));
    const asked = client.request({ op: "list" });
    say(JSON.stringify({ kind: "reply", req: "1", ok: "yes" }));
    const err = await asked.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).code).toBe("protocol-error");
    expect((err as ServerError).message).toMatch(/malformed line \(a reply line/);
    expect(state.closed).toBe(true);
    expect(await closed).toMatch(/malformed line/);
    // Nothing more is asked of a connection that is gone; the same reason comes back.
    const later = await client.request({ op: "list" }).catch((e: unknown) => e);
    expect((later as ServerError).code).toBe("protocol-error");
  });

  it("a line that is not JSON after the login closes the connection with protocol-error", async () => {
    const { client, say, state } = await loggedIn();
    const asked = client.request({ op: "list" });
    say("{not json");
    const err = (await asked.catch((e: unknown) => e)) as ServerError;
    expect(err.code).toBe("protocol-error");
    expect(err.message).toContain("it is not JSON");
    expect(state.closed).toBe(true);
  });

  it("a message of a kind the protocol does not have closes the connection, naming the kind", async () => {
    const { client, say } = await loggedIn();
    const closed = new Promise<string>((resolve) => client.onClose(resolve));
    say(JSON.stringify({ kind: "surprise" }));
    expect(await closed).toContain('kind "surprise"');
  });

  it("a table line whose row lacks its id never reaches a table listener", async () => {
    const { client, say } = await loggedIn();
    const rows: unknown[] = [];
    client.onTable((_change, row) => rows.push(row));
    const closed = new Promise<string>((resolve) => client.onClose(resolve));
    say(JSON.stringify({ kind: "table", change: "created", session: { name: "x" } }));
    expect(await closed).toMatch(/a table line session\.id/);
    expect(rows).toEqual([]);
  });

  it("well-formed lines pass: a reply resolves its request and an event reaches its listener", async () => {
    const { client, say, state } = await loggedIn();
    const events: unknown[] = [];
    client.onEvent((session, event) => events.push([session, event]));
    const asked = client.request({ op: "list" });
    say(JSON.stringify({ kind: "event", session: "s1", event: { kind: "token", text: "hi" } }));
    say(JSON.stringify({ kind: "reply", req: "1", ok: true, sessions: [] }));
    expect((await asked).sessions).toEqual([]);
    expect(events).toEqual([["s1", { kind: "token", text: "hi" }]]);
    expect(state.closed).toBe(false);
    client.close();
  });

  it("a setting with no value (undefined before JSON) passes: the row reaches the table listener", async () => {
    const { client, say, state } = await loggedIn();
    const rows: unknown[] = [];
    client.onTable((_change, row) => rows.push(row));
    const row = {
      ...ROW,
      settings: [
        { key: "model", value: "sonnet", tier: "arg" },
        { key: "effort", tier: "default" },
      ],
    };
    say(JSON.stringify({ kind: "table", change: "created", session: row }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(state.closed).toBe(false);
    expect(rows).toHaveLength(1);
    client.close();
  });

  it("a list reply whose row has no name is a protocol-error from list, naming the field", async () => {
    const { client, say } = await loggedIn();
    const listed = client.list();
    const { name: _name, ...row } = ROW;
    say(JSON.stringify({ kind: "reply", req: "1", ok: true, sessions: [row] }));
    const err = (await listed.catch((e: unknown) => e)) as ServerError;
    expect(err.code).toBe("protocol-error");
    expect(err.message).toContain("sessions.0.name");
  });

  it("a malformed hello fails the login with protocol-error rather than logging in", async () => {
    const fake = fakeTransport();
    const opening = ServerClient.open(fake.transport, {
      token: "t",
      version: "1",
      clock: new FakeClock(),
      timeoutMs: 2_000,
    });
    fake.say(JSON.stringify({ kind: "hello", protocol: PROTOCOL, version: "1" }));
    const err = (await opening.catch((e: unknown) => e)) as ServerError;
    expect(err.code).toBe("protocol-error");
    expect(err.message).toMatch(/a hello line pid/);
    expect(fake.state.closed).toBe(true);
  });

  it("a server that never says hello fails the login as unreachable once the clock passes its timeout", async () => {
    const fake = fakeTransport();
    const clock = new FakeClock();
    let settled = false;
    const opening = ServerClient.open(fake.transport, { token: "t", version: "1", clock, timeoutMs: 2_000 });
    void opening.catch(() => undefined).finally(() => (settled = true));
    clock.advance(1_999);
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(1);
    const err = (await opening.catch((e: unknown) => e)) as ServerError;
    expect(err.code).toBe("unreachable");
    expect(err.message).toContain("did not answer within 2000 ms");
    expect(fake.state.closed).toBe(true);
  });
});

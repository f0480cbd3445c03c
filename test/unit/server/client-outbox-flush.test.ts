/**
 * What a client is sent leaves in few writes: a session's events wait in its outbox until EVENT_FLUSH_MS
 * after the first of them (one timer for every client), and a reply leaves at the end of its turn
 * with everything that waited before it, in order. Each write the socket makes is counted (a
 * Writable's _write and _writev), so a line that left alone shows as a write of its own.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ClientOutbox, type ClientStream, EVENT_FLUSH_MS, Flusher } from "../../../src/server/client-outbox.js";
import { FakeClock } from "../../helpers/fake-clock.js";

/** A socket that records each write it makes: the lines of one write joined. */
function countingSocket(): { socket: ClientStream; writes: string[] } {
  const writes: string[] = [];
  const socket = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map((c) => String(c.chunk)).join(""));
      done();
    },
  }) as unknown as ClientStream;
  return { socket, writes };
}

const turnEnds = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const limits = { laggingBytes: 1024 * 1024, maxBufferedBytes: 32 * 1024 * 1024 };

describe("what a client is sent, flushed", () => {
  it("holds a burst of events for two clients until the flush time, then each client's leave in one write", async () => {
    const clock = new FakeClock();
    const corker = new Flusher(clock);
    const a = countingSocket();
    const b = countingSocket();
    const outA = new ClientOutbox(a.socket, limits, corker);
    const outB = new ClientOutbox(b.socket, limits, corker);
    outA.writeLine("e1\n");
    outB.writeLine("e1\n");
    await turnEnds();
    outA.writeLine("e2\n");
    await turnEnds();
    expect([a.writes, b.writes]).toEqual([[], []]);
    expect(outA.queuedBytes).toBe(6); // what waits counts: a client falls behind as if it were written
    clock.advance(EVENT_FLUSH_MS);
    await turnEnds();
    expect([a.writes, b.writes]).toEqual([["e1\ne2\n"], ["e1\n"]]);
  });

  it("sends a reply at the end of its turn, after the events that waited before it", async () => {
    const clock = new FakeClock();
    const { socket, writes } = countingSocket();
    const out = new ClientOutbox(socket, limits, new Flusher(clock));
    out.writeLine("e1\n");
    out.send({ kind: "reply", req: "r1", ok: true });
    out.writeLine("e2\n");
    await turnEnds();
    expect(writes).toEqual([`e1\n${JSON.stringify({ kind: "reply", req: "r1", ok: true })}\ne2\n`]);
    clock.advance(EVENT_FLUSH_MS);
    await turnEnds();
    expect(writes).toHaveLength(1);
  });

  it("a socket's high-water mark of lines leaves at once, without waiting for the timer", async () => {
    const clock = new FakeClock();
    const { socket, writes } = countingSocket();
    const out = new ClientOutbox(socket, limits, new Flusher(clock));
    const line = `${"x".repeat(1023)}\n`;
    const lines = socket.writableHighWaterMark / line.length;
    for (let i = 0; i < lines; i++) out.writeLine(line);
    await turnEnds();
    expect(writes).toEqual([line.repeat(lines)]);
  });

  it("with a flush time of 0 (a client in this process), events leave at the end of their turn", async () => {
    const clock = new FakeClock();
    const { socket, writes } = countingSocket();
    const out = new ClientOutbox(socket, limits, new Flusher(clock, 0));
    out.writeLine("e1\n");
    out.writeLine("e2\n");
    await turnEnds();
    expect(writes).toEqual(["e1\ne2\n"]);
  });
});

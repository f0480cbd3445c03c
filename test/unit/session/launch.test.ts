/**
 * launchSession with a journal writer as its record and the control socket on, over a fake
 * claude (the approval bench's fake harness): the journal gets every event, `hmux control`'s
 * socket answers, the socket is gone when the session closes.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { readJournal } from "../../../src/core/control/journal-format.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { realSessionPorts } from "../../../src/main/session-ports.js";
import { readToken, socketPaths } from "../../../src/session/control-socket.js";
import { JournalWriter, journalPath } from "../../../src/session/journal.js";
import { launchSession } from "../../../src/session/launch.js";

const dir = mkdtempSync(join(tmpdir(), "hmux-launch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FAKE = join(import.meta.dirname, "..", "..", "..", "bench", "fake-approval-harness.mjs");

describe("launchSession", () => {
  it("journals every event and serves the control socket until the session closes", async () => {
    const env = { XDG_STATE_HOME: join(dir, "state"), XDG_RUNTIME_DIR: join(dir, "run") };
    const notes: string[] = [];
    const events: SessionEvent[] = [];
    const journal = new JournalWriter(
      journalPath("launch-1", env),
      { sessionId: "launch-1", harness: "claude", cwd: dir, stateDir: join(dir, "sd"), isolate: false },
      { origin: "fresh", pid: process.pid, startedAt: new Date(0).toISOString() },
      Date.now,
    );
    const handle = launchSession(
      {
        registry: builtinRegistry,
        harness: "claude",
        sessionId: "launch-1",
        cwd: dir,
        stateDir: join(dir, "sd"),
        isolate: false,
        approvals: "ask",
        env: { PATH: process.env.PATH ?? "", HMUX_FAKE_HARNESS: "claude", HMUX_FAKE_OUT: join(dir, "fake.json") },
        binary: [process.execPath, FAKE],
        record: (e) => journal.record(e),
        controlSocket: { env },
        note: (l) => notes.push(l),
      },
      realSessionPorts(),
    );
    handle.subscribe((e) => events.push(e));
    await handle.start();
    const paths = socketPaths("launch-1", env);
    for (let i = 0; i < 50 && !existsSync(paths.socket); i++) await new Promise((r) => setTimeout(r, 20));
    const reply = await new Promise<string[]>((resolve) => {
      const sock = connect(paths.socket);
      let buf = "";
      sock.on("data", (d) => {
        buf += d.toString();
        const got = buf.split("\n").filter(Boolean);
        if (got.length >= 2) {
          sock.end();
          resolve(got);
        }
      });
      sock.on("connect", () =>
        sock.write(
          `${JSON.stringify({ token: readToken("launch-1", env) })}\n${JSON.stringify({ format: "metaharness.command/1", id: "k-1", command: "tool.decide", call_id: "nope", decision: "allow" })}\n`,
        ),
      );
    });
    expect(JSON.parse(reply[1]!)).toMatchObject({ id: "k-1", outcome: { refused: { code: "UNKNOWN_CALL" } } });
    await handle.close();
    await new Promise((r) => setTimeout(r, 50));
    journal.close();
    const reading = readJournal(readFileSync(journalPath("launch-1", env), "utf8"));
    expect(reading.problems).toEqual([]);
    expect(reading.records.map((r) => r.event)).toEqual(events);
    expect(existsSync(paths.socket)).toBe(false);
    expect(notes.some((n) => n.includes("control socket"))).toBe(true);
  });
});

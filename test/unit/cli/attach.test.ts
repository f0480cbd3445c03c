/**
 * `hmux attach` with nothing to attach to says why on stderr and exits 1 — no server, a server
 * with no session, a -t that names none — before it asks for a terminal; and it never starts a
 * server of its own.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { VERSION } from "../../../src/cli/main.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { serverPaths } from "../../../src/server/paths.js";
import { fileSessionRecords, SESSION_RECORD_FORMAT } from "../../../src/server/restore-records.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { findSessionTarget } from "../../../src/server/session-target.js";
import { JournalWriter, journalPath } from "../../../src/session/journal.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { scriptedLauncher, spec } from "../server/fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  process.exitCode = undefined;
});

function runtime(): string {
  const dir = mkdtempSync(join(tmpdir(), "hmux-attach-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A server of this hmux's version on a runtime dir of its own. */
async function serve() {
  const { launcher } = scriptedLauncher();
  const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
  const { dir } = await serveFresh(table, cleanups, { prefix: "hmux-attach-", version: VERSION });
  return { dir, table };
}

const attach = (dir: string, ...args: string[]) =>
  runHmux(["attach", ...args], { env: { ...process.env, XDG_RUNTIME_DIR: dir, XDG_STATE_HOME: join(dir, "state") } });

describe("hmux attach with nothing to attach to", () => {
  it("no server: says so, exits 1, and starts none", async () => {
    const dir = runtime();
    const r = await attach(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^hmux attach: no hmux server is running, so there are no sessions to attach to/);
    expect(existsSync(serverPaths({ XDG_RUNTIME_DIR: dir }).socket)).toBe(false);
  });

  it("no server but a dead server's sessions in the journal: names them as detached and points to ls and resume", async () => {
    const dir = runtime();
    const env = { ...process.env, XDG_RUNTIME_DIR: dir, XDG_STATE_HOME: join(dir, "state") };
    const deadServerPid = 999_001;
    for (const [i, name] of ["alpha", "beta", "gamma"].entries()) {
      const id = `s${i}`;
      const w = new JournalWriter(
        journalPath(id, env),
        { sessionId: id, harness: "pi", cwd: "/work", stateDir: join(dir, id), isolate: true },
        { origin: "fresh", pid: deadServerPid, startedAt: "2026-12-01T11:00:00.000Z" },
        Date.now,
      );
      w.close();
      fileSessionRecords(env, Date.now).save({
        format: SESSION_RECORD_FORMAT,
        id,
        name,
        harness: "pi",
        cwd: "/work",
        createdAt: 1_000 + i,
        options: { approvals: "ask" },
      });
    }
    const r = await runHmux(["attach"], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "no hmux server is running; its 3 sessions are detached in the journal: alpha, beta, gamma",
    );
    expect(r.stderr).toContain("hmux ls");
    expect(r.stderr).toContain("hmux resume alpha");
    expect(r.stderr).not.toContain("start some");
    expect(existsSync(serverPaths({ XDG_RUNTIME_DIR: dir }).socket)).toBe(false);
  });

  it("a server with no session: says so with its pid, exits 1", async () => {
    const { dir } = await serve();
    const r = await attach(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`no sessions on the hmux server (pid ${process.pid})`);
  });

  it("-t naming no session: says which, exits 1", async () => {
    const { dir, table } = await serve();
    await table.create(spec(), "work");
    const r = await attach(dir, "-t", "nope");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no session "nope" on the hmux server');
  });
});

describe("attach -t resolves as the server does", () => {
  const row = (id: string, name: string) => ({ id, name }) as SessionSummary;
  const rows = [row("abc123", "one"), row("abd456", "two"), row("fff", "abc123x")];
  it("an exact id, then a name, then a unique start of an id", () => {
    expect(findSessionTarget(rows, "two").id).toBe("abd456");
    expect(findSessionTarget(rows, "abc123").name).toBe("one");
    expect(findSessionTarget(rows, "abd").name).toBe("two");
  });
  it("a name that equals another session's id never shadows that id", () => {
    const shadowed = [row("abc123", "one"), row("zzz999", "abc123")];
    expect(findSessionTarget(shadowed, "abc123").name).toBe("one");
  });
  it("a start shared by several ids is refused, naming them", () => {
    expect(() => findSessionTarget(rows, "ab")).toThrow(/"ab" is the start of 2 session ids \(one, two\)/);
  });
});

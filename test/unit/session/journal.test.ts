import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readJournal } from "../../../src/core/control/journal-format.js";
import { JournalWriter, journalPath, readMeta, summarizeJournal } from "../../../src/session/journal.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function place() {
  const dir = mkdtempSync(join(tmpdir(), "hmux-journal-"));
  dirs.push(dir);
  return journalPath("s-1", { XDG_STATE_HOME: dir });
}
const meta = { sessionId: "s-1", harness: "claude" as const, cwd: "/w", stateDir: "/w/.d", isolate: true };
const run = (origin: "fresh" | "resumed", pid = 1) => ({ origin, pid, startedAt: "2026-11-29T00:00:00.000Z" });

describe("session journal", () => {
  it("each record is stamped by the clock the writer is handed", () => {
    const path = place();
    let now = Date.UTC(2026, 0, 2, 3, 4, 5);
    const w = new JournalWriter(path, meta, run("fresh"), () => now);
    w.record({ kind: "token", text: "one" });
    now += 1_500;
    w.record({ kind: "token", text: "two" });
    w.close();
    expect(readJournal(readFileSync(path, "utf8")).records.map((r) => r.time)).toEqual([
      "2026-01-02T03:04:05.000Z",
      "2026-01-02T03:04:06.500Z",
    ]);
  });

  it("every record is a valid hmux.journal/1 line and seq continues across a resume", () => {
    const path = place();
    const a = new JournalWriter(path, meta, run("fresh"), Date.now);
    a.record({ kind: "session", sessionId: "s-1", harness: "claude", origin: "fresh", escalateQuestions: false });
    a.record({ kind: "token", text: "hi" });
    a.close();
    const b = new JournalWriter(path, meta, run("resumed"), Date.now);
    b.record({ kind: "closed", exitCode: 0, cause: "clean" });
    b.close();
    const reading = readJournal(readFileSync(path, "utf8"));
    expect(reading.problems).toEqual([]);
    expect(reading.records.map((r) => [r.seq, r.event.kind])).toEqual([
      [1, "session"],
      [2, "token"],
      [3, "closed"],
    ]);
    expect(readMeta(path)?.runs.map((r) => r.origin)).toEqual(["fresh", "resumed"]);
  });

  it("a line torn by a crash stays one reported problem and the next record starts on its own line", () => {
    const path = place();
    const a = new JournalWriter(path, meta, run("fresh"), Date.now);
    a.record({ kind: "token", text: "one" });
    a.close();
    appendFileSync(path, '{"format":"hmux.journal/1","seq":2,"ti');
    const b = new JournalWriter(path, meta, run("resumed"), Date.now);
    b.record({ kind: "token", text: "two" });
    b.close();
    const reading = readJournal(readFileSync(path, "utf8"));
    expect(reading.records.map((r) => r.seq)).toEqual([1, 2]);
    expect(reading.problems).toHaveLength(1);
  });

  it("a session whose hmux died without closed is interrupted; a live pid is live; closed says its cause", () => {
    const path = place();
    const a = new JournalWriter(path, meta, run("fresh", 999_999), Date.now);
    a.record({ kind: "state", from: "starting", to: "idle" });
    a.record({ kind: "identity", harness: "claude", sessionId: "native-1", authority: "caller-assigned" });
    a.record({ kind: "turn", turnId: "s-1:turn-1", id: "in-1" });
    expect(summarizeJournal(path, () => false)).toMatchObject({
      state: "interrupted",
      harnessSessionId: "native-1",
      turns: 1,
      lastTurnNumber: 1,
      harness: "claude",
    });
    expect(summarizeJournal(path, () => true).state).toBe("live (idle)");
    a.record({ kind: "closed", exitCode: 0, cause: "clean" });
    a.close();
    expect(summarizeJournal(path, () => true).state).toBe("closed (clean)");
  });

  it("a session id that is not a safe file name is refused", () => {
    expect(() => journalPath("../etc/passwd", { XDG_STATE_HOME: "/tmp" })).toThrow(/safe file name/);
  });
});

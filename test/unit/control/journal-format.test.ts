import { describe, expect, it } from "vitest";
import { eventJson } from "../../../src/core/control/event-json.js";
import {
  encodeJournalRecord,
  journalRecord,
  readJournal,
  SYNC_AFTER_KINDS,
} from "../../../src/core/control/journal-format.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { Session } from "./helpers.js";

function journalOf(events: readonly SessionEvent[], session = "s-1"): string {
  return events.map((e, i) => encodeJournalRecord(journalRecord(session, i + 1, 1_764_400_000_000 + i, e))).join("");
}

describe("journal format", () => {
  it("every event of a real control session round-trips through the journal, in order", () => {
    const s = new Session().start();
    s.ask("t1");
    s.decide("c-1", "t1", { decision: "deny", reason: "no" });
    s.command({ id: "c-2", command: "fly" });
    s.feed({ type: "process-exited", exitCode: 0, cause: "clean" });
    const events: SessionEvent[] = [{ kind: "token", text: "hi" }, ...s.events()];
    const reading = readJournal(journalOf(events));
    expect(reading.problems).toEqual([]);
    expect(reading.truncatedTail).toBe(false);
    expect(reading.records.map((r) => r.event)).toEqual(events);
    expect(reading.records.map((r) => r.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it("one record is one line ending in a newline", () => {
    const line = encodeJournalRecord(journalRecord("s", 1, 0, { kind: "message", role: "assistant", text: "a\nb" }));
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toContain("\n");
    expect(JSON.parse(line)).toMatchObject({
      format: "hmux.journal/1",
      seq: 1,
      time: "1970-01-01T00:00:00.000Z",
      session: "s",
    });
  });

  it("a record's bytes are JSON.stringify of the record, its event's JSON shared with the wire", () => {
    const events: SessionEvent[] = [
      { kind: "message", role: "assistant", text: 'quote " backslash \\ tab \t é 😀 \u2028' },
      { kind: "warning", code: "W", message: "x" },
    ];
    for (const event of events) {
      const record = journalRecord('s "1"', 7, 1_764_400_000_123, event);
      expect(encodeJournalRecord(record)).toBe(`${JSON.stringify(record)}\n`);
      // Asked again for the same event (a client's line after the journal's), the one encoding is reused.
      expect(eventJson(event)).toBe(JSON.stringify(event));
    }
  });

  it("a torn last line (a crash mid-write) is reported as a truncated tail and everything before it is kept", () => {
    const full = journalOf([
      { kind: "token", text: "a" },
      { kind: "state", from: "starting", to: "idle" },
    ]);
    const torn = `${full}{"format":"hmux.journal/1","seq":3,"ti`;
    const reading = readJournal(torn);
    expect(reading.records).toHaveLength(2);
    expect(reading.truncatedTail).toBe(true);
    expect(reading.problems).toEqual([]);
  });

  it("a gap in seq, a foreign session, a bad control event or a garbage line is reported, never dropped silently", () => {
    const good = journalOf([{ kind: "token", text: "a" }]);
    const gap = encodeJournalRecord(journalRecord("s-1", 5, 0, { kind: "token", text: "b" }));
    const foreign = encodeJournalRecord(journalRecord("s-2", 6, 0, { kind: "token", text: "c" }));
    const badDecision = `${JSON.stringify({
      ...journalRecord("s-1", 7, 0, { kind: "token", text: "x" }),
      event: {
        kind: "approval-disposition",
        callId: "t",
        decision: { decision: "deny", reason: "" },
        decider: "person",
        status: "sent",
      },
    })}\n`;
    const reading = readJournal(`${good + gap + foreign + badDecision}garbage\n`);
    expect(reading.problems.map((p) => p.line)).toEqual([2, 3, 4, 5]);
    expect(reading.problems[0]?.reason).toContain("seq 5");
    expect(reading.problems[1]?.reason).toContain("s-2");
  });

  it("an unknown event kind is kept (kinds are additive)", () => {
    const reading = readJournal(journalOf([{ kind: "future-kind" } as unknown as SessionEvent]));
    expect(reading.problems).toEqual([]);
    expect(reading.records[0]?.event.kind).toBe("future-kind");
  });

  it("the records that settle something are the ones the writer syncs after", () => {
    for (const k of ["approval-disposition", "command.result", "state", "closed"])
      expect(SYNC_AFTER_KINDS.has(k)).toBe(true);
    expect(SYNC_AFTER_KINDS.has("token")).toBe(false);
  });
});

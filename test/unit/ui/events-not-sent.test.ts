/**
 * A client the server could not send every event (it read too slowly, the ring moved on) is told
 * so, then re-sent what still waits: the pane says events were missed, and an approval settled in
 * the gap no longer waits for a key there; one still open waits as before.
 */
import { describe, expect, it } from "vitest";
import { EVENTS_NOT_SENT_WARNING } from "../../../src/core/control/events-not-sent.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { entryLines } from "../../../src/ui/store/entry-lines.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

const call = (callId: string) => ({
  callId,
  tool: "Bash",
  input: { command: `echo ${callId}` },
  openedAt: 0,
  deadlineAt: null,
});

describe("events a slow client was not sent", () => {
  it("a call settled in the gap stops waiting there, one still open waits, and the pane says events were missed", () => {
    const clock = new ManualScheduler();
    const store = new AppStore({ scheduler: clock, commitMs: 100 });
    const port = new FakePort();
    const key = store.addSession(port);
    store.start();
    port.emit({ kind: "approval-request", call: call("settled") }, { kind: "approval-request", call: call("open") });
    expect(store.state.sessions.get(key)!.approvals.map((c) => c.callId)).toEqual(["settled", "open"]);
    // What the server sends after the gap: the warning, what still waits, then its kept events.
    const message = "120 events of this session were not shown here";
    port.emit(
      { kind: "warning", code: EVENTS_NOT_SENT_WARNING, message },
      { kind: "approval-request", call: call("open") },
      { kind: "message", role: "assistant", text: "after the gap" },
    );
    const view = store.state.sessions.get(key)!;
    expect(view.approvals.map((c) => c.callId)).toEqual(["open"]);
    const rows = view.entries.flatMap((e) => entryLines(e, 100).map((l) => l.text));
    expect(rows).toContain(message);
    const settledAt = rows.findIndex((r) => r.includes("echo settled"));
    expect(rows[settledAt + 1]).toMatch(/outcome was among the events not shown here/);
    const openAt = rows.findIndex((r) => r.includes("echo open"));
    expect(rows[openAt + 1]).toBe("  awaiting approval");
  });
});

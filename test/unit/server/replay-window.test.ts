/**
 * A windowed replay (an attach with `replay: N`) still brings back every call waiting for a
 * decision: a request older than the window comes first, as itself; one inside the window, or
 * one already decided, is not added.
 */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { scriptedLauncher, spec } from "./fixture.js";

function table() {
  const { launcher, sessions } = scriptedLauncher();
  return { t: new SessionTable({ launcher, killWaitMs: 200 }), sessions };
}

const requests = (events: readonly SessionEvent[]) =>
  events.flatMap((e) => (e.kind === "approval-request" ? [e.call.callId] : []));

describe("a windowed replay", () => {
  it("starts with the request of a call still pending that was asked before the window", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "ask", id: "old", tool: "Bash", input: { command: "ls" } });
    for (const text of ["a", "b", "c", "d", "e"]) await sessions[0]!.feed({ t: "say", text });
    const seen: SessionEvent[] = [];
    const w = t.watch("s1", (e) => seen.push(e), 3);
    expect(w.replayed).toBe(3);
    expect(requests(seen)).toEqual(["old"]);
    expect(seen[0]).toMatchObject({ kind: "approval-request", call: { callId: "old", tool: "Bash" } });
    expect(seen.slice(1)).toEqual(sessions[0]!.events.slice(-3));
  });

  it("adds nothing for a pending call asked within the window, nor for one decided before it", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "ask", id: "done", tool: "Bash", input: { command: "ls" } });
    await sessions[0]!.handle.command({
      command: "tool.decide",
      id: "d1",
      callId: "done",
      decision: { decision: "allow" },
    });
    for (const text of ["a", "b", "c", "d", "e"]) await sessions[0]!.feed({ t: "say", text });
    await sessions[0]!.feed({ t: "ask", id: "new", tool: "Bash", input: { command: "pwd" } });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 3);
    expect(requests(seen)).toEqual(["new"]);
    expect(seen).toEqual(sessions[0]!.events.slice(-3));
  });

  it("a watch that asks for no replay gets none, pending calls included", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "ask", id: "old", tool: "Bash", input: { command: "ls" } });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 0);
    expect(seen).toEqual([]);
  });
});

/**
 * The inbox, `decide` and the audit trail on the server: the inbox lists every waiting call
 * across sessions oldest first, a decision from one client settles its call and the next one
 * is TOO_LATE (naming who was first), and the audit reads each decision back from the journal
 * with its decider, the client it came through, and a rule's text.
 */
import { afterEach, describe, expect, it } from "vitest";
import { journalRecord } from "../../../src/core/control/journal-format.js";
import { DEFAULT_SAFE_POLICY, makeClassifier } from "../../../src/core/control/policy.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { isServerError } from "../../../src/server/errors.js";
import { type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { type FakeSession, serverSession } from "./fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const WS = "/w";
const ask = (id: string, command: string) => ({ t: "ask", id, tool: "Bash", canonical: "shell", input: { command } });

async function threeWaiting() {
  const sessions: FakeSession[] = [];
  const launcher: Launcher = () => {
    const s = serverSession({
      sessionId: `s${sessions.length + 1}`,
      classify: makeClassifier(DEFAULT_SAFE_POLICY, WS),
      spawn: { argv: ["fake"], cwd: WS, env: {}, stdin: "pipe" },
    });
    sessions.push(s);
    return { handle: s.handle, cwd: WS, notes: [] };
  };
  const clock = new FakeClock(10_000);
  // Each session's journal as its runtime recorded it, stamped when the test read the event (one clock for all).
  const stamps = new Map<object, number>();
  let tick = 0;
  const journal = (id: string) => {
    const s = sessions.find((x) => x.handle.sessionId === id);
    return s
      ? s.journal.map((e, i) => {
          if (!stamps.has(e)) stamps.set(e, (tick += 1));
          return journalRecord(id, i + 1, stamps.get(e)!, e);
        })
      : null;
  };
  const table = new SessionTable({ clock, launcher, killWaitMs: 200, journal });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-inbox-" });
  const first = await served.client();
  const rows: SessionSummary[] = [];
  for (let i = 0; i < 3; i++)
    rows.push((await first.request({ op: "create", harness: "claude", cwd: WS, options: {} })).session);
  // Asked in the order s3, s2, s1: each session's clock says when its call opened.
  const openedAt = [3_000, 2_000, 1_000];
  for (let i = 0; i < 3; i++) {
    const s = sessions[i]!;
    await first.request({ op: "input", session: rows[i]!.id, line: { op: "send", id: "p1", text: "go" } });
    s.clock.advance(openedAt[i]!);
    await s.feed(ask(`c${i + 1}`, `touch f${i + 1}`));
  }
  return { ...served, table, sessions, rows, first };
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    if (isServerError(err)) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("it was not refused");
}

describe("the inbox and decide", () => {
  it("lists every waiting call across sessions, the longest waiting first, with its wait and deadline", async () => {
    const s = await threeWaiting();
    const { items } = await s.first.request({ op: "inbox" });
    expect(items.map((i) => [i.name, i.callId, i.tool, i.subject, i.waitedMs])).toEqual([
      ["claude-3", "c3", "Bash", "$ touch f3", 9_000],
      ["claude-2", "c2", "Bash", "$ touch f2", 8_000],
      ["claude-1", "c1", "Bash", "$ touch f1", 7_000],
    ]);
    expect(items.every((i) => i.kind === "approval" && typeof i.deadlineInMs === "number")).toBe(true);
    expect(items[0]!.always).toEqual({ allows: "Bash `touch <args>` inside the workspace" });
  });

  it("settles a call once: a second decision from another client is TOO_LATE and names who was first", async () => {
    const s = await threeWaiting();
    const other = await s.client();
    await s.first.request({
      op: "decide",
      session: "claude-2",
      call: "c2",
      decision: "allow",
      client: "hmux tui on laptop",
    });
    expect(s.sessions[1]!.written().some((w) => JSON.stringify(w).includes("c2"))).toBe(true);
    const late = await refusal(
      other.request({ op: "decide", session: "claude-2", call: "c2", decision: "deny", reason: "no", client: "cli" }),
    );
    expect(late.code).toBe("too-late");
    expect(late.message).toContain("person (hmux tui on laptop)");
    expect((await other.request({ op: "inbox" })).items.map((i) => i.callId)).toEqual(["c3", "c1"]);
    expect(
      (await refusal(other.request({ op: "decide", session: "claude-1", call: "c9", decision: "allow", client: "x" })))
        .code,
    ).toBe("unknown-call");
    expect(
      (await refusal(other.request({ op: "decide", session: "claude-1", call: "c1", decision: "deny", client: "x" })))
        .code,
    ).toBe("decision-refused");
  });
});

describe("the audit trail", () => {
  it("reads each decision from the journal with its decider, the client it came through and a rule's text", async () => {
    const s = await threeWaiting();
    await s.first.request({
      op: "decide",
      session: "claude-1",
      call: "c1",
      decision: "allow",
      scope: "session",
      client: "hmux decide on box",
    });
    await s.sessions[0]!.feed(ask("c4", "touch again"));
    await s.first.request({
      op: "input",
      session: "claude-3",
      line: {
        format: "metaharness.command/1",
        id: "d1",
        command: "tool.decide",
        call_id: "c3",
        decision: { decision: "deny", reason: "not now" },
      },
      as: "person",
      client: "hmux tui on phone",
    });
    const { entries } = await s.first.request({ op: "audit" });
    const seen = entries.map((e) => [e.name, e.callId, e.decision, e.decider, e.via ?? null, e.rule?.allows ?? null]);
    expect(seen).toEqual([
      ["claude-1", "c1", "allow", "person", "hmux decide on box", null],
      ["claude-1", "c4", "allow", "rule:r1", null, "Bash `touch <args>` inside the workspace"],
      ["claude-3", "c3", "deny", "person", "hmux tui on phone", null],
    ]);
    expect(entries[0]).toMatchObject({ tool: "Bash", input: { command: "touch f1" } });
    expect(entries[2]).toMatchObject({ reason: "not now" });
    const one = await s.first.request({ op: "audit", session: "claude-3" });
    expect(one.entries.map((e) => e.callId)).toEqual(["c3"]);
  });
});

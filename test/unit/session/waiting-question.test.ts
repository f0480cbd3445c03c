/**
 * A question waiting for its answer when the session's hmux died comes back: the journal says it
 * is still waiting, a resumed session asks it again (so the answer is an answer, not a new
 * prompt), and a journal whose session ended with it (halted, killed) has none waiting.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { JournalWriter, summarizeJournal } from "../../../src/session/journal.js";
import { setup } from "./session-fixture.js";

const QUESTION = { question: "Should I keep hmux-demo.txt?", options: ["keep it", "delete it"] };

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function journalOf(events: readonly SessionEvent[]): string {
  dir = mkdtempSync(join(tmpdir(), "hmux-question-"));
  const path = join(dir, "q.ndjson");
  const w = new JournalWriter(
    path,
    { sessionId: "q", harness: "pi", cwd: "/work", stateDir: join(dir, "q.d"), isolate: false },
    { origin: "fresh", pid: 999_001, startedAt: "2026-12-01T11:00:00.000Z" },
    Date.now,
  );
  for (const e of events) w.record(e);
  w.close();
  return path;
}

const asked: SessionEvent[] = [
  { kind: "session", sessionId: "q", harness: "pi", origin: "fresh", escalateQuestions: true },
  { kind: "turn", turnId: "q:turn-1", id: "in-1" },
  { kind: "question", ...QUESTION },
  { kind: "state", from: "running", to: "awaiting-input" },
  { kind: "done", exitCode: null, cause: "awaiting-input" },
];

describe("a question waiting when hmux died", () => {
  it("the journal says it still waits, with its options; one whose session ended does not", () => {
    expect(summarizeJournal(journalOf(asked), () => false).waitingQuestion).toEqual(QUESTION);
    const ended = [...asked, { kind: "closed", exitCode: null, cause: "killed" } as SessionEvent];
    expect(summarizeJournal(journalOf(ended), () => false).waitingQuestion).toBeNull();
    const answered = [...asked, { kind: "state", from: "awaiting-input", to: "running" } as SessionEvent];
    expect(summarizeJournal(journalOf(answered), () => false).waitingQuestion).toBeNull();
  });

  it("a resumed session asks it again once the harness is ready, and takes the answer as an answer", async () => {
    const t = setup({ origin: "resumed", escalateQuestions: true, waitingQuestion: QUESTION });
    await t.handle.start();
    const question = t.events.findIndex((e) => e.kind === "question");
    expect(t.events[question]).toEqual({ kind: "question", ...QUESTION });
    expect(t.events.slice(question + 1)).toContainEqual(
      expect.objectContaining({ kind: "state", to: "awaiting-input" }),
    );
    expect(t.handle.snapshot().lifecycle).toBe("awaiting-input");
    expect(t.journal).toContainEqual({ kind: "question", ...QUESTION });
    expect(await t.handle.answer("a-1", "keep it")).toEqual({ disposition: "started" });
    expect(String(t.written().at(-1)?.text)).toContain('"Should I keep hmux-demo.txt?" with: keep it');
  });

  it("a session resumed with no question waiting starts idle and refuses an answer", async () => {
    const t = setup({ origin: "resumed", escalateQuestions: true });
    await t.handle.start();
    expect(t.events.some((e) => e.kind === "question")).toBe(false);
    expect(t.handle.snapshot().lifecycle).toBe("idle");
    expect(await t.handle.answer("a-1", "keep it")).toEqual({ disposition: "rejected", reason: "no-open-question" });
  });
});

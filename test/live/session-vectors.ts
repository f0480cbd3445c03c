/**
 * The seven reference control vectors, live: real harness, real hmux CLI, scripted model.
 * Each harness's control-<h>.test.ts calls defineControlVectors once.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { decide, type Ev, LiveSession, type Sandbox, sandbox, withLiveSession } from "./session-live.js";

export interface VectorFacts {
  /** The channel carries replace; otherwise it must be refused by name at start and at the call. */
  readonly replace: boolean;
}

const isRequest = (e: Ev) => e.kind === "approval-request";
const callIdOf = (e: Ev) => (e.call as { callId: string }).callId;

export function defineControlVectors(harness: "claude" | "codex" | "pi", facts: VectorFacts): void {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** One case: its own sandbox, a session, and at the end: closed clean, nothing left running. */
  const withSession = (args: readonly string[], body: (s: LiveSession, work: string, box: Sandbox) => Promise<void>) =>
    withLiveSession(harness, server.url, args, body);

  const modelSaw = (text: string) => server.requests().some((r) => JSON.stringify(r.body ?? "").includes(text));

  describe(`${harness}: the seven control vectors, live`, () => {
    it("allow lets the call run", async () => {
      await withSession([], async (s, work) => {
        s.send("in-1", "[[bash:touch allowed.txt && echo ran-allowed]]");
        const ask = await s.next(isRequest);
        decide(s, "d-1", callIdOf(ask), { decision: "allow" });
        expect(await s.next((e) => e.kind === "command.result" && e.id === "d-1")).toMatchObject({
          outcome: { result: "ok" },
        });
        const result = await s.next((e) => e.kind === "tool" && e.phase === "result" && e.callId === callIdOf(ask));
        expect(result).toMatchObject({ isError: false });
        expect(String(result.output)).toContain("ran-allowed");
        await s.next((e) => e.kind === "done");
        expect(existsSync(join(work, "allowed.txt"))).toBe(true);
      });
    });

    it("deny carries a reason the model is told, and the call does not run", async () => {
      const reason = `denied-by-test-${harness}-no-files-today`;
      await withSession([], async (s, work) => {
        s.send("in-1", "[[bash:touch denied.txt && echo ran-denied]]");
        const ask = await s.next(isRequest);
        decide(s, "d-1", callIdOf(ask), { decision: "deny", reason });
        expect(await s.next((e) => e.kind === "approval-disposition")).toMatchObject({
          decision: { decision: "deny", reason },
          status: "sent",
        });
        const result = await s.next((e) => e.kind === "tool" && e.phase === "result" && e.callId === callIdOf(ask));
        expect(result).toMatchObject({ isError: true });
        // Told no (with the reason, however the harness delivers it), the model ends the turn: it
        // does not start over and ask again. Should it ask, the case still ends, by interrupt.
        const after = s.events.indexOf(result) + 1;
        const next = await s.next((e) => e.kind === "done" || isRequest(e), 45_000, after);
        if (next.kind !== "done") {
          s.command("i-1", "interrupt", { reason: "end the case" });
          await s.next((e) => e.kind === "done", 45_000, after);
        }
        expect(next).toMatchObject({ kind: "done", cause: "clean" });
        expect(modelSaw(reason)).toBe(true);
        expect(existsSync(join(work, "denied.txt"))).toBe(false);
      });
    });

    if (facts.replace) {
      it("replace runs the call with a different input", async () => {
        await withSession(["--require", "tool.decide/replace"], async (s, work) => {
          s.send("in-1", "[[bash:touch original.txt && echo ran-original]]");
          const ask = await s.next(isRequest);
          decide(s, "d-1", callIdOf(ask), { decision: "replace", input: { command: "echo ran-replacement" } });
          const result = await s.next((e) => e.kind === "tool" && e.phase === "result" && e.callId === callIdOf(ask));
          expect(String(result.output)).toContain("ran-replacement");
          await s.next((e) => e.kind === "done");
          expect(existsSync(join(work, "original.txt"))).toBe(false);
        });
      });
    } else {
      it("replace is refused by name at session start, and at the call", async () => {
        const box = sandbox();
        try {
          const refused = new LiveSession(box, harness, [
            "--isolate",
            "--endpoint",
            server.url,
            "--require",
            "tool.decide,tool.decide/replace",
          ]);
          refused.endInput();
          expect(await refused.exit).toBe(2);
          expect(refused.of("session")).toEqual([]);
          expect(refused.of("command.result")).toEqual([
            {
              kind: "command.result",
              id: "start/tool.decide/replace",
              outcome: {
                result: "refused",
                refused: { code: "UNSUPPORTED_CONTROL", reason: expect.stringContaining("tool.decide/replace") },
              },
            },
          ]);
          expect(refused.events.at(-1)).toMatchObject({ kind: "closed", cause: "failed" });
        } finally {
          box.remove();
        }
        await withSession([], async (s, work) => {
          s.send("in-1", "[[bash:touch kept.txt && echo ran-kept]]");
          const ask = await s.next(isRequest);
          decide(s, "d-1", callIdOf(ask), { decision: "replace", input: { command: "echo nope" } });
          expect(await s.next((e) => e.kind === "command.result" && e.id === "d-1")).toMatchObject({
            outcome: { result: "refused", refused: { code: "UNSUPPORTED_CONTROL" } },
          });
          decide(s, "d-2", callIdOf(ask), { decision: "deny", reason: "replace was refused, so no" });
          await s.next((e) => e.kind === "command.result" && e.id === "d-2");
          s.command("i-1", "interrupt", { reason: "end the case" });
          await s.next((e) => e.kind === "done");
          expect(existsSync(join(work, "kept.txt"))).toBe(false);
        });
      });
    }

    it("an unanswered call is denied by hmux's own deadline, in plain words naming how long nobody answered", async () => {
      await withSession(["--decision-budget", "1500"], async (s, work) => {
        s.send("in-1", "[[bash:touch late.txt && echo ran-late]]");
        const ask = await s.next(isRequest);
        const decided = await s.next((e) => e.kind === "approval-disposition" && e.callId === callIdOf(ask));
        expect(decided).toMatchObject({ decider: "deadline", decision: { decision: "deny" } });
        expect(String((decided.decision as { reason: string }).reason)).toMatch(
          /^nobody answered within 1\.5 s( \(the harness itself waits only [^)]+\))?, so hmux denied it; the call did not run$/,
        );
        s.command("i-1", "interrupt", { reason: "end the case" });
        await s.next((e) => e.kind === "done");
        expect(existsSync(join(work, "late.txt"))).toBe(false);
      });
    });

    it("interrupt is a legal answer: the pending call is denied first, and the session takes the next turn", async () => {
      await withSession([], async (s, work) => {
        s.send("in-1", "[[bash:touch interrupted.txt && echo ran-interrupted]]");
        const ask = await s.next(isRequest);
        s.command("i-1", "interrupt", { reason: "the operator stopped it" });
        const result = await s.next((e) => e.kind === "command.result" && e.id === "i-1");
        expect(result).toMatchObject({ outcome: { result: "ok" } });
        const deny = s.events.findIndex((e) => e.kind === "approval-disposition" && e.callId === callIdOf(ask));
        expect(deny).toBeGreaterThan(-1);
        expect(deny).toBeLessThan(s.events.indexOf(result));
        expect(s.events[deny]).toMatchObject({ decider: "hmux", decision: { decision: "deny" } });
        // The turn stopped as asked: its done says so, to a program as to the TUI.
        expect(await s.next((e) => e.kind === "done")).toMatchObject({ cause: "interrupted" });
        s.send("in-2", "[[say:still-here-after-interrupt]]");
        const second = s.events.indexOf(await s.next((e) => e.kind === "turn" && e.id === "in-2"));
        await s.next((e) => e.kind === "message" && e.role === "assistant", 45_000, second);
        expect(await s.next((e) => e.kind === "done", 45_000, second)).toMatchObject({ cause: "clean" });
        expect(modelSaw("still-here-after-interrupt")).toBe(true);
        expect(existsSync(join(work, "interrupted.txt"))).toBe(false);
      });
    });

    it("a decision for an unopened call is UNKNOWN_CALL, and a second decision is TOO_LATE", async () => {
      await withSession([], async (s) => {
        decide(s, "u-1", "call-never-opened", { decision: "allow" });
        expect(await s.next((e) => e.kind === "command.result" && e.id === "u-1")).toMatchObject({
          outcome: { result: "refused", refused: { code: "UNKNOWN_CALL" } },
        });
        s.send("in-1", "[[bash:touch twice.txt && echo ran-twice]]");
        const ask = await s.next(isRequest);
        decide(s, "d-1", callIdOf(ask), { decision: "allow" });
        decide(s, "d-2", callIdOf(ask), { decision: "deny", reason: "too late now" });
        expect(await s.next((e) => e.kind === "command.result" && e.id === "d-2")).toMatchObject({
          outcome: { result: "refused", refused: { code: "TOO_LATE" } },
        });
        await s.next((e) => e.kind === "done");
        expect(s.of("approval-disposition")).toHaveLength(1);
      });
    });
  });
}

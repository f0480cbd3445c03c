/**
 * D1 (newcomer-2026-12b) on `hmux session --json`, the program's entry point: a program sends
 * what the TUI's `A` sends — tool.decide allow with "scope":"session" — on the real codex and
 * claude against the scripted model. The rule allows the same command again, and never the
 * `rm` that followed it in the reproduction; each yes is journaled with its decider.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { type Ev, type LiveSession, withLiveSession } from "./session-live.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

const isRequest = (e: Ev) => e.kind === "approval-request";
const callOf = (e: Ev) => e.call as { callId: string; input: unknown; always?: { allows?: string } };

/** The decisions the session's journal holds, as callId:decider. */
function journaledDeciders(box: { env: Record<string, string> }): string[] {
  const dir = join(box.env.XDG_STATE_HOME!, "hmux", "sessions");
  const file = readdirSync(dir).find((f) => f.endsWith(".ndjson"))!;
  return readFileSync(join(dir, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { event: Ev }).event)
    .flatMap((e) => (e.kind === "approval-disposition" ? [String(e.decider)] : []));
}

async function endTurn(s: LiveSession, after: number): Promise<void> {
  const next = await s.next((e) => e.kind === "done" || isRequest(e), 60_000, after);
  if (next.kind !== "done") {
    s.command("i-end", "interrupt", { reason: "end the case" });
    await s.next((e) => e.kind === "done", 60_000, after);
  }
}

for (const [harness, first, second] of [
  ["codex", "[[bash:touch x]]", "[[bash:rm -rf ./important]]"],
  ["claude", "[[bash:touch a]]", "[[bash:touch ok.txt; rm -rf important]]"],
] as const) {
  describe(`${harness}: allow with scope session, through hmux session --json`, () => {
    it("the rule allows its command again and never lets rm run unasked; the journal names the program and rule:r1", async () => {
      await withLiveSession(
        harness,
        server.url,
        [],
        async (s, work, box) => {
          s.send("in-1", first);
          const ask = await s.next(isRequest);
          expect(callOf(ask).always?.allows).toMatch(/`touch <args>` inside the workspace$/);
          s.command("d-1", "tool.decide", { call_id: callOf(ask).callId, decision: "allow", scope: "session" });
          expect(await s.next((e) => e.kind === "command.result" && e.id === "d-1")).toMatchObject({
            outcome: { result: "ok", rule: "r1" },
          });
          await s.next((e) => e.kind === "done");

          // The same command again: the rule answers it, nobody is asked.
          const from = s.events.length;
          s.send("in-2", "[[bash:touch again.txt]]");
          const ruled = await s.next((e) => e.kind === "approval-disposition", 60_000, from);
          expect(ruled).toMatchObject({ decision: { decision: "allow" }, decider: "rule:r1" });
          await s.next((e) => e.kind === "done", 60_000, from);
          expect(existsSync(join(work, "again.txt"))).toBe(true);

          // The reproduction's rm: it asks, and is denied here.
          const at = s.events.length;
          s.send("in-3", second);
          const held = await s.next(isRequest, 60_000, at);
          expect(s.events.slice(at).filter((e) => e.kind === "approval-disposition")).toEqual([]);
          s.command("d-3", "tool.decide", {
            call_id: callOf(held).callId,
            decision: "deny",
            reason: "not in this test",
          });
          await endTurn(s, s.events.indexOf(held) + 1);
          expect(existsSync(join(work, "important"))).toBe(true);
          expect(journaledDeciders(box).slice(0, 3)).toEqual(["program", "rule:r1", "program"]);
        },
        (work) => {
          mkdirSync(join(work, "important"));
          writeFileSync(join(work, "important", "keep.txt"), "keep");
        },
      );
    });
  });
}

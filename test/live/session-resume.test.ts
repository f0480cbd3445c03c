/**
 * Kill -9 hmux mid-session, then `hmux session <h> --resume <id>`: the journal is intact up to
 * the kill and the harness's own conversation continues (the scripted model checks history).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJournal } from "../../src/core/control/journal-format.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { hmux, LiveSession, noneLeft, sandbox } from "./session-live.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

describe.each(["claude", "codex", "pi"] as const)("%s: kill -9, then resume", (harness) => {
  it("the journal survives the kill intact and the resumed session remembers the first turn", async () => {
    const box = sandbox();
    const word = `plum-${harness}-${Date.now() % 100000}`;
    try {
      const first = new LiveSession(box, harness, ["--isolate", "--endpoint", server.url, "--cwd", box.dir]);
      const session = await first.next((e) => e.kind === "session");
      const id = String(session.sessionId);
      first.send("in-1", `[[say:the code word is ${word}]]`);
      await first.next((e) => e.kind === "done");
      first.kill9();
      await first.exit;
      expect(await noneLeft(box)).toEqual([]);

      const journal = join(box.env.XDG_STATE_HOME!, "hmux", "sessions", `${id}.ndjson`);
      const reading = readJournal(readFileSync(journal, "utf8"));
      expect(reading.problems).toEqual([]);
      expect(reading.truncatedTail).toBe(false);
      expect(reading.records.map((r) => r.seq)).toEqual(reading.records.map((_, i) => i + 1));
      const journaled = reading.records.map((r) => r.event);
      // Everything hmux printed before the kill is in the journal, in order.
      expect(journaled).toEqual(first.events);
      expect(journaled.some((e) => e.kind === "closed")).toBe(false);

      const listed = await hmux(box, ["sessions", "--json"]);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout.trim())).toMatchObject({
        sessionId: id,
        harness,
        state: "interrupted",
        turns: 1,
      });

      server.clearRequests();
      const second = new LiveSession(box, harness, ["--resume", id]);
      expect(await second.next((e) => e.kind === "session")).toMatchObject({ sessionId: id, origin: "resumed" });
      second.send("in-2", `[[expect-history:${word}]] [[say:resumed-fine]]`);
      expect(await second.next((e) => e.kind === "turn")).toMatchObject({ turnId: `${id}:turn-2`, id: "in-2" });
      await second.next((e) => e.kind === "message" && String(e.text).includes("resumed-fine"));
      await second.next((e) => e.kind === "done");
      second.endInput();
      expect(await second.exit).toBe(0);
      const history = server
        .requests()
        .flatMap((r) => r.checks)
        .filter((c) => c.name === "history");
      expect(history.length).toBeGreaterThan(0);
      expect(history.every((c) => c.ok)).toBe(true);
      const after = readJournal(readFileSync(journal, "utf8"));
      expect(after.problems).toEqual([]);
      expect(after.records.map((r) => r.seq)).toEqual(after.records.map((_, i) => i + 1));
      expect(
        after.records.filter((r) => r.event.kind === "session").map((r) => (r.event as { origin: string }).origin),
      ).toEqual(["fresh", "resumed"]);
      expect(after.records.at(-1)!.event).toMatchObject({ kind: "closed", cause: "clean" });
      const meta = JSON.parse(readFileSync(journal.replace(/\.ndjson$/, ".meta.json"), "utf8")) as {
        runs: { origin: string }[];
      };
      expect(meta.runs.map((r) => r.origin)).toEqual(["fresh", "resumed"]);
      expect(await noneLeft(box)).toEqual([]);
    } finally {
      await noneLeft(box);
      box.remove();
    }
  });
});

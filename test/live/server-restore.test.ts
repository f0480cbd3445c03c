/**
 * Restore after a crash, live: a server holding a claude, a codex and a pi session (each with a
 * finished turn) and a pi session waiting on an approval is killed with SIGKILL. The next
 * server lists all four as detached; `hmux resume` continues each of the three with its
 * history (the scripted model's expect-history check), and the waiting call is shown as lost —
 * cleared as lost in its journal, never approved, its command never run.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJournal } from "../../src/core/control/journal-format.js";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import type { ServerClient } from "../../src/server/client.js";
import {
  connectClient,
  type LiveEvent,
  lsRows,
  serverPid,
  serverSandbox,
  sessionEvents,
  stopServer,
} from "./helpers/server-live.js";
import { hmux, leftovers, noneLeft } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

const HARNESSES = ["claude", "codex", "pi"] as const;

describe("hmux server restore after kill -9, live with claude, codex and pi", () => {
  it("the sessions come back detached, resume with their history, and a pending call is lost", async () => {
    const { box, work } = serverSandbox();
    const clients: ServerClient[] = [];
    const ids = new Map<string, string>();
    try {
      expect((await hmux(box, ["server"])).code).toBe(0);
      const a = await connectClient(box);
      clients.push(a);
      const seenA = sessionEvents(a);
      const options = { isolate: true, endpoint: model.url };
      for (const h of HARNESSES) {
        const made = await a.request({ op: "create", harness: h, name: `w-${h}`, cwd: work, options });
        ids.set(h, (made.session as SessionSummary).id);
        await seenA.attach(`w-${h}`);
        await a.request({
          op: "input",
          session: `w-${h}`,
          line: { op: "send", id: "in-1", text: `[[say:the code word is plum-${h}]]` },
        });
      }
      for (const h of HARNESSES) await seenA.next(ids.get(h)!, (e) => e.kind === "done");
      const asker = (await a.request({ op: "create", harness: "pi", name: "asker", cwd: work, options })).session as {
        id: string;
      };
      await seenA.attach("asker");
      await a.request({
        op: "input",
        session: "asker",
        line: { op: "send", id: "in-1", text: "[[bash:touch lost.txt && echo ran-lost]]" },
      });
      const ask = await seenA.next(asker.id, (e) => e.kind === "approval-request");
      const callId = (ask.call as { callId: string }).callId;

      const dead = a.hello.pid;
      process.kill(dead, "SIGKILL");
      // The leash takes every harness with the server.
      expect(await noneLeft(box, 20_000)).toEqual([]);
      a.close();

      const rows = await lsRows(box);
      expect(rows.map((r) => [r.name, r.harness, r.lifecycle])).toEqual([
        ["w-claude", "claude", "detached"],
        ["w-codex", "codex", "detached"],
        ["w-pi", "pi", "detached"],
        ["asker", "pi", "detached"],
      ]);
      for (const r of rows) expect(r.cwd).toBe(work);
      expect(rows.find((r) => r.name === "asker")!.restored).toMatchObject({ lostCalls: 1, cut: null });
      const table = await hmux(box, ["ls"]);
      expect(table.stdout).toMatch(/asker\s+pi\s+detached \(1 call lost\)/);
      expect(serverPid(box)).not.toBe(dead);

      for (const h of HARNESSES) {
        const r = await hmux(box, ["resume", `w-${h}`]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain(`resumed w-${h} (${ids.get(h)})`);
      }
      const again = await hmux(box, ["resume", "w-pi"]);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain("running");

      const b = await connectClient(box);
      clients.push(b);
      const seenB = sessionEvents(b);
      model.clearRequests();
      for (const h of HARNESSES) {
        await seenB.attach(`w-${h}`);
        await b.request({
          op: "input",
          session: `w-${h}`,
          line: { op: "send", id: "in-2", text: `[[expect-history:plum-${h}]] [[say:resumed-fine]]` },
        });
        // After the resumed turn began: the replayed journal holds the first turn's done.
        const second = (e: LiveEvent) => e.kind === "turn" && e.id === "in-2";
        const said = (e: LiveEvent) =>
          e.kind === "message" && e.role === "assistant" && String(e.text).includes("resumed-fine");
        await seenB.next(ids.get(h)!, said, second);
        await seenB.next(ids.get(h)!, (e) => e.kind === "done", second);
      }
      const history = model
        .requests()
        .flatMap((r) => r.checks)
        .filter((c) => c.name === "history");
      expect(history.length).toBeGreaterThanOrEqual(HARNESSES.length);
      expect(history.every((c) => c.ok)).toBe(true);

      // The lost call: said on attach, cleared as lost in the journal, never decided, never run.
      await seenB.attach("asker");
      await seenB.next(asker.id, (e) => e.kind === "approval-cleared" && e.callId === callId && e.reason === "lost");
      await seenB.next(asker.id, (e) => e.kind === "warning" && e.code === "CALL_LOST");
      const journal = readJournal(
        readFileSync(join(box.env.XDG_STATE_HOME!, "hmux", "sessions", `${asker.id}.ndjson`), "utf8"),
      );
      expect(journal.records.some((r) => r.event.kind === "approval-disposition")).toBe(false);
      expect(existsSync(join(work, "lost.txt"))).toBe(false);
      const input = await b.request({ op: "input", session: "asker", line: { op: "send", id: "x", text: "hi" } }).then(
        () => "accepted",
        (err: { code?: string }) => err.code,
      );
      expect(input).toBe("session-detached");
    } finally {
      for (const c of clients) c.close();
      await stopServer(box);
      for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
      expect(leftovers(box)).toEqual([]);
      box.remove();
    }
  });
});

/**
 * Nothing lost in a crash, live on the hmux server: a pi session waiting on a question and a
 * claude session whose turn was interrupted, then kill -9 of the server. The next server's
 * detached pi pane says its question waits, `hmux resume` asks it again and takes the answer as
 * an answer; claude's interrupted turn is `interrupted` in its journal and in the replay; and a
 * session killed and resumed from its journal keeps its history for an attach, its age and its
 * place in `hmux ls`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJournal } from "../../src/core/control/journal-format.js";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import type { ServerClient } from "../../src/server/client.js";
import { connectClient, lsRows, serverSandbox, sessionEvents, stopServer } from "./helpers/server-live.js";
import { hmux, leftovers, noneLeft, type Sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

const journalDone = (box: Sandbox, id: string) =>
  readJournal(readFileSync(join(box.env.XDG_STATE_HOME!, "hmux", "sessions", `${id}.ndjson`), "utf8"))
    .records.map((r) => r.event)
    .filter((e) => e.kind === "done")
    .map((e) => (e as { cause: string }).cause);

describe("nothing lost in a crash or an attach, live on the hmux server", () => {
  it("a waiting question comes back, an interrupted turn stays interrupted, a resumed session keeps its history, age and place", async () => {
    const { box, work } = serverSandbox();
    const clients: ServerClient[] = [];
    try {
      expect((await hmux(box, ["server"])).code).toBe(0);
      const a = await connectClient(box);
      clients.push(a);
      const heardA = sessionEvents(a);
      const options = { isolate: true, endpoint: model.url };
      const create = async (harness: string, name: string) => {
        const made = await a.request({ op: "create", harness, name, cwd: work, options });
        await heardA.attach(name);
        return (made.session as SessionSummary).id;
      };
      const claude = await create("claude", "slow-claude");
      const pi = await create("pi", "asking-pi");

      // claude: a slow turn, interrupted while it waits on the model.
      await a.request({
        op: "input",
        session: claude,
        line: { op: "send", id: "in-1", text: "[[slow:30000]] [[say:too late]]" },
        as: "human",
      });
      await heardA.next(claude, (e) => e.kind === "turn");
      const interrupt = { format: "metaharness.command/1", id: "i-1", command: "interrupt", reason: "Esc" };
      await a.request({ op: "input", session: claude, line: interrupt, as: "human" });
      expect(await heardA.next(claude, (e) => e.kind === "done")).toMatchObject({ cause: "interrupted" });

      // pi: a question, left waiting.
      await a.request({
        op: "input",
        session: pi,
        line: { op: "send", id: "in-1", text: "[[ask:Should I keep hmux-demo.txt?|keep it|delete it]]" },
      });
      expect(await heardA.next(pi, (e) => e.kind === "question")).toMatchObject({
        question: "Should I keep hmux-demo.txt?",
        options: ["keep it", "delete it"],
      });
      await heardA.next(pi, (e) => e.kind === "done");
      const before = await lsRows(box);

      process.kill(a.hello.pid, "SIGKILL");
      expect(await noneLeft(box, 20_000)).toEqual([]);
      // No wait for the killed server to be reaped: a zombie runs nothing, and its sessions come back.
      a.close();

      // The next server: both detached, in their order, with their ages.
      const restored = await lsRows(box);
      expect(restored.map((r) => [r.name, r.lifecycle, r.createdAt])).toEqual(
        before.map((r) => [r.name, "detached", r.createdAt]),
      );
      expect(journalDone(box, claude)).toEqual(["interrupted"]);

      const b = await connectClient(box);
      clients.push(b);
      const heardB = sessionEvents(b);
      await heardB.attach(claude);
      expect(await heardB.next(claude, (e) => e.kind === "done")).toMatchObject({ cause: "interrupted" });
      await heardB.attach(pi);
      await heardB.next(pi, (e) => e.kind === "warning" && e.code === "QUESTION_WAITING");

      // Resumed, the question is asked again and the answer goes as an answer.
      const mark = heardB.of(pi).length;
      const resumed = await hmux(box, ["resume", "asking-pi"]);
      expect(resumed.code, resumed.stderr).toBe(0);
      const reopened = await heardB.next(pi, (e) => e.kind === "session" && e.origin === "resumed", mark);
      const asked = await heardB.next(pi, (e) => e.kind === "question", heardB.of(pi).indexOf(reopened));
      expect(asked).toMatchObject({ question: "Should I keep hmux-demo.txt?", options: ["keep it", "delete it"] });
      await heardB.next(pi, (e) => e.kind === "state" && e.to === "awaiting-input", heardB.of(pi).indexOf(asked));
      const answered = await b.request({
        op: "input",
        session: pi,
        line: { op: "answer", id: "a-1", text: "keep it" },
        as: "human",
      });
      expect(answered.answer).toMatchObject({ disposition: "started" });
      const answerTurn = heardB.of(pi).length;
      await heardB.next(pi, (e) => e.kind === "done", answerTurn);
      expect(model.requests().some((r) => JSON.stringify(r).includes("with: keep it"))).toBe(true);

      // Killed (its row forgotten) and resumed from its journal: history, age and place kept.
      expect((await hmux(box, ["kill", "slow-claude"])).code).toBe(0);
      const back = await hmux(box, ["resume", claude]);
      expect(back.code, back.stderr).toBe(0);
      const after = await lsRows(box);
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
      // Its age reaches back to when it first started (its journal's first run), not to the resume.
      const age = (list: SessionSummary[]) => Date.parse(list.find((r) => r.id === claude)!.createdAt);
      expect(age(after)).toBeLessThanOrEqual(age(before));
      const c = await connectClient(box);
      clients.push(c);
      const heardC = sessionEvents(c);
      await heardC.attach(claude);
      await heardC.next(claude, (e) => e.kind === "turn" && e.id === "in-1");
      expect(await heardC.next(claude, (e) => e.kind === "done")).toMatchObject({ cause: "interrupted" });
    } finally {
      for (const client of clients) client.close();
      await stopServer(box);
      for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
      expect(leftovers(box)).toEqual([]);
      box.remove();
    }
  });
});

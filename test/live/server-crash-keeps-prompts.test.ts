/**
 * What a person said survives a server crash, live with claude (which never echoes its prompt):
 * a session created with a first prompt and sent a second, then kill -9 of the hmux server. The
 * journal holds both prompts; the next server's detached row replays them before their turns, and
 * after `hmux resume` an attach still shows both, in order.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/core/control/types.js";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import type { ServerClient } from "../../src/server/client.js";
import { connectClient, serverSandbox, sessionEvents, stopServer } from "./helpers/server-live.js";
import { hmux, leftovers, noneLeft } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

const FIRST = "[[say:hi there]] my first prompt";
const SECOND = "[[say:hi again]] my second prompt";

/** The person's prompts and the turns, in the order a replay gives them. */
const promptsAndTurns = (events: readonly SessionEvent[]) =>
  events.flatMap((e) =>
    e.kind === "turn"
      ? ["turn"]
      : e.kind === "message" && e.role === "user" && e.text.includes(" prompt")
        ? [e.text]
        : [],
  );

describe("a person's prompts across a server kill -9, live with claude", () => {
  it("the journal keeps each prompt, and the restored and the resumed session replay them before their turns", async () => {
    const { box, work } = serverSandbox();
    const clients: ServerClient[] = [];
    try {
      expect((await hmux(box, ["server"])).code).toBe(0);
      const a = await connectClient(box);
      clients.push(a);
      const made = await a.request({
        op: "create",
        harness: "claude",
        name: "q",
        cwd: work,
        options: { isolate: true, endpoint: model.url, prompt: FIRST },
      });
      const id = (made.session as SessionSummary).id;
      const heardA = sessionEvents(a);
      await heardA.attach(id);
      await heardA.next(id, (e) => e.kind === "done");
      const mark = heardA.of(id).length;
      await a.request({ op: "input", session: id, line: { op: "send", id: "in-2", text: SECOND }, as: "human" });
      await heardA.next(id, (e) => e.kind === "done", mark);
      const live = promptsAndTurns(heardA.of(id));
      expect(live).toEqual([FIRST, "turn", SECOND, "turn"]);

      process.kill(a.hello.pid, "SIGKILL");
      expect(await noneLeft(box, 20_000)).toEqual([]);
      a.close();

      const journal = readFileSync(join(box.env.XDG_STATE_HOME!, "hmux", "sessions", `${id}.ndjson`), "utf8");
      expect(journal.split("\n").filter((l) => l.includes("my first prompt"))).toHaveLength(1);
      expect(journal.split("\n").filter((l) => l.includes("my second prompt"))).toHaveLength(1);

      // The next server restores it detached: an attach replays both prompts before their turns.
      const ls = await hmux(box, ["ls", "--json"]);
      expect(ls.code, ls.stderr).toBe(0);
      expect(ls.stdout).toContain('"detached"');
      const b = await connectClient(box);
      clients.push(b);
      const heardB = sessionEvents(b);
      await heardB.attach(id);
      await heardB.next(id, (e) => e.kind === "closed");
      expect(promptsAndTurns(heardB.of(id))).toEqual(live);

      // Resumed, a fresh attach still shows both, where they were said.
      const resumed = await hmux(box, ["resume", "q"]);
      expect(resumed.code, resumed.stderr).toBe(0);
      const c = await connectClient(box);
      clients.push(c);
      const heardC = sessionEvents(c);
      await heardC.attach(id);
      await heardC.next(id, (e) => e.kind === "session" && e.origin === "resumed");
      expect(promptsAndTurns(heardC.of(id))).toEqual(live);
    } finally {
      for (const client of clients) client.close();
      await stopServer(box);
      for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
      expect(leftovers(box)).toEqual([]);
      box.remove();
    }
  });
});

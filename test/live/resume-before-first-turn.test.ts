/**
 * A session killed before its first turn resumes, live with claude, codex and pi against the
 * scripted model through the hmux server: `hmux new` (no prompt), `hmux kill`, `hmux resume`
 * give a running session under the same id, and a turn sent to it then runs. There is no
 * conversation of the harness's to continue (pi even refuses its own id: it wrote no session
 * file), so the harness starts fresh under the same hmux session.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import type { ServerClient } from "../../src/server/client.js";
import { connectClient, stopServer } from "./helpers/server-live.js";
import { type Ev, hmux, leftovers, noneLeft, sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

const HARNESSES = ["claude", "codex", "pi"] as const;

/**
 * The first event of `session` matching `pred` since the resumed run began, or since now; rejects
 * after `ms` naming what it saw. An attach carries its replay (the killed run's events first) in
 * its reply, so `attach` hands those in, in order, before the event lines that follow it.
 */
function sinceResume(
  client: ServerClient,
  session: string,
  pred: (e: Ev) => boolean,
  ms = 90_000,
  onlyAfterResume = true,
): { readonly event: Promise<Ev>; attach(name: string): Promise<void> } {
  const seen: string[] = [];
  let resumed = !onlyAfterResume;
  let hear: (e: Ev) => void = () => {};
  const event = new Promise<Ev>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out on ${session}; saw ${seen.join(",")}`)), ms);
    hear = (e) => {
      seen.push(e.kind);
      if (e.kind === "session" && e.origin === "resumed") resumed = true;
      if (resumed && pred(e)) {
        clearTimeout(timer);
        resolve(e);
      }
    };
  });
  client.onEvent((s, e) => {
    if (s === session) hear(e as Ev);
  });
  const attach = async (name: string) => {
    const reply = await client.request({ op: "attach", session: name });
    for (const e of reply.events) hear(e as Ev);
  };
  return { event, attach };
}

describe("a session resumed before its first turn, live", () => {
  for (const harness of HARNESSES)
    it(`${harness}: kill then resume with no turn run gives a working session under the same id`, async () => {
      const box = sandbox();
      box.env.TMPDIR = join(box.dir, "tmp");
      mkdirSync(box.env.TMPDIR, { recursive: true });
      const work = join(box.dir, "work");
      mkdirSync(work, { recursive: true });
      let client: ServerClient | null = null;
      try {
        const name = `fresh-${harness}`;
        const made = await hmux(box, [
          "new",
          harness,
          "--name",
          name,
          "--cwd",
          work,
          "--endpoint",
          model.url,
          "--isolate",
          "--json",
        ]);
        expect(made.code, made.stderr).toBe(0);
        const id = (JSON.parse(made.stdout.trim().split("\n").at(-1)!) as SessionSummary).id;
        client = await connectClient(box);
        if (harness !== "claude") {
          // pi and codex say their own session id before any turn: hmux then holds an id the harness has no file for.
          const identity = sinceResume(client, id, (e) => e.kind === "identity", 60_000, false);
          await identity.attach(name);
          await identity.event;
        }
        const killed = await hmux(box, ["kill", name]);
        expect(killed.code, killed.stderr).toBe(0);

        const resumed = await hmux(box, ["resume", name]);
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(resumed.stdout).toContain(`resumed ${name} (${id})`);

        const said = sinceResume(
          client,
          id,
          (e) =>
            (e.kind === "message" && e.role === "assistant" && String(e.text).includes("fresh-fine")) ||
            e.kind === "closed",
        );
        await said.attach(name);
        const rows = (await client.list()).filter((r) => r.id === id);
        expect(rows.map((r) => r.name)).toEqual([name]);
        await client.request({
          op: "input",
          session: name,
          line: { op: "send", id: "in-1", text: "[[say:fresh-fine]]" },
        });
        const end = await said.event;
        expect(end.kind, JSON.stringify(end)).toBe("message");
      } finally {
        client?.close();
        await stopServer(box);
        for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
        expect(leftovers(box)).toEqual([]);
        box.remove();
      }
    }, 180_000);
});

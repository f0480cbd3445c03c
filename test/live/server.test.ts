/**
 * The hmux server live: a real pi behind the server, driven by two clients against the
 * scripted model. One client creates and watches a session, a second approves its tool call,
 * the first sees the call settled (and its own later decision refused TOO_LATE); `hmux ls`
 * shows the session with its pending approval, `hmux kill` ends it, and a server killed with
 * SIGKILL leaves no harness behind. Every server a case starts, the case stops.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../../src/cli/main.js";
import type { SessionEvent } from "../../src/core/control/types.js";
import { systemClock } from "../../src/main/system-clock.js";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { ServerClient } from "../../src/server/client.js";
import { serverPaths } from "../../src/server/paths.js";
import { until } from "../helpers/until.js";
import { type LiveEvent, lsRows, stopServer } from "./helpers/server-live.js";
import { hmux, leftovers, noneLeft, type Sandbox, sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

type Ev = SessionEvent & Record<string, unknown>;

/** Collects one client's events and waits for the first that matches. */
function watcher(client: ServerClient) {
  const events: Ev[] = [];
  const waiters: { pred: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  client.onEvent((_session, event) => {
    const e = event as Ev;
    events.push(e);
    for (const w of [...waiters])
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  });
  const next = (pred: (e: LiveEvent) => boolean, ms = 60_000): Promise<Ev> => {
    const seen = events.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; saw ${events.map((e) => e.kind).join(",")}`)), ms);
      waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  };
  return { events, next };
}

describe("hmux server, live with pi", () => {
  it("two clients on one session: one approves, the other sees it settled; ls shows it; kill ends it", async () => {
    const box = sandbox();
    const work = join(box.dir, "work");
    mkdirSync(work, { recursive: true });
    const clients: ServerClient[] = [];
    try {
      const started = await hmux(box, ["server"]);
      expect(started.code, started.stderr).toBe(0);
      const paths = serverPaths(box.env);
      const a = await ServerClient.connect(paths, VERSION, systemClock);
      clients.push(a);
      const seenByA = watcher(a);
      const created = await a.request({
        op: "create",
        harness: "pi",
        name: "worker",
        cwd: work,
        options: { isolate: true, endpoint: model.url },
      });
      const id = (created.session as SessionSummary).id;
      await a.request({ op: "attach", session: "worker" });
      await a.request({
        op: "input",
        session: "worker",
        line: { op: "send", id: "in-1", text: "[[bash:touch approved.txt && echo ran-approved]]" },
      });
      const ask = await seenByA.next((e) => e.kind === "approval-request");
      const callId = (ask.call as { callId: string }).callId;

      const waiting = (await lsRows(box)).find((r) => r.name === "worker");
      expect(waiting).toMatchObject({ id, harness: "pi", cwd: work, pending: 1, lifecycle: "awaiting-approval" });

      const b = await ServerClient.connect(paths, VERSION, systemClock);
      clients.push(b);
      const decide = (client: ServerClient, cmd: string, decision: unknown) =>
        client.request({
          op: "input",
          session: "worker",
          line: { format: "metaharness.command/1", id: cmd, command: "tool.decide", call_id: callId, decision },
        });
      const fromB = await decide(b, "d-b", { decision: "allow" });
      expect(fromB.answer).toMatchObject({ kind: "command.result", outcome: { result: "ok" } });
      expect(await seenByA.next((e) => e.kind === "approval-disposition")).toMatchObject({
        callId,
        decider: "program",
        decision: { decision: "allow" },
      });
      const fromA = await decide(a, "d-a", { decision: "deny", reason: "second opinion" });
      expect(fromA.answer).toMatchObject({ outcome: { result: "refused", refused: { code: "TOO_LATE" } } });
      const result = await seenByA.next((e) => e.kind === "tool" && e.phase === "result" && e.callId === callId);
      expect(String(result.output)).toContain("ran-approved");
      await seenByA.next((e) => e.kind === "done");
      expect(existsSync(join(work, "approved.txt"))).toBe(true);

      // `hmux control` reaches a server session by name, through the server.
      const lines = join(box.dir, "lines.ndjson");
      writeFileSync(lines, `${JSON.stringify({ op: "send", id: "in-2", text: "[[say:via control]]" })}\n`);
      const controlled = await hmux(box, ["control", "worker", lines]);
      expect(controlled.code, controlled.stderr).toBe(0);
      expect(JSON.parse(controlled.stdout)).toMatchObject({ kind: "disposition", id: "in-2", disposition: "started" });
      // The harness's reply, not the server's record of the prompt (which names the same words).
      await seenByA.next(
        (e) => e.kind === "message" && e.role === "assistant" && String(e.text).includes("via control"),
      );

      const killed = await hmux(box, ["kill", "worker"]);
      expect(killed.code, killed.stderr).toBe(0);
      expect(killed.stdout).toContain(id);
      expect(await seenByA.next((e) => e.kind === "closed")).toMatchObject({ cause: "killed" });
      expect((await lsRows(box)).map((r) => r.name)).not.toContain("worker");
      // Only the server itself is left of what the case started.
      const serverPid = a.hello.pid;
      expect((await untilOnly(box, serverPid)).filter((l) => !l.startsWith(`${serverPid} `))).toEqual([]);
    } finally {
      for (const c of clients) c.close();
      await stopServer(box);
      expect(await noneLeft(box)).toEqual([]);
      box.remove();
    }
  });

  it("a server killed with SIGKILL takes its harnesses with it, even one that ignores EOF and SIGTERM", async () => {
    const box = sandbox();
    const work = join(box.dir, "work");
    mkdirSync(work, { recursive: true });
    // A claude that never reads stdin and shrugs off TERM: only the leash's KILL ends it.
    const stubborn = join(box.dir, "stubborn-claude");
    writeFileSync(
      stubborn,
      `#!${process.execPath}\nfor (const s of ["SIGTERM", "SIGHUP", "SIGINT"]) process.on(s, () => undefined);\nsetInterval(() => undefined, 1000);\n`,
    );
    chmodSync(stubborn, 0o755);
    box.env.HMUX_CLAUDE_BIN = stubborn;
    try {
      const made = await hmux(box, [
        "new",
        "pi",
        "--name",
        "busy",
        "--isolate",
        "--endpoint",
        model.url,
        "--cwd",
        work,
        "--prompt",
        "[[slow:30000]] [[say:too slow to finish]]",
      ]);
      expect(made.code, made.stderr).toBe(0);
      const other = await hmux(box, ["new", "claude", "--name", "stubborn", "--isolate", "--cwd", work]);
      expect(other.code, other.stderr).toBe(0);
      expect((await lsRows(box)).map((r) => [r.name, r.harness])).toEqual([
        ["busy", "pi"],
        ["stubborn", "claude"],
      ]);
      const pid = Number(readFileSync(serverPaths(box.env).pid, "utf8").trim());
      const harnesses = () => leftovers(box).filter((l) => !l.startsWith(`${pid} `));
      await until(() => harnesses().some((l) => l.includes("stubborn-claude")), 20_000, 200);
      expect(harnesses().some((l) => l.includes("pi"))).toBe(true);
      process.kill(pid, "SIGKILL");
      expect(await noneLeft(box, 20_000)).toEqual([]);
    } finally {
      await stopServer(box);
      for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
      box.remove();
    }
  });
});

/** Waits until nothing but `pid` is left of the sandbox's processes; returns what is left. */
async function untilOnly(box: Sandbox, pid: number, ms = 10_000): Promise<string[]> {
  const end = Date.now() + ms;
  for (;;) {
    const left = leftovers(box);
    if (left.every((l) => l.startsWith(`${pid} `)) || Date.now() > end) return left;
    await new Promise((r) => setTimeout(r, 200));
  }
}

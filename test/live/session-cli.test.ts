/**
 * `hmux session <harness> --json` as a program sees it: framing, dispositions, malformed
 * lines, refusals before the stream opens, EPIPE, and `hmux control` over the socket.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { hmux, LiveSession, noneLeft, sandbox } from "./session-live.js";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

describe("hmux session --json, the machine surface", () => {
  it("one process takes many turns: session first, turn ids in order with their send ids, closed last, exit 0", async () => {
    const box = sandbox();
    try {
      const s = new LiveSession(box, "pi", ["--isolate", "--endpoint", server.url]);
      s.send("in-1", "[[say:first answer]]");
      await s.next((e) => e.kind === "done");
      s.send("in-2", "[[say:second answer]]");
      const second = s.events.indexOf(await s.next((e) => e.kind === "turn" && e.id === "in-2"));
      await s.next((e) => e.kind === "done", 45_000, second);
      s.endInput();
      expect(await s.exit).toBe(0);
      expect(s.events[0]).toMatchObject({ kind: "session", harness: "pi", origin: "fresh" });
      const sid = String(s.events[0]!.sessionId);
      expect(s.of("turn").map((e) => [e.turnId, e.id])).toEqual([
        [`${sid}:turn-1`, "in-1"],
        [`${sid}:turn-2`, "in-2"],
      ]);
      expect(s.of("disposition").map((e) => [e.id, e.disposition])).toEqual([
        ["in-1", "started"],
        ["in-2", "started"],
      ]);
      expect(new Set(s.of("identity").map((e) => e.sessionId)).size).toBe(1);
      expect(s.events.at(-1)).toMatchObject({ kind: "closed", cause: "clean", exitCode: 0 });
      expect(await noneLeft(box)).toEqual([]);
    } finally {
      box.remove();
    }
  });

  it("malformed lines get an error (ops) or a MALFORMED result (commands), and the session keeps working", async () => {
    const box = sandbox();
    try {
      const s = new LiveSession(box, "claude", ["--isolate", "--endpoint", server.url]);
      s.line("this is not json");
      s.line({ op: "send", id: "", text: "x" });
      s.line({ op: "teleport", id: "x" });
      s.line({
        format: "metaharness.command/1",
        id: "c-1",
        command: "tool.decide",
        call_id: "t",
        decision: { decision: "deny", reason: "" },
      });
      s.line({ format: "metaharness.command/1", command: "halt" });
      s.line({ op: "answer", id: "a-1", text: "prod" });
      s.send("in-1", "[[say:still fine]]");
      await s.next((e) => e.kind === "done");
      s.endInput();
      expect(await s.exit).toBe(0);
      expect(s.of("error")).toHaveLength(3);
      expect(
        s.of("command.result").map((e) => [e.id, (e.outcome as { refused?: { code: string } }).refused?.code]),
      ).toEqual([
        ["c-1", "MALFORMED"],
        [null, "MALFORMED"],
      ]);
      expect(s.of("disposition").map((e) => [e.id, e.disposition, e.reason])).toEqual([
        ["a-1", "rejected", "no-open-question"],
        ["in-1", "started", undefined],
      ]);
    } finally {
      box.remove();
    }
  });

  it("a harness with no session channel is refused before the stream opens, naming the controls it lacks: failure then closed, exit 2, no session line", async () => {
    const box = sandbox();
    try {
      const muse = await hmux(box, ["session", "muse", "--json"]);
      expect(muse.code).toBe(2);
      const museLines = muse.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { kind: string; id?: string });
      // The controls a session would need are named first, then the refusal pair.
      expect(museLines.map((l) => l.id ?? l.kind)).toEqual(["start/tool.decide", "failure", "closed"]);
      for (const args of [
        ["session", "claude"],
        // Any http(s) base URL is an endpoint (a company gateway); anything else is refused, as `hmux run` refuses it.
        ["session", "claude", "--json", "--endpoint", "ftp://127.0.0.1:9/v1"],
      ]) {
        const r = await hmux(box, args);
        expect(r.code).toBe(2);
        const lines = r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as { kind: string; cause?: string });
        expect(lines.map((l) => l.kind)).toEqual(["failure", "closed"]);
        expect(lines[1]).toMatchObject({ cause: "failed" });
        expect(r.stderr).not.toBe("");
      }
    } finally {
      box.remove();
    }
  });

  it("when the reader goes away (EPIPE) hmux closes the session, exits 1 and leaves nothing running", async () => {
    const box = sandbox();
    try {
      const child = spawn(
        process.execPath,
        [
          join(import.meta.dirname, "..", "..", "bin", "hmux.js"),
          "session",
          "claude",
          "--json",
          "--isolate",
          "--endpoint",
          server.url,
        ],
        { cwd: box.dir, env: box.env, stdio: ["pipe", "pipe", "ignore"] },
      );
      const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
      child.stdin.write(`${JSON.stringify({ op: "send", id: "in-1", text: "[[slow:3000]] [[say:slow answer]]" })}\n`);
      await new Promise<void>((r) => child.stdout.once("data", () => r()));
      child.stdout.destroy(); // the reader left
      expect(await exit).toBe(1);
      expect(await noneLeft(box)).toEqual([]);
    } finally {
      box.remove();
    }
  });

  it("the config policy allows a listed command without asking, and headless denies the rest with the policy's reason", async () => {
    const box = sandbox();
    try {
      mkdirSync(join(box.env.XDG_CONFIG_HOME!, "hmux"), { recursive: true });
      writeFileSync(
        join(box.env.XDG_CONFIG_HOME!, "hmux", "config.json"),
        JSON.stringify({
          version: 1,
          policy: { allowCommands: ["touch"], headless: { decision: "deny", reason: "only touch on this box" } },
        }),
      );
      const work = join(box.dir, "work");
      mkdirSync(work);
      const s = new LiveSession(box, "claude", [
        "--isolate",
        "--endpoint",
        server.url,
        "--cwd",
        work,
        "--approvals",
        "deny",
      ]);
      s.send("in-1", "[[bash:touch by-policy.txt]]");
      const first = s.events.indexOf(await s.next((e) => e.kind === "done"));
      s.send("in-2", "[[bash:rm -f by-policy.txt]]");
      await s.next((e) => e.kind === "done", 45_000, first + 1);
      s.endInput();
      expect(await s.exit).toBe(0);
      const decided = s
        .of("approval-disposition")
        .map((e) => [e.decider, (e.decision as { decision: string }).decision]);
      expect(decided).toEqual([
        ["policy", "allow"],
        ["policy", "deny"],
      ]);
      expect(String((s.of("approval-disposition")[1]!.decision as { reason: string }).reason)).toContain(
        "only touch on this box",
      );
      expect(existsSync(join(work, "by-policy.txt"))).toBe(true);
    } finally {
      box.remove();
    }
  });

  it("hmux control reaches a running session over its socket: one result per line, exit 1 when any is refused", async () => {
    const box = sandbox();
    try {
      const s = new LiveSession(box, "claude", ["--isolate", "--endpoint", server.url]);
      const sid = String((await s.next((e) => e.kind === "session")).sessionId);
      s.send("in-1", "[[bash:touch via-socket.txt]]");
      const ask = await s.next((e) => e.kind === "approval-request");
      const callId = (ask.call as { callId: string }).callId;
      const lines = [
        { format: "metaharness.command/1", id: "k-1", command: "tool.decide", call_id: callId, decision: "allow" },
        { format: "metaharness.command/1", id: "k-2", command: "tool.decide", call_id: callId, decision: "allow" },
      ]
        .map((l) => JSON.stringify(l))
        .join("\n");
      const r = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const c = spawn(
          process.execPath,
          [join(import.meta.dirname, "..", "..", "bin", "hmux.js"), "control", sid, "-"],
          { cwd: box.dir, env: box.env, stdio: ["pipe", "pipe", "pipe"] },
        );
        let out = "";
        c.stdout.on("data", (d: Buffer) => (out += d.toString()));
        c.on("exit", (code) => resolve({ code, out }));
        c.stdin.end(`${lines}\n`);
      });
      expect(r.code).toBe(1);
      expect(
        r.out
          .trim()
          .split("\n")
          .map(
            (l) =>
              (JSON.parse(l) as { outcome: { result: string; refused?: { code: string } } }).outcome.refused?.code ??
              "ok",
          ),
      ).toEqual(["ok", "TOO_LATE"]);
      expect(await s.next((e) => e.kind === "approval-disposition")).toMatchObject({
        decider: "program",
        decision: { decision: "allow" },
      });
      await s.next((e) => e.kind === "done");
      s.endInput();
      expect(await s.exit).toBe(0);
      const wrongToken = await hmux({ ...box, env: { ...box.env, XDG_RUNTIME_DIR: join(box.dir, "elsewhere") } }, [
        "control",
        sid,
        "/dev/null",
      ]);
      expect(wrongToken.code).toBe(2);
    } finally {
      box.remove();
    }
  });
});

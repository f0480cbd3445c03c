/**
 * hmux as an ACP agent beside the people and programs on the same server, live with pi on the
 * scripted model: the client's cancel interrupts the turn and withdraws its permission request;
 * a person deciding in an attached TUI wins over the client's prompt, which hmux withdraws, and
 * the client's late answer is refused TOO_LATE (and the other way round); another ACP client loads
 * the session by its hmux id, history replayed, even after it was killed; bad client input gets
 * typed JSON-RPC errors and the agent reads on; a question is a message, and the next prompt its answer.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import type { ServerClient } from "../../src/server/client.js";
import { until } from "../helpers/until.js";
import { AcpTestClient, choose } from "./helpers/acp-client.js";
import { connectClient, type LiveEvent, lsRows, serverSandbox, stopServer } from "./helpers/server-live.js";
import { hmux, noneLeft, type Sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

const HMUX = join(import.meta.dirname, "..", "..", "bin", "hmux.js");

/** Runs `body` on a fresh server sandbox and stops all it started. */
async function onServer(body: (box: Sandbox, work: string, clients: ServerClient[]) => Promise<void>): Promise<void> {
  const { box, work } = serverSandbox();
  const clients: ServerClient[] = [];
  try {
    await body(box, work, clients);
  } finally {
    for (const c of clients) c.close();
    await stopServer(box);
    expect(await noneLeft(box)).toEqual([]);
    box.remove();
  }
}

const acpArgs = (): string[] => ["pi", "--isolate", "--endpoint", model.url];

/** A TUI's view of a session: attached as `hmux attach` attaches, its events kept. */
async function attachLikeTui(box: Sandbox, clients: ServerClient[], session: string) {
  const client = await connectClient(box);
  clients.push(client);
  const events: LiveEvent[] = [];
  client.onEvent((s, e) => {
    if (s === session) events.push(e as LiveEvent);
  });
  const reply = await client.request({ op: "attach", session });
  const decide = (callId: string, decision: unknown) =>
    client.request({
      op: "input",
      session,
      line: {
        format: "metaharness.command/1",
        id: `person-${callId}`,
        command: "tool.decide",
        call_id: callId,
        decision,
      },
      as: "person",
    });
  return { client, events, reply, decide };
}

describe("hmux acp with pi, beside the server's other clients", () => {
  it("session/cancel withdraws the permission request and interrupts the turn; the session takes the next prompt", async () => {
    await onServer(async (box, work) => {
      const acp = new AcpTestClient(box, acpArgs());
      try {
        await acp.initialize();
        const { sessionId } = await acp.newSession(work);
        let withdrawn = false;
        acp.onPermission = ({ signal }) =>
          new Promise((resolve) =>
            signal.addEventListener("abort", () => {
              withdrawn = true;
              resolve({ outcome: { outcome: "cancelled" } });
            }),
          );
        const turn = acp.prompt(sessionId, "[[bash:touch never.txt]]");
        await acp.until(() => acp.asks.length === 1, 60_000, "the permission request");
        await acp.cancel(sessionId);
        expect((await turn).stopReason).toBe("cancelled");
        expect(withdrawn).toBe(true);
        expect(existsSync(join(work, "never.txt"))).toBe(false);
        const denied = acp.calls().get(acp.asks[0]!.request.toolCall.toolCallId);
        expect(denied?.status).toBe("failed");
        expect(denied?.notes.join("\n")).toContain("interrupted");
        // The session lives on: the next prompt is a turn of its own. (The scripted model answers
        // pi's aborted tool result first, so what it says is not checked.)
        const from = acp.updates.length;
        const next = await acp.prompt(sessionId, "[[say:still here]]");
        expect(next.stopReason).toBe("end_turn");
        expect(acp.text(from)).not.toBe("");
      } finally {
        expect(await acp.close()).toBe(0);
      }
    });
  });

  it("a person's decision in an attached TUI wins: the client's request is withdrawn and its late answer refused TOO_LATE, and the other way round", async () => {
    await onServer(async (box, work, clients) => {
      const acp = new AcpTestClient(box, acpArgs());
      try {
        await acp.initialize();
        const { sessionId } = await acp.newSession(work);
        const tui = await attachLikeTui(box, clients, sessionId);

        // The client holds its prompt open; the person denies in the TUI first.
        let withdrawn = false;
        acp.onPermission = ({ signal }) =>
          new Promise((resolve) =>
            signal.addEventListener("abort", () => {
              withdrawn = true;
              // An editor whose prompt had already been clicked: its answer still arrives.
              resolve(choose("allow"));
            }),
          );
        const turn = acp.prompt(sessionId, "[[bash:touch raced.txt]]");
        await acp.until(() => acp.asks.length === 1, 60_000, "the permission request");
        const callId = acp.asks[0]!.request.toolCall.toolCallId;
        const person = await tui.decide(callId, { decision: "deny", reason: "not in this repo" });
        expect(person.answer).toMatchObject({ outcome: { result: "ok" } });
        expect((await turn).stopReason).toBe("end_turn");
        expect(withdrawn).toBe(true);
        expect(existsSync(join(work, "raced.txt"))).toBe(false);
        await acp.until(
          () =>
            acp
              .calls()
              .get(callId)
              ?.notes.some((n) => n.includes("TOO_LATE")) === true,
          20_000,
          "the client told its answer came too late",
        );
        // The TUI's connection hears the same events, on its own time.
        await until(() => tui.events.some((e) => e.kind === "approval-disposition" && e.callId === callId), 10_000);
        expect(tui.events).toContainEqual(
          expect.objectContaining({ kind: "approval-disposition", callId, decider: "person" }),
        );
        const tooLate = (e: LiveEvent) =>
          e.kind === "command.result" && (e.outcome as { refused?: { code?: string } }).refused?.code === "TOO_LATE";
        await until(() => tui.events.some(tooLate), 10_000);
        expect(acp.calls().get(callId)?.status).toBe("failed");

        // The client answers first; the person's decision after it is the one refused.
        acp.onPermission = async () => choose("allow");
        const second = await acp.prompt(sessionId, "[[bash:touch first.txt]]");
        expect(second.stopReason).toBe("end_turn");
        expect(existsSync(join(work, "first.txt"))).toBe(true);
        const secondCall = acp.asks[1]!.request.toolCall.toolCallId;
        await until(() => tui.events.some((e) => e.kind === "approval-disposition" && e.callId === secondCall), 10_000);
        expect(tui.events).toContainEqual(
          expect.objectContaining({ kind: "approval-disposition", callId: secondCall, decider: "program" }),
        );
        const late = await tui.decide(secondCall, { decision: "deny", reason: "too slow" });
        expect(late.answer).toMatchObject({ outcome: { result: "refused", refused: { code: "TOO_LATE" } } });
      } finally {
        expect(await acp.close()).toBe(0);
      }
    });
  });

  it("a question the harness asks is a message ending the turn, and the client's next prompt is its answer", async () => {
    await onServer(async (box, work, clients) => {
      const acp = new AcpTestClient(box, acpArgs());
      try {
        await acp.initialize();
        const { sessionId } = await acp.newSession(work);
        const tui = await attachLikeTui(box, clients, sessionId);
        const asked = await acp.prompt(sessionId, "[[ask:which colour?|red|blue]]");
        expect(asked.stopReason).toBe("end_turn");
        expect(acp.text()).toContain("which colour?");
        expect(acp.text()).toContain("your next message");
        expect((await lsRows(box)).find((r) => r.id === sessionId)?.lifecycle).toBe("awaiting-input");
        const from = acp.updates.length;
        const answered = await acp.prompt(sessionId, "blue");
        expect(answered.stopReason).toBe("end_turn");
        expect(acp.text(from)).not.toBe("");
        // The session took it as the question's answer: hmux hands it to the harness naming the question.
        const answerSaid = (e: LiveEvent) =>
          e.kind === "message" &&
          e.role === "user" &&
          String(e.text).includes("which colour?") &&
          String(e.text).includes("blue");
        await until(() => tui.events.some(answerSaid), 10_000);
        expect((await lsRows(box)).find((r) => r.id === sessionId)?.lifecycle).toBe("idle");
      } finally {
        expect(await acp.close()).toBe(0);
      }
    });
  });

  it("an editor closing hmux acp normally hears nothing of the server connection and sees exit 0; only a server lost under it is reported", async () => {
    await onServer(async (box, work) => {
      const LOST = "the hmux server connection closed";
      const leaving = new AcpTestClient(box, acpArgs());
      await leaving.initialize();
      await leaving.newSession(work);
      expect(await leaving.close()).toBe(0);
      expect(leaving.stderr.join("")).not.toContain(LOST);
      const stranded = new AcpTestClient(box, acpArgs());
      try {
        await stranded.initialize();
        await stranded.newSession(work);
        await stopServer(box);
        await stranded.until(() => stranded.stderr.join("").includes(LOST), 20_000, "the server loss reported");
      } finally {
        await stranded.close();
      }
    });
  });

  it("an editor that leaves while a call waits leaves it on the server, undecided; the next editor to load the session is asked about it", async () => {
    await onServer(async (box, work, clients) => {
      const acp = new AcpTestClient(box, acpArgs());
      await acp.initialize();
      const { sessionId } = await acp.newSession(work);
      acp.onPermission = () => new Promise(() => undefined);
      void acp.prompt(sessionId, "[[bash:touch later.txt]]").catch(() => undefined);
      await acp.until(() => acp.asks.length === 1, 60_000, "the permission request");
      const callId = acp.asks[0]!.request.toolCall.toolCallId;
      expect(await acp.close()).toBe(0);
      // Nothing decided it for the editor that left.
      const row = (await lsRows(box)).find((r) => r.id === sessionId);
      expect(row).toMatchObject({ pending: 1, lifecycle: "awaiting-approval" });
      const tui = await attachLikeTui(box, clients, sessionId);
      expect(tui.reply.control?.pending.map((c) => c.callId)).toEqual([callId]);
      const next = new AcpTestClient(box, acpArgs());
      try {
        await next.initialize();
        next.onPermission = async () => choose("allow");
        await next.agent.request("session/load", { sessionId, cwd: work, mcpServers: [] });
        await next.until(() => next.asks.length === 1, 20_000, "the waiting call put to the new editor");
        expect(next.asks[0]!.request.toolCall.toolCallId).toBe(callId);
        await until(() => existsSync(join(work, "later.txt")), 30_000);
        await until(() => tui.events.some((e) => e.kind === "approval-disposition" && e.decider === "program"), 10_000);
      } finally {
        expect(await next.close()).toBe(0);
      }
    });
  });

  it("another client loads the session by its hmux id with its history, after the first left and after it was killed; session/resume reattaches without history; session/close ends it", async () => {
    await onServer(async (box, work) => {
      const first = new AcpTestClient(box, acpArgs());
      const { sessionId } = await (async () => {
        await first.initialize();
        const made = await first.newSession(work);
        expect((await first.prompt(made.sessionId, "[[say:first words]]")).stopReason).toBe("end_turn");
        return made;
      })();
      expect(await first.close()).toBe(0);
      // The editor went; the session stayed on the server.
      expect((await lsRows(box)).map((r) => r.id)).toContain(sessionId);

      const second = new AcpTestClient(box, acpArgs());
      try {
        await second.initialize();
        await second.agent.request("session/load", { sessionId, cwd: work, mcpServers: [] });
        expect(second.of("user_message_chunk").map((u) => (u.content.type === "text" ? u.content.text : ""))).toEqual([
          "[[say:first words]]",
        ]);
        expect(second.text()).toContain("first words");
        const from = second.updates.length;
        expect((await second.prompt(sessionId, "[[say:second words]]")).stopReason).toBe("end_turn");
        expect(second.text(from)).toContain("second words");
      } finally {
        expect(await second.close()).toBe(0);
      }

      const killed = await hmux(box, ["kill", sessionId]);
      expect(killed.code, killed.stderr).toBe(0);
      const third = new AcpTestClient(box, acpArgs());
      try {
        await third.initialize();
        await third.agent.request("session/load", { sessionId, cwd: work, mcpServers: [] });
        expect(third.text()).toContain("second words");
        expect((await third.prompt(sessionId, "[[say:third words]]")).stopReason).toBe("end_turn");
        expect((await lsRows(box)).find((r) => r.id === sessionId)?.lifecycle).toBe("idle");
      } finally {
        expect(await third.close()).toBe(0);
      }

      // session/resume: the same session, without its history.
      const fourth = new AcpTestClient(box, acpArgs());
      try {
        await fourth.initialize();
        await fourth.agent.request("session/resume", { sessionId, cwd: work });
        expect(fourth.updates).toEqual([]);
        expect((await fourth.prompt(sessionId, "[[say:fourth words]]")).stopReason).toBe("end_turn");
        expect(fourth.text()).toContain("fourth words");
        // session/close ends it on the server, as hmux kill does.
        await fourth.agent.request("session/close", { sessionId });
        expect((await lsRows(box)).map((r) => r.id)).not.toContain(sessionId);
      } finally {
        expect(await fourth.close()).toBe(0);
      }
    });
  });

  it("with --worktree the session runs in its own worktree of the client's repository, and says where", async () => {
    await onServer(async (box, work) => {
      const git = (...args: string[]) => execFileSync("git", ["-C", work, ...args], { stdio: "ignore" });
      git("init", "-q", "-b", "main");
      git("-c", "user.name=t", "-c", "user.email=t@hmux.invalid", "commit", "-q", "--allow-empty", "-m", "base");
      const acp = new AcpTestClient(box, [...acpArgs(), "--worktree", "from-editor"]);
      try {
        await acp.initialize();
        const made = await acp.newSession(work);
        const meta = (made._meta as { hmux: { cwd: string; workspace: { name: string; branch: string } } }).hmux;
        expect(meta.workspace).toMatchObject({ name: "from-editor", branch: "hmux/from-editor" });
        expect(meta.cwd).not.toBe(work);
        acp.onPermission = async () => choose("allow");
        expect((await acp.prompt(made.sessionId, "[[bash:touch in-tree.txt]]")).stopReason).toBe("end_turn");
        expect(existsSync(join(meta.cwd, "in-tree.txt"))).toBe(true);
        expect(existsSync(join(work, "in-tree.txt"))).toBe(false);
      } finally {
        expect(await acp.close()).toBe(0);
      }
    });
  });

  it("bad client input gets typed JSON-RPC errors and the agent reads on: not JSON, a request before initialize, a prompt before any session, bad params, an unknown harness", async () => {
    await onServer(async (box, work) => {
      const raw = new RawAcp(box, ["nosuch-harness"]);
      try {
        raw.send("this is not json");
        expect(await raw.reply(null)).toMatchObject({ error: { code: -32700 } });
        raw.send({ jsonrpc: "2.0", id: 0, method: "session/new", params: { cwd: work, mcpServers: [] } });
        expect(await raw.reply(0)).toMatchObject({ error: { code: -32600 } });
        raw.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } });
        expect(await raw.reply(1)).toMatchObject({ result: { protocolVersion: 1 } });
        raw.send({
          jsonrpc: "2.0",
          id: 2,
          method: "session/prompt",
          params: { sessionId: "never-made", prompt: [{ type: "text", text: "hi" }] },
        });
        expect(await raw.reply(2)).toMatchObject({
          error: { code: -32002, data: { sessionId: "never-made", hmux: { code: "no-such-session" } } },
        });
        raw.send({ jsonrpc: "2.0", id: 3, method: "session/new", params: { mcpServers: [] } });
        expect(await raw.reply(3)).toMatchObject({ error: { code: -32602 } });
        raw.send({ jsonrpc: "2.0", id: 4, method: "session/new", params: { cwd: work, mcpServers: [] } });
        expect(await raw.reply(4, 30_000)).toMatchObject({
          error: { code: -32602, data: { hmux: { code: "launch-refused" } } },
        });
        raw.send({ jsonrpc: "2.0", id: 5, method: "no/such", params: {} });
        expect(await raw.reply(5)).toMatchObject({ error: { code: -32601 } });
        raw.child.stdin.end();
        expect(await raw.exit).toBe(0);
        expect(raw.lines.every((l) => JSON.parse(l).jsonrpc === "2.0")).toBe(true);
      } finally {
        raw.child.kill("SIGKILL");
      }
    });
  });
});

/** `hmux acp` spoken to line by line, as a client that gets things wrong would. */
class RawAcp {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  readonly exit: Promise<number | null>;
  private buf = "";

  constructor(box: Sandbox, args: readonly string[]) {
    this.child = spawn(process.execPath, [HMUX, "acp", ...args], { cwd: box.dir, env: box.env });
    this.child.stdout.on("data", (d: Buffer) => {
      this.buf += d.toString("utf8");
      const parts = this.buf.split("\n");
      this.buf = parts.pop() ?? "";
      this.lines.push(...parts.filter((l) => l.trim() !== ""));
    });
    this.exit = new Promise((r) => this.child.on("exit", (code) => r(code)));
  }

  send(line: unknown): void {
    this.child.stdin.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`);
  }

  async reply(id: number | null, ms = 10_000): Promise<Record<string, unknown>> {
    const end = Date.now() + ms;
    for (;;) {
      const found = this.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((m) => m.id === id);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no reply to ${id}; got ${this.lines.join("\n")}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * An ACP client, on the official SDK's client side, driving a real `hmux acp <harness>` process
 * it spawned in a sandbox: every `session/update` it hears, every `session/request_permission`
 * put to it (answered by the case's `onPermission`), and the process's stderr.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import type { Sandbox } from "../session-live.js";

const HMUX = join(import.meta.dirname, "..", "..", "..", "bin", "hmux.js");

export interface PermissionAsk {
  readonly request: acp.RequestPermissionRequest;
  /** Aborted when hmux withdraws the request ($/cancel_request). */
  readonly signal: AbortSignal;
}

export type PermissionAnswer = (ask: PermissionAsk) => Promise<acp.RequestPermissionResponse>;

export const choose = (optionId: string): acp.RequestPermissionResponse => ({
  outcome: { outcome: "selected", optionId },
});

export class AcpTestClient {
  readonly updates: acp.SessionNotification[] = [];
  readonly asks: PermissionAsk[] = [];
  readonly stderr: string[] = [];
  readonly child: ChildProcessWithoutNullStreams;
  readonly exit: Promise<number | null>;
  readonly agent: acp.ClientContext;
  private readonly connection: acp.ClientConnection;
  private wake: (() => void) | null = null;
  onPermission: PermissionAnswer = async () => ({ outcome: { outcome: "cancelled" } });

  constructor(box: Sandbox, args: readonly string[]) {
    this.child = spawn(process.execPath, [HMUX, "acp", ...args], {
      cwd: box.dir,
      env: box.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stderr.on("data", (d: Buffer) => this.stderr.push(d.toString("utf8")));
    this.child.stdin.on("error", () => undefined);
    this.exit = new Promise((r) => this.child.on("exit", (code) => r(code)));
    const app = acp
      .client({ name: "hmux-live-test" })
      .onNotification(acp.methods.client.session.update, ({ params }) => {
        this.updates.push(params);
        this.notify();
      })
      .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => {
        const ask = { request: params, signal };
        this.asks.push(ask);
        this.notify();
        return this.onPermission(ask);
      });
    this.connection = app.connect(
      acp.ndJsonStream(
        Writable.toWeb(this.child.stdin) as WritableStream<Uint8Array>,
        Readable.toWeb(this.child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
    this.agent = this.connection.agent;
  }

  private notify(): void {
    this.wake?.();
  }

  initialize(): Promise<acp.InitializeResponse> {
    return this.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: {},
      clientInfo: { name: "hmux-live-test", version: "1" },
    });
  }

  newSession(cwd: string): Promise<acp.NewSessionResponse> {
    return this.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] });
  }

  prompt(sessionId: string, text: string): Promise<acp.PromptResponse> {
    return this.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });
  }

  cancel(sessionId: string): Promise<void> {
    return this.agent.notify(acp.methods.agent.session.cancel, { sessionId });
  }

  /** The updates of one kind, from `from` on. */
  of<K extends acp.SessionUpdate["sessionUpdate"]>(
    kind: K,
    from = 0,
  ): Extract<acp.SessionUpdate, { sessionUpdate: K }>[] {
    return this.updates
      .slice(from)
      .map((n) => n.update)
      .filter((u): u is Extract<acp.SessionUpdate, { sessionUpdate: K }> => u.sessionUpdate === kind);
  }

  /** The text of the agent's message chunks from `from` on. */
  text(from = 0): string {
    return this.of("agent_message_chunk", from)
      .map((u) => (u.content.type === "text" ? u.content.text : ""))
      .join("");
  }

  /** The last update of each tool call from `from` on, by its id (every update folded in). */
  calls(from = 0): Map<string, { status?: string | null; kind?: string | null; title?: string; notes: string[] }> {
    const calls = new Map<string, { status?: string | null; kind?: string | null; title?: string; notes: string[] }>();
    for (const u of this.updates.slice(from).map((n) => n.update)) {
      if (u.sessionUpdate !== "tool_call" && u.sessionUpdate !== "tool_call_update") continue;
      const call = calls.get(u.toolCallId) ?? { notes: [] };
      if (u.status) call.status = u.status;
      if (u.kind) call.kind = u.kind;
      if (u.sessionUpdate === "tool_call") call.title = u.title;
      for (const c of u.content ?? [])
        if (c.type === "content" && c.content.type === "text") call.notes.push(c.content.text);
      calls.set(u.toolCallId, call);
    }
    return calls;
  }

  /** Waits until `pred` holds, re-checked on every update and permission request. */
  async until(pred: () => boolean, ms = 60_000, what = "a condition"): Promise<void> {
    const end = Date.now() + ms;
    while (!pred()) {
      if (Date.now() > end)
        throw new Error(
          `timed out waiting for ${what}; updates: ${this.updates.map((n) => n.update.sessionUpdate).join(",")}\nstderr: ${this.stderr.join("")}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Closes stdin, as an editor closing the agent does; resolves with the exit code. */
  async close(): Promise<number | null> {
    this.connection.close();
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
    const code = await this.exit;
    clearTimeout(timer);
    return code;
  }
}

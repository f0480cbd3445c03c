/**
 * A client of the hmux server: connects to the socket, reads the token (after connecting, so it
 * is the token of the server that accepted), logs in, and then matches each request to its
 * reply. Events and table updates go to listeners. Every failure is a ServerError: NO_SERVER
 * when nothing listens, UNAUTHORIZED / VERSION_MISMATCH from the server's refusal, UNREACHABLE
 * when the connection breaks, and the server's own code for a request it refused.
 */
import { existsSync, readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import type { SessionEvent } from "../core/control/types.js";
import { LineSplitter } from "../core/line-splitter.js";
import { ServerError } from "./errors.js";
import { checkServerDir, type ServerPaths } from "./paths.js";
import { type Hello, PROTOCOL, type RequestBody, type ServerMessage, type SessionSummary } from "./protocol.js";

export type ReplyPayload = Record<string, unknown>;

export class ServerClient {
  private readonly pending = new Map<
    string,
    { resolve: (p: ReplyPayload) => void; reject: (e: ServerError) => void }
  >();
  private readonly eventListeners = new Set<(session: string, event: SessionEvent) => void>();
  private readonly tableListeners = new Set<(change: string, session: SessionSummary) => void>();
  private readonly closeListeners = new Set<(reason: string) => void>();
  private nextReq = 1;
  private closedReason: string | null = null;

  private constructor(
    private readonly socket: Socket,
    readonly hello: Hello,
  ) {}

  /** Connects and logs in. */
  static connect(paths: ServerPaths, version: string, timeoutMs = 10_000): Promise<ServerClient> {
    try {
      for (const dir of [paths.parent, paths.dir]) if (existsSync(dir)) checkServerDir(dir);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      const socket = connect(paths.socket);
      const splitter = new LineSplitter({ maxLineBytes: 64 * 1024 * 1024 });
      let client: ServerClient | null = null;
      let settled = false;
      const fail = (err: ServerError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        reject(err);
      };
      const timer = setTimeout(
        () =>
          fail(
            new ServerError("UNREACHABLE", `the hmux server at ${paths.socket} did not answer within ${timeoutMs} ms`),
          ),
        timeoutMs,
      );
      socket.on("error", (err: NodeJS.ErrnoException) => {
        if (!settled) {
          const none = err.code === "ENOENT" || err.code === "ECONNREFUSED";
          return fail(
            new ServerError(
              none ? "NO_SERVER" : "UNREACHABLE",
              none
                ? `no hmux server is running (nothing listens on ${paths.socket})`
                : `${paths.socket}: ${err.message}`,
            ),
          );
        }
        client?.shut(`connection error: ${err.message}`);
      });
      socket.on("connect", () => {
        let token: string;
        try {
          token = readFileSync(paths.token, "utf8").trim();
        } catch (err) {
          return fail(new ServerError("UNREACHABLE", `cannot read the server's token: ${(err as Error).message}`));
        }
        socket.write(`${JSON.stringify({ op: "login", token, protocol: PROTOCOL, version })}\n`);
      });
      socket.on("data", (chunk: Buffer) => {
        for (const item of splitter.push(chunk)) {
          if (item.kind !== "line") continue;
          let message: ServerMessage;
          try {
            message = JSON.parse(item.text) as ServerMessage;
          } catch {
            continue;
          }
          if (client) {
            client.dispatch(message);
            continue;
          }
          if (message.kind === "hello") {
            settled = true;
            clearTimeout(timer);
            client = new ServerClient(socket, message);
            resolve(client);
          } else if (message.kind === "error") fail(ServerError.from(message.error));
        }
      });
      socket.on("close", () => {
        if (!settled) fail(new ServerError("UNREACHABLE", "the hmux server closed the connection before the login"));
        client?.shut(client.closedReason ?? "the server closed the connection");
      });
    });
  }

  /** Sends one request; resolves with the reply's payload, rejects with the server's typed error. */
  request(body: RequestBody): Promise<ReplyPayload> {
    if (this.closedReason !== null)
      return Promise.reject(new ServerError("UNREACHABLE", `not connected: ${this.closedReason}`));
    const req = String(this.nextReq++);
    return new Promise((resolve, reject) => {
      this.pending.set(req, { resolve, reject });
      this.socket.write(`${JSON.stringify({ ...body, req })}\n`);
    });
  }

  async list(): Promise<SessionSummary[]> {
    return (await this.request({ op: "list" })).sessions as SessionSummary[];
  }

  onEvent(listener: (session: string, event: SessionEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onTable(listener: (change: string, session: SessionSummary) => void): () => void {
    this.tableListeners.add(listener);
    return () => this.tableListeners.delete(listener);
  }

  onClose(listener: (reason: string) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  close(): void {
    this.socket.end();
    this.shut("closed by the client");
  }

  private dispatch(message: ServerMessage): void {
    switch (message.kind) {
      case "reply": {
        if (message.req === null) return;
        const waiter = this.pending.get(message.req);
        if (!waiter) return;
        this.pending.delete(message.req);
        if (message.ok) waiter.resolve(message);
        else waiter.reject(ServerError.from(message.error));
        return;
      }
      case "event":
        for (const l of [...this.eventListeners]) l(message.session, message.event);
        return;
      case "table":
        for (const l of [...this.tableListeners]) l(message.change, message.session);
        return;
      case "bye":
        this.closedReason = `the server stopped (${message.reason})`;
        return;
      case "error":
        this.closedReason = message.error.message;
        return;
      case "hello":
        return;
    }
  }

  private shut(reason: string): void {
    this.closedReason ??= reason;
    const error = new ServerError("UNREACHABLE", this.closedReason);
    for (const w of this.pending.values()) w.reject(error);
    this.pending.clear();
    const listeners = [...this.closeListeners];
    this.closeListeners.clear();
    for (const l of listeners) l(this.closedReason);
  }
}

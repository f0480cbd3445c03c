/**
 * A client of the hmux server: logs in over a transport (the server's socket here, or an ssh
 * relay to another machine), then matches each request to its reply. Events and table updates
 * go to listeners. Every failure is a ServerError: `no-server` when nothing listens,
 * `unauthorized` / `version-mismatch` from the server's refusal, `unreachable` when the connection
 * breaks (or the transport's own reason, such as ssh's), `protocol-error` when the server sends
 * a line that is not a message of this protocol (checked against src/protocol/'s schemas; the
 * client then closes the connection, since a lost reply would leave its request waiting
 * forever) or a reply whose payload is not its op's, and the server's own code for a request it
 * refused.
 */
import { readFileSync } from "node:fs";
import type { ControlSnapshot } from "../core/exec/control-snapshot.js";
import type { Clock } from "../core/exec/ports.js";
import { LineSplitter } from "../core/line-splitter.js";
import type { Hello, ServerMessage, TableChange } from "../protocol/messages.js";
import { PROTOCOL } from "../protocol/name.js";
import { claimsMessage, readReply, readServerLine, readServerMessage } from "../protocol/read-line.js";
import type { ReplyOf } from "../protocol/replies.js";
import type { RequestBody, RequestOp } from "../protocol/requests.js";
import type { SessionSummary } from "../protocol/session-row.js";
import { ServerError } from "./errors.js";
import type { ServerPaths } from "./paths.js";
import { connectServerSocket, duplexTransport, type ServerTransport } from "./transport.js";

/** A session's event as the connection checked it: an object with a kind (the port that shows it checks the rest). */
export type WireEvent = Extract<ServerMessage, { kind: "event" }>["event"];

/** A session's event line; `at` is when the session emitted it (server clock), set on one held while an attach was answered. */
export type EventLineListener = (session: string, event: WireEvent, at?: number) => void;

const HINT = "if the server is another hmux version, stop it with `hmux kill-server` and start it again";

/** A line this client cannot read, quoted by its start (it may be long, or not text at all). */
function malformed(text: string, why: string): ServerError {
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return new ServerError(
    "protocol-error",
    `the hmux server sent a malformed line (${why}): ${JSON.stringify(start)}; the connection is closed`,
    HINT,
  );
}

interface Waiter {
  readonly op: RequestOp;
  readonly resolve: (payload: unknown) => void;
  readonly reject: (error: ServerError) => void;
}

export interface LoginOptions {
  /**
   * The server's token, or null when the far end fills it in: `hmux server --stdio` reads the
   * token on its own machine, so it never crosses the ssh connection.
   */
  readonly token: string | null;
  readonly version: string;
  /** Times the login's wait for the server's hello. */
  readonly clock: Clock;
  readonly timeoutMs?: number;
}

export class ServerClient {
  private readonly pending = new Map<string, Waiter>();
  private readonly eventListeners = new Set<EventLineListener>();
  private readonly tableListeners = new Set<(change: TableChange, session: SessionSummary) => void>();
  private readonly closeListeners = new Set<(reason: string) => void>();
  private readonly outputListeners = new Set<(session: string, data: string) => void>();
  private readonly controlListeners = new Set<(session: string, control: ControlSnapshot) => void>();
  private nextReq = 1;
  private closedReason: string | null = null;
  /** Why the connection ended when that was more than it breaking (a malformed line). */
  private closedError: ServerError | null = null;

  private constructor(
    private readonly transport: ServerTransport,
    readonly hello: Hello,
    /** The clock this client was logged in with: what its native panes' terminals tick by. */
    readonly clock: Clock,
  ) {}

  /** The remote host this client's server runs on; null for this machine's. */
  get host(): string | null {
    return this.transport.host;
  }

  /** Connects to this machine's server and logs in with the token it wrote. */
  static async connect(paths: ServerPaths, version: string, clock: Clock, timeoutMs = 10_000): Promise<ServerClient> {
    const socket = await connectServerSocket(paths, clock, timeoutMs);
    let token: string;
    try {
      // Read after connecting, so it is the token of the server that accepted.
      token = readFileSync(paths.token, "utf8").trim();
    } catch (err) {
      socket.destroy();
      throw new ServerError("unreachable", `cannot read the server's token: ${(err as Error).message}`);
    }
    return ServerClient.open(duplexTransport(socket, paths.socket, clock), { token, version, clock, timeoutMs });
  }

  /** Logs in over a transport that is already open; the transport is closed when the login fails. */
  static open(transport: ServerTransport, login: LoginOptions): Promise<ServerClient> {
    const { clock } = login;
    const timeoutMs = login.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const splitter = new LineSplitter({ maxLineBytes: 64 * 1024 * 1024 });
      let client: ServerClient | null = null;
      let settled = false;
      const fail = (err: ServerError) => {
        if (settled) return;
        settled = true;
        clock.clearTimeout(timer);
        transport.close();
        reject(err);
      };
      const timer = clock.setTimeout(
        () =>
          fail(
            new ServerError(
              "unreachable",
              `the hmux server at ${transport.label} did not answer within ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      transport.onData((chunk) => {
        for (const item of splitter.push(chunk)) {
          if (client?.closedError) return;
          if (item.kind !== "line") {
            const tooLong = new ServerError(
              "protocol-error",
              `the hmux server at ${transport.label} sent a line of ${item.bytes} bytes, more than ${item.limit}`,
            );
            if (client) client.abandon(tooLong);
            else fail(tooLong);
            return;
          }
          if (client) {
            if (item.text === "") continue;
            const message = readServerLine(item.text);
            if (!message.ok) return client.abandon(malformed(item.text, message.why));
            client.dispatch(message.value);
            continue;
          }
          // Before the hello, a line that is not a message (a remote shell's greeting, say) is
          // skipped: only protocol lines count. One that claims to be a message must be a whole one.
          let value: unknown;
          try {
            value = JSON.parse(item.text);
          } catch {
            continue;
          }
          if (!claimsMessage(value)) continue;
          const read = readServerMessage(value);
          if (!read.ok) return fail(malformed(item.text, read.why));
          const message = read.value;
          if (message.kind === "hello") {
            settled = true;
            clock.clearTimeout(timer);
            client = new ServerClient(transport, message, clock);
            resolve(client);
          } else if (message.kind === "error") fail(ServerError.from(message.error));
        }
      });
      transport.onClose((failure) => {
        if (!settled)
          fail(
            failure ??
              new ServerError(
                "unreachable",
                `the hmux server at ${transport.label} closed the connection before the login`,
              ),
          );
        client?.shut(client.closedReason ?? failure?.message ?? "the server closed the connection");
      });
      const { token } = login;
      transport.write(
        `${JSON.stringify({ op: "login", ...(token !== null ? { token } : {}), protocol: PROTOCOL, version: login.version })}\n`,
      );
    });
  }

  /**
   * Sends one request; resolves with the reply's payload, read by its op's schema, rejects with the
   * server's typed error (or `protocol-error` when the payload is not the op's).
   */
  request<Op extends RequestOp>(body: RequestBody<Op> & { readonly op: Op }): Promise<ReplyOf<Op>> {
    if (this.closedError) return Promise.reject(this.closedError);
    if (this.closedReason !== null)
      return Promise.reject(new ServerError("unreachable", `not connected: ${this.closedReason}`));
    const req = String(this.nextReq++);
    const op: Op = body.op;
    return new Promise((resolve, reject) => {
      const read = (payload: unknown) => {
        const reply = readReply(op, payload);
        if (reply.ok) resolve(reply.value);
        else reject(new ServerError("protocol-error", `the hmux server sent a malformed reply: ${reply.why}`, HINT));
      };
      this.pending.set(req, { op, resolve: read, reject });
      this.transport.write(`${JSON.stringify({ ...body, req })}\n`);
    });
  }

  async list(): Promise<SessionSummary[]> {
    return (await this.request({ op: "list" })).sessions;
  }

  onEvent(listener: EventLineListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onTable(listener: (change: TableChange, session: SessionSummary) => void): () => void {
    this.tableListeners.add(listener);
    return () => this.tableListeners.delete(listener);
  }

  /** A native session's output chunks (base64 raw pty bytes), for the sessions this client attached. */
  onOutput(listener: (session: string, data: string) => void): () => void {
    this.outputListeners.add(listener);
    return () => this.outputListeners.delete(listener);
  }

  /** A session's control state (frame, posture, pending calls, census), for the sessions this client attached, when it changed. */
  onControl(listener: (session: string, control: ControlSnapshot) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  onClose(listener: (reason: string) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  close(): void {
    this.transport.close();
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
        else waiter.reject(this.named(ServerError.from(message.error)));
        return;
      }
      case "event":
        for (const l of [...this.eventListeners]) l(message.session, message.event, message.at);
        return;
      case "table":
        for (const l of [...this.tableListeners]) l(message.change, message.session);
        return;
      case "output":
        for (const l of [...this.outputListeners]) l(message.session, message.data);
        return;
      case "control":
        for (const l of [...this.controlListeners]) l(message.session, message.control);
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

  /**
   * A refusal from a server on another machine names that machine: the server says "this
   * server", which on the client's screen would read as the client's own.
   */
  private named(error: ServerError): ServerError {
    const host = this.host;
    if (host === null || error.message.includes(host)) return error;
    const message = error.message.includes("this server")
      ? error.message.replaceAll("this server", `the hmux server on ${host}`)
      : `on ${host}: ${error.message}`;
    // The commands a hint names act on that machine's server too.
    const hint = error.hint?.replace(/`hmux ([a-z-]+)/g, `\`hmux $1 --host ${host}`);
    return new ServerError(error.code, message, hint, error.failure);
  }

  /** A line this client cannot read: the connection is closed, and every waiting request told why. */
  private abandon(error: ServerError): void {
    if (this.closedError) return;
    this.closedError = error;
    this.closedReason ??= error.message;
    this.transport.close();
    this.shut(error.message);
  }

  private shut(reason: string): void {
    this.closedReason ??= reason;
    const error = this.closedError ?? new ServerError("unreachable", this.closedReason);
    for (const w of this.pending.values()) w.reject(error);
    this.pending.clear();
    const listeners = [...this.closeListeners];
    this.closeListeners.clear();
    for (const l of listeners) l(this.closedReason);
  }
}

/**
 * The server's clients: each connection logs in with the token, then sends requests and gets
 * replies, table updates, and the events of the sessions it attached. One hub per server; it
 * also decides when the server has nothing left to do (no live session, no client, for the
 * idle grace) and stops it.
 *
 * A stranger (a connection that has not logged in) has `loginTimeoutMs` to present the token and
 * may send at most MAX_LOGIN_BYTES before it, so an idle or flooding local process can hold
 * neither the server nor its memory. Admission is owner first: strangers have a small cap of
 * their own (`maxStrangers`), and a new connection past it drops the oldest stranger instead of
 * being refused, so strangers can never keep out a client that logs in with the token; only
 * logged-in clients count against `maxClients`. What a client is sent goes through its outbox
 * (client-outbox.ts), which bounds what waits for one that reads slowly or not at all: its
 * sessions' events are then not queued but sent from the kept events once it reads again.
 */
import { timingSafeEqual } from "node:crypto";
import type { Clock } from "../core/exec/ports.js";
import { LineSplitter } from "../core/line-splitter.js";
import { describeIssues } from "../protocol/issues.js";
import type { OutgoingMessage } from "../protocol/messages.js";
import { PROTOCOL } from "../protocol/name.js";
import type { ReplyInput } from "../protocol/replies.js";
import { isRequestOp, LoginSchema, REQUEST_OPS, type RequestOf, type RequestOp, reqOf } from "../protocol/requests.js";
import { versionProblem } from "../protocol/version.js";
import { ClientOutbox, type ClientStream, DEFAULT_LAGGING_BYTES, EVENT_FLUSH_MS, Flusher } from "./client-outbox.js";
import { ServerError, serverErrorOf } from "./errors.js";
import { NativeFeed } from "./native-feed.js";
import type { Op, OpContext } from "./ops/op.js";
import { OPS } from "./ops/table.js";
import type { RacesLoader } from "./races.js";
import { SessionFeed } from "./session-feed.js";
import type { SessionTable } from "./session-table.js";

export type { ClientStream } from "./client-outbox.js";

export const MAX_LOGIN_BYTES = 1024;
export const MAX_REQUEST_BYTES = 1024 * 1024;

export interface HubOptions {
  readonly table: SessionTable;
  /** The races it runs for its clients; a server without them refuses every race op. */
  readonly races?: RacesLoader;
  readonly token: string;
  readonly version: string;
  readonly pid: number;
  /** The server's user's home folder, told in the hello: where a client on another machine opens panes by default. */
  readonly home: string;
  /** Exit after this long with no live session and no client; null: never. */
  readonly idleExitMs: number | null;
  /** Times the login timeout, the idle grace and a stopped server's last wait for its clients. */
  readonly clock: Clock;
  readonly loginTimeoutMs?: number;
  /** Logged-in clients at once. */
  readonly maxClients?: number;
  /** Connections waiting to log in at once; past it the oldest of them is dropped. */
  readonly maxStrangers?: number;
  /** Bytes waiting for a client before it is dropped: only replies can pile up so far (client-outbox.ts). */
  readonly maxBufferedBytes?: number;
  /** Bytes waiting for a client before it counts as behind: its events then wait in the kept ring, not its buffer. */
  readonly laggingBytes?: number;
  /** How long a session's events may wait to leave together for a client (client-outbox.ts); 0: each turn's at its end. */
  readonly eventFlushMs?: number;
  /** Called once, when the server decides to stop (idle, kill-server, a signal). */
  readonly onStop: (reason: string) => void;
}

interface Client {
  readonly id: string;
  readonly socket: ClientStream;
  readonly outbox: ClientOutbox;
  authed: boolean;
  /** Refused and on its way out: nothing more it sends is read. */
  refused: boolean;
  /** Sessions this client watches: id → stop. */
  readonly watching: Map<string, () => void>;
  /** Requests run one after another, so a client's replies come in the order it asked. */
  chain: Promise<unknown>;
}

export class Hub {
  private readonly clients = new Set<Client>();
  /** The clients that have not logged in, oldest first (a Set keeps insertion order). */
  private readonly strangers = new Set<Client>();
  private idleTimer: unknown = null;
  private nextClient = 1;
  private stopping = false;
  private readonly loginTimeoutMs: number;
  private readonly maxClients: number;
  private readonly maxStrangers: number;
  private readonly maxBuffered: number;
  private readonly laggingBytes: number;
  private readonly flusher: Flusher;

  constructor(private readonly options: HubOptions) {
    this.loginTimeoutMs = options.loginTimeoutMs ?? 5_000;
    this.maxClients = options.maxClients ?? 32;
    this.maxStrangers = options.maxStrangers ?? 8;
    this.maxBuffered = options.maxBufferedBytes ?? 32 * 1024 * 1024;
    this.laggingBytes = Math.min(options.laggingBytes ?? DEFAULT_LAGGING_BYTES, this.maxBuffered / 2);
    this.flusher = new Flusher(options.clock, options.eventFlushMs ?? EVENT_FLUSH_MS);
    options.table.onChange((change, session) => {
      for (const c of this.clients) if (c.authed) this.send(c, { kind: "table", change, session });
      this.checkIdle();
    });
    this.checkIdle();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Bytes written to each logged-in client and not yet taken by its connection. */
  queuedBytes(): number[] {
    return [...this.clients].filter((c) => c.authed).map((c) => c.outbox.queuedBytes);
  }

  /** A new connection on the server's socket. */
  accept(socket: ClientStream): void {
    socket.on("error", () => undefined); // a client that vanished mid-reply: its requests already ran
    if (this.stopping) {
      const error = new ServerError("shutting-down", "the hmux server is stopping");
      socket.end(`${JSON.stringify({ kind: "error", error: error.toBody() } satisfies OutgoingMessage)}\n`);
      return;
    }
    this.makeRoomForStranger();
    const client: Client = {
      id: `c-${this.nextClient++}`,
      socket,
      outbox: new ClientOutbox(
        socket,
        { laggingBytes: this.laggingBytes, maxBufferedBytes: this.maxBuffered },
        this.flusher,
      ),
      authed: false,
      refused: false,
      watching: new Map(),
      chain: Promise.resolve(),
    };
    this.clients.add(client);
    this.strangers.add(client);
    this.checkIdle();
    const clock = this.options.clock;
    const login = clock.setTimeout(() => {
      if (!client.authed) this.refuse(client, unauthorized(`no login within ${this.loginTimeoutMs} ms`));
    }, this.loginTimeoutMs);
    socket.on("close", () => {
      clock.clearTimeout(login);
      this.strangers.delete(client);
      for (const stop of client.watching.values()) stop();
      client.watching.clear();
      this.clients.delete(client);
      this.checkIdle();
    });
    const splitter = new LineSplitter({ maxLineBytes: MAX_REQUEST_BYTES });
    let preLoginBytes = 0;
    socket.on("data", (chunk: Buffer) => {
      if (client.refused) return;
      if (!client.authed) {
        // Counted before splitting: a stranger's bytes are bounded whether or not a newline comes.
        preLoginBytes += chunk.length;
        if (preLoginBytes > MAX_LOGIN_BYTES + 1 && !chunk.subarray(0, MAX_LOGIN_BYTES + 1).includes(0x0a))
          return this.refuse(client, unauthorized(`more than ${MAX_LOGIN_BYTES} bytes before the login`));
      }
      for (const item of splitter.push(chunk)) {
        if (socket.destroyed || client.refused) return;
        if (!client.authed) {
          if (item.kind === "oversized" || item.text.length > MAX_LOGIN_BYTES)
            return this.refuse(client, unauthorized("the login line is too long"));
          if (!this.login(client, item.text)) return;
          clock.clearTimeout(login);
          continue;
        }
        if (item.kind === "oversized") {
          this.reply(
            client,
            null,
            new ServerError("bad-request", `a line of ${item.bytes} bytes exceeds ${item.limit}`),
          );
          continue;
        }
        if (item.text.trim() === "") continue;
        const text = item.text;
        client.chain = client.chain.then(() => this.request(client, text));
      }
    });
  }

  /** Stops the server once: says so to every client, ends every session, and lets go of them. */
  stop(reason: string): void {
    if (this.stopping) return;
    this.stopping = true;
    if (this.idleTimer !== null) this.options.clock.clearTimeout(this.idleTimer);
    this.options.onStop(reason);
  }

  /** The last words to every client, then their connections close. */
  disconnectAll(reason: string): void {
    for (const c of this.clients) {
      if (c.authed) this.send(c, { kind: "bye", reason });
      c.outbox.flush();
      c.socket.end();
      // A client that never closes its side must not keep a stopped server alive.
      this.options.clock.setTimeout(() => c.socket.destroy(), 1_000, { background: true });
    }
  }

  private login(client: Client, line: string): boolean {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.refuse(client, unauthorized("the first line must be a login"));
      return false;
    }
    const parsed = LoginSchema.safeParse(value);
    if (!parsed.success || !tokenMatches(parsed.data.token, this.options.token)) {
      this.refuse(client, unauthorized("this client did not present the server's token"));
      return false;
    }
    const mismatch = versionProblem(parsed.data, this.options);
    if (mismatch) {
      this.refuse(
        client,
        new ServerError(
          "version-mismatch",
          mismatch,
          "stop the running server with `hmux kill-server` (its sessions end), then run this hmux again",
        ),
      );
      return false;
    }
    if (this.loggedInCount() >= this.maxClients) {
      this.refuse(
        client,
        new ServerError("too-many-clients", `refused: ${this.maxClients} clients are already logged in`),
      );
      return false;
    }
    client.authed = true;
    this.strangers.delete(client);
    this.send(client, {
      kind: "hello",
      protocol: PROTOCOL,
      version: this.options.version,
      pid: this.options.pid,
      home: this.options.home,
      clientId: client.id,
    });
    return true;
  }

  private async request(client: Client, text: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.reply(client, null, new ServerError("bad-request", "a request line must be one JSON object"));
    }
    const op = typeof value === "object" && value !== null ? (value as { op?: unknown }).op : undefined;
    if (!isRequestOp(op))
      return this.reply(
        client,
        reqOf(value),
        new ServerError(
          "bad-request",
          `op: ${JSON.stringify(op) ?? "missing"} is not one of ${REQUEST_OPS.join(", ")}`,
        ),
      );
    return this.runOp(client, op, value);
  }

  /** Checks a request with its op's schema, runs the op, and replies with what it returned or the error it threw. */
  private async runOp<K extends RequestOp>(client: Client, op: K, value: unknown): Promise<void> {
    const entry: Op<K> = OPS[op];
    const parsed = entry.schema.safeParse(value);
    if (!parsed.success)
      return this.reply(client, reqOf(value), new ServerError("bad-request", describeIssues(parsed.error.issues)));
    const request = parsed.data;
    const running = this.answer(client, entry, request);
    // A concurrent op answers when it is done; the client's next request does not wait for it.
    if (!entry.concurrent) await running;
  }

  /** Runs a checked request and replies with what its op returned or the error it threw. */
  private async answer<K extends RequestOp>(client: Client, entry: Op<K>, request: RequestOf<K>): Promise<void> {
    const after: (() => Promise<void> | void)[] = [];
    let payload: ReplyInput<K>;
    try {
      payload = await entry.run(this.contextFor(client, after), request);
    } catch (err) {
      return this.reply(client, request.req, serverErrorOf(err));
    }
    this.send(client, { kind: "reply", req: request.req, ok: true, ...payload });
    for (const then of after) await then();
  }

  /** What an op may reach of this client and of the server. */
  private contextFor(client: Client, after: (() => Promise<void> | void)[]): OpContext {
    return {
      table: this.options.table,
      races: this.options.races,
      client,
      serverPid: this.options.pid,
      stopping: () => this.stopping,
      stopServer: (reason) => this.stop(reason),
      send: (message) => this.send(client, message),
      sendAll: (messages) => client.outbox.sendAll(messages),
      feed: (session) => new SessionFeed(session, client.outbox),
      nativeFeed: (session, channel) => new NativeFeed(session, channel, client.outbox),
      afterReply: (then) => after.push(then),
    };
  }

  private reply(client: Client, req: string | null, error: ServerError): void {
    this.send(client, { kind: "reply", req, ok: false, error: error.toBody() });
  }

  private send(client: Client, message: OutgoingMessage): void {
    client.outbox.send(message);
  }

  /** At the strangers' cap, the oldest one goes, so the newcomer (perhaps the owner) gets its turn to log in. */
  private makeRoomForStranger(): void {
    if (this.strangers.size < this.maxStrangers) return;
    const oldest = this.strangers.values().next().value;
    if (oldest)
      this.refuse(
        oldest,
        unauthorized(`${this.maxStrangers} connections were waiting to log in; the oldest was dropped for a new one`),
      );
  }

  private loggedInCount(): number {
    let count = 0;
    for (const c of this.clients) if (c.authed && !c.refused) count++;
    return count;
  }

  private refuse(client: Client, error: ServerError): void {
    client.refused = true;
    this.strangers.delete(client);
    const socket = client.socket;
    if (socket.destroyed) return;
    client.outbox.flush();
    socket.end(`${JSON.stringify({ kind: "error", error: error.toBody() } satisfies OutgoingMessage)}\n`);
    socket.destroySoon?.();
  }

  private checkIdle(): void {
    if (this.stopping) return;
    const idle = this.clients.size === 0 && this.options.table.liveCount() === 0;
    if (!idle || this.options.idleExitMs === null) {
      if (this.idleTimer !== null) this.options.clock.clearTimeout(this.idleTimer);
      this.idleTimer = null;
      return;
    }
    if (this.idleTimer !== null) return;
    this.idleTimer = this.options.clock.setTimeout(
      () => this.stop("idle: no session and no client"),
      this.options.idleExitMs,
      {
        background: true,
      },
    );
  }
}

function unauthorized(why: string): ServerError {
  // Says why the login failed, never anything about the server's sessions.
  return new ServerError("unauthorized", `refused: ${why}`);
}

function tokenMatches(presented: string, token: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

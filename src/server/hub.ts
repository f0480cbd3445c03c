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
 * logged-in clients count against `maxClients`. A client that stops reading is dropped once
 * `maxBufferedBytes` wait for it.
 */
import { timingSafeEqual } from "node:crypto";
import type { Duplex } from "node:stream";
import type { Clock } from "../core/exec/ports.js";
import { LineSplitter } from "../core/line-splitter.js";
import { describeIssues } from "../protocol/issues.js";
import type { OutgoingMessage } from "../protocol/messages.js";
import { PROTOCOL } from "../protocol/name.js";
import type { ReplyInput } from "../protocol/replies.js";
import { isRequestOp, LoginSchema, REQUEST_OPS, type RequestOf, type RequestOp, reqOf } from "../protocol/requests.js";
import { versionProblem } from "../protocol/version.js";
import type { SessionRaces } from "../race/session-races.js";
import { ServerError, serverErrorOf } from "./errors.js";
import type { Op, OpContext } from "./ops/op.js";
import { OPS } from "./ops/table.js";
import type { RaceCreateOptions } from "./races.js";
import type { SessionTable } from "./session-table.js";

/** A client's connection: the server's socket, or one end of an in-process pair (in-process.ts). */
export type ClientStream = Duplex & { destroySoon?: () => void };

export const MAX_LOGIN_BYTES = 1024;
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** Bytes an attach's replay lets wait for a client before it waits for the client to read. */
const REPLAY_HIGH_WATER = 4 * 1024 * 1024;

export interface HubOptions {
  readonly table: SessionTable;
  /** The races it runs for its clients; a server without them refuses every race op. */
  readonly races?: SessionRaces<RaceCreateOptions>;
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
  readonly maxBufferedBytes?: number;
  /** Called once, when the server decides to stop (idle, kill-server, a signal). */
  readonly onStop: (reason: string) => void;
}

interface Client {
  readonly id: string;
  readonly socket: ClientStream;
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

  constructor(private readonly options: HubOptions) {
    this.loginTimeoutMs = options.loginTimeoutMs ?? 5_000;
    this.maxClients = options.maxClients ?? 32;
    this.maxStrangers = options.maxStrangers ?? 8;
    this.maxBuffered = options.maxBufferedBytes ?? 32 * 1024 * 1024;
    options.table.onChange((change, session) => {
      for (const c of this.clients) if (c.authed) this.send(c, { kind: "table", change, session });
      this.checkIdle();
    });
    this.checkIdle();
  }

  get clientCount(): number {
    return this.clients.size;
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
      sendAll: (messages) => this.flush(client, messages),
      afterReply: (then) => after.push(then),
    };
  }

  /**
   * Sends messages in order (`held` may grow while this runs), corked into few writes, waiting for
   * the client to read whenever a few MB wait for it: an attach's replay is as long as the
   * session's window, and a slow reader must not be dropped for it as one that stopped reading is.
   * Resolves once what waits has left.
   */
  private async flush(client: Client, held: OutgoingMessage[]): Promise<void> {
    const socket = client.socket;
    const high = Math.min(REPLAY_HIGH_WATER, this.maxBuffered / 2);
    for (let i = 0; i < held.length; ) {
      socket.cork();
      while (i < held.length && socket.writableLength < high) this.send(client, held[i++]!);
      socket.uncork();
      if (socket.destroyed) return;
      if (i >= held.length || socket.writableLength === 0) continue;
      // 'drain' comes only after a write found the buffer full; below that, a turn of the loop lets it empty.
      if (!socket.writableNeedDrain) await new Promise((resolve) => setImmediate(resolve));
      else await drained(socket);
    }
    await drained(socket);
  }

  private reply(client: Client, req: string | null, error: ServerError): void {
    this.send(client, { kind: "reply", req, ok: false, error: error.toBody() });
  }

  private send(client: Client, message: OutgoingMessage): void {
    const socket = client.socket;
    if (socket.destroyed) return;
    if (socket.writableLength > this.maxBuffered) {
      // A client that does not read cannot make the server hold its backlog.
      socket.destroy();
      return;
    }
    if (!this.corked.has(socket)) {
      socket.cork();
      this.corked.add(socket);
      if (this.corked.size === 1) setImmediate(this.uncorkAll);
    }
    socket.write(`${JSON.stringify(message)}\n`);
  }

  /**
   * What was sent a client in one turn of the event loop leaves in one write: 8 sessions streaming
   * 100 events a second each were 800 writes (system calls) a second to every attached client.
   */
  private readonly corked = new Set<ClientStream>();
  private readonly uncorkAll = (): void => {
    for (const socket of this.corked) socket.uncork();
    this.corked.clear();
  };

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

/** Resolves once a socket has written what waits in its buffer (or has closed). */
function drained(socket: ClientStream): Promise<void> {
  if (socket.destroyed || !socket.writableNeedDrain) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
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

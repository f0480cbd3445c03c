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
import type { Socket } from "node:net";
import { parseCommandLine } from "../core/control/command-schema.js";
import type { SessionEvent } from "../core/control/types.js";
import type { Clock } from "../core/exec/ports.js";
import { parseSessionLine } from "../core/exec/session-commands.js";
import { LineSplitter } from "../core/line-splitter.js";
import { isRefusal } from "../core/refusal.js";
import { isServerError, ServerError } from "./errors.js";
import type { NativeWatch } from "./native-channel.js";
import {
  describeIssue,
  LoginSchema,
  PROTOCOL,
  type Request,
  RequestSchema,
  reqOf,
  type ServerMessage,
  versionProblem,
} from "./protocol.js";
import type { SessionTable } from "./session-table.js";

/** The text of a send or answer line, or of a steer or inject command: what the person said to the session. */
function userText(line: string): string | null {
  const parsed = parseSessionLine(line);
  if (parsed.kind === "op") return parsed.op.op !== "close" ? parsed.op.text : null;
  if (parsed.kind !== "command") return null;
  const read = parseCommandLine(parsed.line);
  if (!read.ok) return null;
  const c = read.command;
  return c.command === "steer" || c.command === "message.inject" ? c.text : null;
}

export const MAX_LOGIN_BYTES = 1024;
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** Bytes an attach's replay lets wait for a client before it waits for the client to read. */
const REPLAY_HIGH_WATER = 4 * 1024 * 1024;

export interface HubOptions {
  readonly table: SessionTable;
  readonly token: string;
  readonly version: string;
  readonly pid: number;
  /** The server's user's home folder, told in the hello: where a client on another machine opens panes by default. */
  readonly home: string;
  /** Exit after this long with no live session and no client; null: never. */
  readonly idleExitMs: number | null;
  /** Times the login timeout. */
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
  readonly socket: Socket;
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
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
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
  accept(socket: Socket): void {
    socket.on("error", () => undefined); // a client that vanished mid-reply: its requests already ran
    if (this.stopping) {
      const error = new ServerError("SHUTTING_DOWN", "the hmux server is stopping");
      socket.end(`${JSON.stringify({ kind: "error", error: error.toBody() } satisfies ServerMessage)}\n`);
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
            new ServerError("BAD_REQUEST", `a line of ${item.bytes} bytes exceeds ${item.limit}`),
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
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.options.onStop(reason);
  }

  /** The last words to every client, then their connections close. */
  disconnectAll(reason: string): void {
    for (const c of this.clients) {
      if (c.authed) this.send(c, { kind: "bye", reason });
      c.socket.end();
      // A client that never closes its side must not keep a stopped server alive.
      setTimeout(() => c.socket.destroy(), 1_000).unref();
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
          "VERSION_MISMATCH",
          mismatch,
          "stop the running server with `hmux kill-server` (its sessions end), then run this hmux again",
        ),
      );
      return false;
    }
    if (this.loggedInCount() >= this.maxClients) {
      this.refuse(
        client,
        new ServerError("TOO_MANY_CLIENTS", `refused: ${this.maxClients} clients are already logged in`),
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
      return this.reply(client, null, new ServerError("BAD_REQUEST", "a request line must be one JSON object"));
    }
    const parsed = RequestSchema.safeParse(value);
    if (!parsed.success)
      return this.reply(client, reqOf(value), new ServerError("BAD_REQUEST", describeIssue(parsed.error)));
    const request = parsed.data;
    try {
      await this.run(client, request);
    } catch (err) {
      this.reply(client, request.req, asServerError(err));
    }
  }

  private async run(client: Client, r: Request): Promise<void> {
    const table = this.options.table;
    switch (r.op) {
      case "list":
        return this.ok(client, r.req, { sessions: table.list() });
      case "create": {
        if (this.stopping) throw new ServerError("SHUTTING_DOWN", "the hmux server is stopping: no new sessions");
        const created = await table
          .create({ harness: r.harness, cwd: r.cwd, options: r.options }, r.name)
          .catch((err: unknown) => {
            throw launchError(err);
          });
        return this.ok(client, r.req, { session: created.summary, notes: created.notes });
      }
      case "create-native": {
        if (this.stopping) throw new ServerError("SHUTTING_DOWN", "the hmux server is stopping: no new sessions");
        const options = { ...(r.endpoint ? { endpoint: r.endpoint } : {}), ...(r.model ? { model: r.model } : {}) };
        const created = await table
          .create({ harness: r.kind, cwd: r.cwd, options, native: { cols: r.cols, rows: r.rows } }, r.name)
          .catch((err: unknown) => {
            throw launchError(err);
          });
        return this.ok(client, r.req, { session: created.summary, notes: created.notes });
      }
      case "write":
        table.native(r.session).write(r.data);
        return this.ok(client, r.req, {});
      case "resize": {
        const channel = table.native(r.session);
        channel.resize(r.cols, r.rows);
        const { cols, rows } = channel.summary();
        return this.ok(client, r.req, { cols, rows });
      }
      case "attach":
        return r.batch
          ? this.attachBatched(client, r.req, r.session, r.replay)
          : this.attach(client, r.req, r.session, r.replay);
      case "detach": {
        const ids = r.session === undefined ? [...client.watching.keys()] : [table.resolve(r.session).id];
        for (const id of ids) {
          client.watching.get(id)?.();
          client.watching.delete(id);
        }
        return this.ok(client, r.req, { detached: ids });
      }
      case "rename":
        return this.ok(client, r.req, { session: table.rename(r.session, r.name) });
      case "kill":
        return this.ok(client, r.req, { session: await table.kill(r.session) });
      case "resume": {
        if (this.stopping) throw new ServerError("SHUTTING_DOWN", "the hmux server is stopping: nothing is resumed");
        // Watching starts before the harness does, so the resumed session's first event reaches this client.
        const id = table.has(r.session) ? table.resolve(r.session).id : r.session;
        const forward = (event: SessionEvent) => this.send(client, { kind: "event", session: id, event });
        if (r.attach) client.watching.get(id)?.();
        const resumed = await table.resume(r.session, r.attach ? forward : undefined).catch((err: unknown) => {
          throw launchError(err);
        });
        if (r.attach) {
          const control = this.watchControl(client, resumed.summary.id);
          if (control.current) this.send(client, { kind: "control", session: id, control: control.current });
          client.watching.set(resumed.summary.id, () => {
            resumed.stop();
            control.stop();
          });
        }
        return this.ok(client, r.req, { session: resumed.summary, notes: resumed.notes });
      }
      case "input": {
        if (table.isNative(r.session))
          throw new ServerError(
            "NATIVE_SESSION",
            `session ${table.resolve(r.session).name} is a native pane: it takes keys (the write op), not input lines`,
            "attach a TUI to it, or send its keys with write",
          );
        const handle = table.handle(r.session);
        const line = typeof r.line === "string" ? r.line : JSON.stringify(r.line);
        // What the person said is kept as they said it, before the turn it opens: many harnesses
        // never echo it, and one that does echoes hmux's wording (an answer's names its question).
        // A TUI that attaches later (or watches beside the sender) shows it as the sender's does,
        // and the session's journal keeps it, so a restored or resumed session shows it too.
        const said = userText(line);
        if (said !== null) table.said(handle.sessionId, said);
        const answer = await handle.handleLine(line, r.as === "human" ? "person" : (r.as ?? "program"));
        return this.ok(client, r.req, { session: handle.sessionId, answer: answer ?? { kind: "accepted" } });
      }
      case "kill-server":
        // Stopped for good: its sessions are not restored by the next server.
        table.forgetAllOnStop();
        this.ok(client, r.req, { pid: this.options.pid });
        return this.stop(`kill-server from client ${client.id}`);
    }
  }

  /** A session's control state to this client as it changes (its inspector shows it). */
  private watchControl(client: Client, id: string): ReturnType<SessionTable["watchControl"]> {
    return this.options.table.watchControl(id, (control) =>
      this.send(client, { kind: "control", session: id, control }),
    );
  }

  /**
   * The reply first, then the replayed events, then live ones: events arriving while the reply
   * is composed or the replay is sent are held in order, so the client sees each event exactly
   * once, after the reply. The client's next request waits until its replay is sent. A held
   * event carries when it was emitted (`at`, beside the reply's `now`): the client may fold it
   * long after, and a turn's duration is the session's, not the replay's.
   */
  private attach(client: Client, req: string, target: string, replay: number | undefined): Promise<void> | void {
    const id = this.options.table.resolve(target).id;
    client.watching.get(id)?.();
    if (this.options.table.isNative(id)) return this.attachNative(client, req, id, replay);
    const held: ServerMessage[] = [];
    let live = false;
    const forward = (event: SessionEvent, at: number) => {
      if (live) this.send(client, { kind: "event", session: id, event });
      else held.push({ kind: "event", session: id, event, at });
    };
    const watch = this.options.table.watch(id, forward, replay);
    this.watchControlAndReply(client, req, id, watch, {});
    return this.flush(client, held).then(() => {
      live = true;
    });
  }

  /**
   * An attach whose replay travels in its reply (`events`): the session's kept events are taken
   * and the watch begins in one synchronous call, and every later event is sent after the reply,
   * so the client sees each event exactly once. The client's next request waits until the
   * reply has left (a replay of a whole window is megabytes; a slow reader is waited for).
   * `times` says when each of `events` was emitted, on the clock whose `now` the reply carries.
   */
  private async attachBatched(client: Client, req: string, target: string, replay: number | undefined): Promise<void> {
    const id = this.options.table.resolve(target).id;
    if (this.options.table.isNative(id)) return this.attach(client, req, target, replay);
    client.watching.get(id)?.();
    const events: SessionEvent[] = [];
    const times: number[] = [];
    let live = false;
    const forward = (event: SessionEvent, at: number) => {
      if (live) this.send(client, { kind: "event", session: id, event });
      else {
        events.push(event);
        times.push(at);
      }
    };
    const watch = this.options.table.watch(id, forward, replay);
    live = true;
    this.watchControlAndReply(client, req, id, watch, { events, times });
    await drained(client.socket);
  }

  /**
   * What both attaches do once the event watch is in place: watch the control state too, let a
   * later attach or detach stop both, and send the reply. Synchronous, as the caller's setup is:
   * no event can arrive between the watch starting and the reply.
   */
  private watchControlAndReply(
    client: Client,
    req: string,
    id: string,
    watch: ReturnType<SessionTable["watch"]>,
    extra: { readonly events?: SessionEvent[]; readonly times?: number[] },
  ): void {
    const control = this.watchControl(client, id);
    client.watching.set(id, () => {
      watch.stop();
      control.stop();
    });
    this.ok(client, req, {
      session: watch.summary,
      replayed: watch.replayed,
      truncated: watch.dropped,
      now: watch.now,
      ...extra,
      control: control.current,
    });
  }

  /**
   * Sends what an attach held back (the replay, and what arrived meanwhile: `held` may grow while
   * this runs), in order, corked into few writes, waiting for the client to read whenever a few
   * MB wait for it: a replay is as long as the session's window, and a slow reader must not be
   * dropped for it as one that stopped reading is.
   */
  private async flush(client: Client, held: ServerMessage[]): Promise<void> {
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
  }

  /**
   * A native session's attach: as above, plus its screen in the reply and its output chunks after
   * it. Events and chunks that arrive while the screen is made wait, in their order, so the
   * client draws the screen and then every later byte exactly once.
   */
  private async attachNative(client: Client, req: string, id: string, replay: number | undefined): Promise<void> {
    const table = this.options.table;
    const held: ServerMessage[] = [];
    let live = false;
    const pass = (message: ServerMessage) => {
      if (live) this.send(client, message);
      else held.push(message);
    };
    const channel = table.native(id);
    const output = channel.watch((chunk) =>
      pass({ kind: "output", session: id, data: Buffer.from(chunk).toString("base64") }),
    );
    // Held events say when they were emitted, as a plain attach's do; live ones are news as they come.
    const watch = table.watch(
      id,
      (event, at) => pass({ kind: "event", session: id, event, ...(live ? {} : { at }) }),
      replay,
    );
    const stop = () => {
      watch.stop();
      output.stop();
    };
    client.watching.set(id, stop);
    let screen: Awaited<NativeWatch["screen"]>;
    try {
      screen = await output.screen;
    } catch (err) {
      stop();
      client.watching.delete(id);
      throw err;
    }
    this.ok(client, req, {
      session: table.resolve(id),
      replayed: watch.replayed,
      truncated: watch.dropped,
      now: watch.now,
      screen: { cols: screen.cols, rows: screen.rows, data: Buffer.from(screen.data, "utf8").toString("base64") },
    });
    await this.flush(client, held);
    live = true;
  }

  private ok(client: Client, req: string, payload: Record<string, unknown>): void {
    this.send(client, { kind: "reply", req, ok: true, ...payload });
  }

  private reply(client: Client, req: string | null, error: ServerError): void {
    this.send(client, { kind: "reply", req, ok: false, error: error.toBody() });
  }

  private send(client: Client, message: ServerMessage): void {
    const socket = client.socket;
    if (socket.destroyed) return;
    if (socket.writableLength > this.maxBuffered) {
      // A client that does not read cannot make the server hold its backlog.
      socket.destroy();
      return;
    }
    socket.write(`${JSON.stringify(message)}\n`);
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
    socket.end(`${JSON.stringify({ kind: "error", error: error.toBody() } satisfies ServerMessage)}\n`);
    socket.destroySoon?.();
  }

  private checkIdle(): void {
    if (this.stopping) return;
    const idle = this.clients.size === 0 && this.options.table.liveCount() === 0;
    if (!idle || this.options.idleExitMs === null) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      return;
    }
    if (this.idleTimer) return;
    this.idleTimer = setTimeout(() => this.stop("idle: no session and no client"), this.options.idleExitMs);
    this.idleTimer.unref?.();
  }
}

/** Resolves once a socket has written what waits in its buffer (or has closed). */
function drained(socket: Socket): Promise<void> {
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
  return new ServerError("UNAUTHORIZED", `refused: ${why}`);
}

function tokenMatches(presented: string, token: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function asServerError(err: unknown): ServerError {
  if (isServerError(err)) return err;
  return new ServerError("INTERNAL", err instanceof Error ? err.message : String(err));
}

/** What stopped a session from opening: the pipeline's refusal (with its failure summary), or what went wrong. */
function launchError(err: unknown): ServerError {
  if (isServerError(err)) return err;
  if (isRefusal(err)) {
    const failure = err.toFailure();
    return new ServerError("LAUNCH_REFUSED", err.message, failure.hint, failure);
  }
  return new ServerError("LAUNCH_REFUSED", err instanceof Error ? err.message : String(err));
}

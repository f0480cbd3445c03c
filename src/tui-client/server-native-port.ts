/**
 * A native pane whose pty runs on the hmux server, as the TUI sees it: a NativePort like a local
 * one, so the pane, its keys and its header need nothing new. The client keeps its own headless
 * terminal (the same NativeTerminal a local pane draws), fed first with the screen the attach
 * returned and then with the server's output stream; what the pane "writes to its pty" becomes
 * write and resize requests. Its state and "needs you" come from the server's events (the
 * server's copy of the pane reads the hooks), and whether the state is known from the table row.
 *
 * Closing the port detaches (the session runs on); halting it kills the session on the server.
 */
import type { CommandOutcome, SessionEvent } from "../core/control/types.js";
import type { PtyExit, PtyProcess } from "../core/exec/pty-port.js";
import { NativeTerminal } from "../native/native-terminal.js";
import type { NativeScreen, SessionSummary, TableChange } from "../protocol/index.js";
import type { ServerClient } from "../server/client.js";
import { ServerError } from "../server/errors.js";
import { type NativePort, typeInThePane } from "../ui/native/native-port.js";
import type { IntentOutcome, SessionInfo, SessionListener } from "../ui/session-port.js";
import { parseEvent, parseEvents } from "./wire-events.js";

/** The server's pty as the client's terminal drives it: output from the stream, keys and sizes as requests. */
class ServerPty implements PtyProcess {
  private readonly data = new Set<(chunk: Uint8Array) => void>();
  private readonly exits = new Set<(exit: PtyExit) => void>();
  private ended = false;

  constructor(
    private readonly client: ServerClient,
    private readonly session: string,
    readonly pid: number,
  ) {}

  onData(listener: (chunk: Uint8Array) => void): void {
    this.data.add(listener);
  }
  onExit(listener: (exit: PtyExit) => void): void {
    this.exits.add(listener);
  }
  write(data: string): void {
    // Requests go out in order and the server runs one client's requests in order, so keys
    // arrive as typed; a refusal (the session is gone) shows as the pane's exit instead.
    if (!this.ended) this.client.request({ op: "write", session: this.session, data }).catch(() => undefined);
  }
  resize(cols: number, rows: number): void {
    if (!this.ended) this.client.request({ op: "resize", session: this.session, cols, rows }).catch(() => undefined);
  }
  /** The server paces the pty against its own terminal; a client that falls behind is the socket's to bound. */
  pause(): void {}
  resume(): void {}
  kill(): void {
    if (!this.ended) this.client.request({ op: "kill", session: this.session }).catch(() => undefined);
  }

  emit(chunk: Uint8Array): void {
    for (const l of this.data) l(chunk);
  }
  end(exit: PtyExit): void {
    if (this.ended) return;
    this.ended = true;
    for (const l of this.exits) l(exit);
  }
}

export interface ServerNativeOptions {
  /** The pane's header label; the server's name for the session (`<name>·native` for a harness's own UI) when absent. */
  readonly label?: string;
  /** What the server's create said while opening it (its plan's notes): the pane shows them as a session pane does. */
  readonly launchNotes?: readonly string[];
}

export class ServerNativePort implements NativePort {
  readonly native = true as const;
  readonly kind: string;
  readonly info: SessionInfo;
  readonly terminal: NativeTerminal;
  /** The server's id of the session (rows and events name it). */
  readonly sessionId: string;
  stateKnown: boolean;
  /** The bytes that interrupt the pane's UI, as the server's row says: this client knows no harness. */
  private readonly interruptKey: string;
  private readonly listeners = new Set<SessionListener>();
  /** Events that came before the UI subscribed and started the port. */
  private early: SessionEvent[] | null = [];
  private readonly pty: ServerPty;
  private readonly stops: (() => void)[] = [];
  private gone = false;

  constructor(
    private readonly client: ServerClient,
    row: SessionSummary,
    screen: NativeScreen,
    options: ServerNativeOptions = {},
  ) {
    const native = row.native;
    if (!native)
      throw new ServerError("not-native", `session ${row.name} is not a native pane`, "attach it as a session");
    this.sessionId = row.id;
    this.kind = native.kind;
    this.stateKnown = native.stateKnown;
    this.interruptKey = native.interruptKey;
    this.info = {
      harness: native.kind,
      // The server's name for it, as every client and command shows it; a harness's own UI is marked native.
      label: options.label ?? (native.kind === "shell" ? row.name : `${row.name}·native`),
      cwd: row.cwd,
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
      native: true,
      ...(options.launchNotes && options.launchNotes.length > 0 ? { launchNotes: options.launchNotes } : {}),
    };
    this.pty = new ServerPty(client, row.id, native.pid);
    this.terminal = new NativeTerminal({
      argv: [],
      cwd: row.cwd,
      env: {},
      cols: screen.cols,
      rows: screen.rows,
      spawn: () => this.pty,
      clock: client.clock,
      // The server's terminal answered the UI's queries already; a second answer would be typed in.
      answers: false,
    });
    this.pty.emit(Buffer.from(screen.data, "base64"));
    if (native.exit) this.pty.end(native.exit);
  }

  /** One message of the server about this session, in the order the server sent them. */
  deliver(message: ServerNote): void {
    if (this.gone) return;
    switch (message.kind) {
      case "output":
        this.pty.emit(Buffer.from(message.data, "base64"));
        return;
      case "event":
        if (this.early) this.early.push(message.event);
        else for (const l of [...this.listeners]) l(message.event);
        return;
      case "table": {
        const native = message.session.native;
        if (native) this.stateKnown = native.stateKnown;
        if (native?.exit) this.pty.end(native.exit);
        else if (message.change === "removed") this.pty.end({ code: null, signal: null });
        return;
      }
    }
  }

  /** Called once the UI has subscribed: the events that came before it are handed over now. */
  start(): Promise<void> {
    const early = this.early ?? [];
    this.early = null;
    for (const event of early) for (const l of [...this.listeners]) l(event);
    return Promise.resolve();
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  input(bytes: string): void {
    this.terminal.write(bytes);
  }

  send(): Promise<IntentOutcome> {
    return Promise.resolve({ disposition: "rejected", reason: `native pane: ${typeInThePane()}` });
  }

  answer(): Promise<IntentOutcome> {
    return Promise.resolve({ disposition: "rejected", reason: `native pane: ${typeInThePane()}` });
  }

  decide(): Promise<CommandOutcome> {
    return Promise.resolve({
      result: "refused",
      refused: { code: "UNSUPPORTED_CONTROL", reason: `answer ${this.kind}'s own dialog: ${typeInThePane()}` },
    });
  }

  interrupt(): Promise<CommandOutcome> {
    if (this.terminal.exit)
      return Promise.resolve({
        result: "refused",
        refused: { code: "TOO_LATE", reason: "the pane's process has exited" },
      });
    this.terminal.write(this.interruptKey);
    return Promise.resolve({ result: "ok" });
  }

  /** Ends the session on the server (its pty is hung up there). */
  async halt(): Promise<CommandOutcome> {
    try {
      await this.client.request({ op: "kill", session: this.sessionId });
      return { result: "ok" };
    } catch (err) {
      return { result: "refused", refused: { code: "TOO_LATE", reason: (err as Error).message } };
    }
  }

  /** Detaches: this client stops following the session, which runs on. */
  async close(): Promise<void> {
    if (this.gone) return;
    this.gone = true;
    for (const stop of this.stops.splice(0)) stop();
    this.terminal.dispose();
    await this.client.request({ op: "detach", session: this.sessionId }).catch(() => undefined);
  }

  /** Ties the port's life to the listeners routing the client's messages to it. */
  own(stop: () => void): void {
    if (this.gone) stop();
    else this.stops.push(stop);
  }
}

const UNREADABLE: SessionEvent = {
  kind: "warning",
  code: "MALFORMED_EVENT",
  message: "the server sent an unreadable event",
};

/** An event line's event, checked in full; one this client cannot read is a warning in its place. */
function readEvent(value: unknown): SessionEvent {
  return parseEvent(value) ?? UNREADABLE;
}

/** What the server says about one session: its output, its events, its row. */
export type ServerNote =
  | { readonly kind: "output"; readonly data: string }
  | { readonly kind: "event"; readonly event: SessionEvent }
  | { readonly kind: "table"; readonly change: TableChange; readonly session: SessionSummary };

/**
 * Attaches to a native session on the server: its screen, then its stream. Everything the
 * client hears is noted from before the request, since the server sends the session's events
 * and output right behind the reply, before this function could start listening after it.
 */
export async function attachServerNative(
  client: ServerClient,
  target: string,
  options: ServerNativeOptions = {},
): Promise<ServerNativePort> {
  const heard: { session: string; note: ServerNote }[] = [];
  let port: ServerNativePort | null = null;
  const route = (session: string, note: ServerNote) => {
    if (!port) heard.push({ session, note });
    else if (session === port.sessionId) port.deliver(note);
  };
  const stops = [
    client.onOutput((session, data) => route(session, { kind: "output", data })),
    client.onEvent((session, event) => route(session, { kind: "event", event: readEvent(event) })),
    client.onTable((change, session) => route(session.id, { kind: "table", change, session })),
  ];
  const stopAll = () => {
    for (const stop of stops) stop();
  };
  try {
    const reply = await client.request({ op: "attach", session: target });
    const row = reply.session;
    const screen = reply.screen;
    if (!screen || !row.native) {
      await client.request({ op: "detach", session: row.id }).catch(() => undefined);
      throw new ServerError("not-native", `session ${row.name} is not a native pane`, "attach it as a session");
    }
    const opened = new ServerNativePort(client, row, screen, options);
    opened.own(stopAll);
    // The replay first (it travels in the reply), then what was heard behind the reply.
    for (const event of parseEvents(reply.events)) opened.deliver({ kind: "event", event: event ?? UNREADABLE });
    for (const h of heard.splice(0)) if (h.session === row.id) opened.deliver(h.note);
    port = opened;
    return opened;
  } catch (err) {
    stopAll();
    throw err;
  }
}

export interface ServerNativeRequest {
  /** A harness with a native pane, or "shell". */
  readonly kind: string;
  readonly cwd: string;
  readonly cols: number;
  readonly rows: number;
  readonly name?: string;
  readonly endpoint?: string;
  readonly model?: string;
}

/** Opens a native session on the server and attaches to it. */
export async function createServerNative(
  client: ServerClient,
  request: ServerNativeRequest,
  options: ServerNativeOptions = {},
): Promise<{ port: ServerNativePort; notes: readonly string[] }> {
  const reply = await client.request({ op: "create-native", ...request });
  const port = await attachServerNative(client, reply.session.id, { ...options, launchNotes: reply.notes });
  return { port, notes: reply.notes };
}

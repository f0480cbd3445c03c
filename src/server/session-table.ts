/**
 * The server's table of sessions: each one opened through the launch pipeline and the session
 * runtime (the injected launcher), named, with the events it emitted kept for clients that
 * attach later. Targets resolve as tmux's do: an exact name, an exact id, or a unique id prefix.
 * A session that ended stays listed (as closed) until it is killed, so `hmux ls` can say how it
 * ended; only live sessions keep the server from exiting.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { ClosedEvent, SessionHandle } from "../core/exec/session-types.js";
import { ServerError } from "./errors.js";
import type { CreateOptions, SessionSummary, TableChange } from "./protocol.js";

export interface CreateSpec {
  readonly harness: string;
  readonly cwd: string;
  readonly options: CreateOptions;
}

/** A session the launch pipeline opened (not yet started). */
export interface Launched {
  readonly handle: SessionHandle;
  readonly cwd: string;
  /** Lines worth telling the creating client (what an untrusted project asked for and did not get). */
  readonly notes: readonly string[];
}

/** Opens a session, or throws (a RefusalError from the pipeline becomes LAUNCH_REFUSED). */
export type Launcher = (spec: CreateSpec) => Launched;

export type TableListener = (change: TableChange, session: SessionSummary) => void;
export type EventListener = (event: SessionEvent) => void;

interface Entry {
  readonly id: string;
  name: string;
  readonly harness: string;
  readonly cwd: string;
  readonly createdAt: number;
  readonly handle: SessionHandle;
  readonly log: SessionEvent[];
  closed: ClosedEvent | null;
  /** Every event the session emitted, kept or not: tells an attaching client whether its replay is whole. */
  seen: number;
  readonly watchers: Set<EventListener>;
}

export interface SessionTableOptions {
  readonly launcher: Launcher;
  readonly now?: () => number;
  /** Events kept per session for clients that attach later; the oldest go first. */
  readonly maxKeptEvents?: number;
  /** How long a kill waits for a session to close before it forgets it anyway. */
  readonly killWaitMs?: number;
}

/** Events that change a row of `hmux ls`: every client hears of them as a table update. */
const ROW_KINDS: ReadonlySet<string> = new Set([
  "session",
  "state",
  "identity",
  "approval-request",
  "approval-disposition",
  "approval-cleared",
  "closed",
]);

export const DEFAULT_MAX_KEPT_EVENTS = 10_000;

export class SessionTable {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<TableListener>();
  private readonly now: () => number;
  private readonly maxKept: number;
  private readonly killWaitMs: number;

  constructor(private readonly options: SessionTableOptions) {
    this.now = options.now ?? Date.now;
    this.maxKept = options.maxKeptEvents ?? DEFAULT_MAX_KEPT_EVENTS;
    this.killWaitMs = options.killWaitMs ?? 15_000;
  }

  onChange(listener: TableListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens a session and starts its harness. The name must be free; a default one is made when absent. */
  async create(spec: CreateSpec, name?: string): Promise<{ summary: SessionSummary; notes: readonly string[] }> {
    if (name !== undefined) this.requireFreeName(name);
    const launched = this.options.launcher(spec);
    const { handle } = launched;
    if (this.entries.has(handle.sessionId)) {
      void handle.abort("failed");
      throw new ServerError(
        "NAME_TAKEN",
        `session id ${handle.sessionId} is already in the server's table`,
        "resume a session only while it is not running",
      );
    }
    const entry: Entry = {
      id: handle.sessionId,
      name: name ?? this.defaultName(handle.harness),
      harness: handle.harness,
      cwd: launched.cwd,
      createdAt: this.now(),
      handle,
      log: [],
      closed: null,
      seen: 0,
      watchers: new Set(),
    };
    this.entries.set(entry.id, entry);
    handle.subscribe((event) => this.onEvent(entry, event));
    this.emit("created", entry);
    await handle.start();
    return { summary: this.summary(entry), notes: launched.notes };
  }

  list(): SessionSummary[] {
    return [...this.entries.values()].sort((a, b) => a.createdAt - b.createdAt).map((e) => this.summary(e));
  }

  /** Sessions whose harness may still run: these keep the server alive. */
  liveCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (!e.closed) n += 1;
    return n;
  }

  /** The session a target names: its name, its id, or a unique prefix of its id. */
  resolve(target: string): SessionSummary {
    return this.summary(this.entry(target));
  }

  handle(target: string): SessionHandle {
    return this.entry(target).handle;
  }

  rename(target: string, name: string): SessionSummary {
    const entry = this.entry(target);
    if (entry.name === name) return this.summary(entry);
    this.requireFreeName(name);
    entry.name = name;
    this.emit("updated", entry);
    return this.summary(entry);
  }

  /**
   * Watches a session: `replay` of its kept events (all when absent) are handed over first, in
   * order, then every later one — with nothing lost or repeated between the two, since both
   * happen in this one synchronous call.
   */
  watch(
    target: string,
    listener: EventListener,
    replay?: number,
  ): { summary: SessionSummary; replayed: number; dropped: boolean; stop: () => void } {
    const entry = this.entry(target);
    const kept = replay === undefined ? entry.log : replay === 0 ? [] : entry.log.slice(-replay);
    for (const event of kept) listener(event);
    entry.watchers.add(listener);
    return {
      summary: this.summary(entry),
      replayed: kept.length,
      dropped: kept.length < entry.seen,
      stop: () => entry.watchers.delete(listener),
    };
  }

  /** Ends a session (pending calls denied, then the harness signalled) and forgets it. */
  async kill(target: string): Promise<SessionSummary> {
    const entry = this.entry(target);
    if (!entry.closed) await this.abortWithin(entry);
    const summary = this.summary(entry);
    this.entries.delete(entry.id);
    entry.watchers.clear();
    this.emit("removed", entry, summary);
    return summary;
  }

  /** Ends every live session, for a server that is stopping. */
  async killAll(): Promise<void> {
    await Promise.all([...this.entries.values()].filter((e) => !e.closed).map((e) => this.abortWithin(e)));
  }

  private async abortWithin(entry: Entry): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.killWaitMs);
    });
    await Promise.race([entry.handle.abort("killed").then(() => undefined), late]);
    clearTimeout(timer);
  }

  private onEvent(entry: Entry, event: SessionEvent): void {
    entry.log.push(event);
    if (entry.log.length > this.maxKept) entry.log.splice(0, entry.log.length - this.maxKept);
    entry.seen += 1;
    if (event.kind === "closed") entry.closed = event;
    for (const watcher of [...entry.watchers]) watcher(event);
    if (ROW_KINDS.has(event.kind) && this.entries.get(entry.id) === entry) this.emit("updated", entry);
  }

  private entry(target: string): Entry {
    const byId = this.entries.get(target);
    const byName = [...this.entries.values()].find((e) => e.name === target);
    if (byName) return byName;
    if (byId) return byId;
    const prefixed = [...this.entries.values()].filter((e) => e.id.startsWith(target));
    if (prefixed.length === 1) return prefixed[0]!;
    if (prefixed.length > 1)
      throw new ServerError(
        "AMBIGUOUS_SESSION",
        `${JSON.stringify(target)} is the start of ${prefixed.length} session ids (${prefixed.map((e) => e.name).join(", ")})`,
        "name the session, or give more of its id",
      );
    throw new ServerError(
      "NO_SUCH_SESSION",
      `no session ${JSON.stringify(target)} on this server`,
      "see `hmux ls` for the sessions it has",
    );
  }

  private requireFreeName(name: string): void {
    const holder = [...this.entries.values()].find((e) => e.name === name);
    if (holder)
      throw new ServerError(
        "NAME_TAKEN",
        `the name ${JSON.stringify(name)} is already taken by session ${holder.id}`,
        "pick another name, or rename that session first",
      );
  }

  /** `<harness>-<n>` with the smallest n not in use. */
  private defaultName(harness: string): string {
    const taken = new Set([...this.entries.values()].map((e) => e.name));
    let n = 1;
    while (taken.has(`${harness}-${n}`)) n += 1;
    return `${harness}-${n}`;
  }

  private summary(entry: Entry): SessionSummary {
    const snap = entry.handle.snapshot();
    return {
      id: entry.id,
      name: entry.name,
      harness: entry.harness,
      lifecycle: snap.lifecycle,
      cwd: entry.cwd,
      createdAt: new Date(entry.createdAt).toISOString(),
      pending: snap.pending.length,
      harnessSessionId: snap.harnessSessionId,
      ...(entry.closed ? { closed: { cause: entry.closed.cause, exitCode: entry.closed.exitCode } } : {}),
    };
  }

  private emit(change: TableChange, entry: Entry, summary: SessionSummary = this.summary(entry)): void {
    for (const listener of [...this.listeners]) listener(change, summary);
  }
}

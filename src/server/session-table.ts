/**
 * The server's table of sessions: each one opened through the launch pipeline and the session
 * runtime (the injected launcher), named, with the events it emitted kept for clients that
 * attach later. Targets resolve as an exact id, an exact name, or a unique id prefix; a name that
 * reads as an id is refused, so a name never reaches a session its id-like spelling meant.
 * A session that ended stays listed (as closed) until it is killed, so `hmux ls` can say how it
 * ended; only live sessions keep the server from exiting.
 *
 * Restore: a server starting after one that died lists that server's sessions as detached rows
 * (no handle; their journal's events kept for attaching clients), and `resume` reopens a
 * detached or ended session through the same launcher with its journal id as `options.resume`.
 * Each row is remembered beside its journal (SessionRecords) from create until kill, and its
 * name after the kill, so a resume by name or short id finds it on a later server too.
 */

import { type AuditEntry, auditOf } from "../core/control/audit.js";
import type { JournalRecord } from "../core/control/journal-format.js";
import { openQuestionAfter, type QuestionEvent } from "../core/control/open-question.js";
import { AUTO_RESUME_FAILED_WARNING } from "../core/control/restore-warnings.js";
import { saidMessage } from "../core/control/said-message.js";
import type { PendingCall, SessionEvent } from "../core/control/types.js";
import { type ControlSnapshot, controlSnapshotOf } from "../core/exec/control-snapshot.js";
import type { Clock } from "../core/exec/ports.js";
import type { ClosedEvent, SessionHandle } from "../core/exec/session-types.js";
import type { PriceTable } from "../core/usage/price-lookup.js";
import { MODEL_PRICES } from "../core/usage/prices.js";
import { SessionUsage } from "../core/usage/session-usage.js";
import type {
  CreateOptions,
  HarnessesReply,
  InboxItem,
  InputSupportSummary,
  PlanSummary,
  SessionSummary,
  SettingSummary,
  TableChange,
  WorkspaceSummary,
} from "../protocol/index.js";
import { isServerError, ServerError } from "./errors.js";
import { inboxItems } from "./inbox.js";
import { KeptEvents } from "./kept-events.js";
import type { NativeChannel } from "./native-channel.js";
import { deadlineIn } from "./pending-deadline.js";
import type { JournaledSession, RestoredSession } from "./restore.js";
import { KILLED_RECORD_FORMAT, SESSION_RECORD_FORMAT, type SessionRecords } from "./restore-records.js";
import { looksLikeSessionId } from "./session-name.js";
import { findSessionTarget } from "./session-target.js";

export interface CreateSpec {
  readonly harness: string;
  readonly cwd: string;
  readonly options: CreateOptions;
  /** A native session (the harness's own UI, or "shell" as harness) in a pty of this size. */
  readonly native?: { readonly cols: number; readonly rows: number };
}

/** A session the launch pipeline opened (not yet started). */
export interface Launched {
  readonly handle: SessionHandle;
  readonly cwd: string;
  /** Lines worth telling the creating client (what an untrusted project asked for and did not get). */
  readonly notes: readonly string[];
  /** A native session's byte side. */
  readonly native?: NativeChannel;
  /** The git worktree the session runs in, when it has one of its own. */
  readonly workspace?: WorkspaceSummary;
  /** Its resolved settings (tier, divergence): what an attaching TUI's inspector shows. */
  readonly settings?: readonly SettingSummary[];
  /** What its channel takes from a person, as the registry it launched with says. */
  readonly support?: InputSupportSummary;
}

/** Opens a session, or throws (a RefusalError from the pipeline becomes `launch-refused`); a worktree makes it async. */
export type Launcher = (spec: CreateSpec) => Launched | Promise<Launched>;

/** The harnesses a launch at a folder can use, as the registry in force there says. */
export type HarnessLister = (cwd: string) => Promise<HarnessesReply>;

/** The launch decision for a spec, as a dry run: nothing spawned, nothing created. */
export type Planner = (spec: CreateSpec) => Promise<PlanSummary>;

/** A session the table opened: its row, what to tell the client, and how to stop the watcher given. */
export interface Opened {
  readonly summary: SessionSummary;
  readonly notes: readonly string[];
  /** Its kept events by number: where the watcher given reads from when its client fell behind. */
  readonly source: KeptSource;
  readonly stop: () => void;
}

interface OpenQuestion {
  readonly event: QuestionEvent;
  readonly at: number;
  /** When it was emitted (epoch ms): a replay that starts after it still tells the pane when it was asked. */
  readonly time: number;
}

/** The question waiting once the event numbered `at`, emitted at `time`, is seen (the rule the TUI's question widget follows). */
function questionAfter(open: OpenQuestion | null, event: SessionEvent, at: number, time: number): OpenQuestion | null {
  const next = openQuestionAfter(open?.event ?? null, event);
  if (next === null) return null;
  return next === open?.event ? open : { event: next, at, time };
}

export type TableListener = (change: TableChange, session: SessionSummary) => void;
/**
 * An event, and when the session emitted it (the table's clock, epoch ms): a replay hands over the
 * kept time. `seq` is its number among every event the session emitted (from 0); a replayed event
 * that stands for what still waits (a question, a pending call) has none (-1).
 */
export type EventListener = (event: SessionEvent, at: number, seq: number) => void;

/** The kept events from a number on, for a client that fell behind (session-feed.ts). */
export interface KeptSince {
  /** The number of `events[0]`: past the one asked for when the ring no longer holds it. */
  readonly from: number;
  readonly events: readonly SessionEvent[];
  readonly times: readonly number[];
  /**
   * When some were no longer kept: what still waits for the person from before `from` (the open
   * question, each pending call's request), each with its time, as a replay starts with it.
   */
  readonly waiting: readonly { readonly event: SessionEvent; readonly at: number }[];
}

/** A session's kept events by number, at most `limit` of them: what a watch reads from when its client fell behind. */
export type KeptSource = (seq: number, limit: number) => KeptSince;
export type ControlListener = (control: ControlSnapshot) => void;

interface Entry {
  readonly id: string;
  name: string;
  readonly harness: string;
  readonly cwd: string;
  readonly createdAt: number;
  /** What it was created with: a resume opens it the same way. */
  readonly options: CreateOptions;
  /** Null while detached: restored from a dead server's journal, no harness running. */
  handle: SessionHandle | null;
  /** Set while a resume is opening it, so a second resume is refused rather than racing. */
  resuming: boolean;
  /** What the restore found: calls lost with the dead server, a journal cut mid-line. */
  restored: { readonly lostCalls: number; readonly cut: string | null; readonly problems: number } | null;
  readonly native: NativeChannel | undefined;
  /** The session's own git worktree, when it has one. */
  workspace?: WorkspaceSummary | undefined;
  /** Resolved at its last launch (a resume re-resolves them). */
  settings?: readonly SettingSummary[] | undefined;
  support?: InputSupportSummary | undefined;
  /** Its last events, each with when it was emitted (epoch ms): a replay says when, not only what. */
  readonly log: KeptEvents;
  closed: ClosedEvent | null;
  /** Every event the session emitted, kept or not: tells an attaching client whether its replay is whole. */
  seen: number;
  /** The question still waiting for its answer, and its number among the events seen: a replay may start after it. */
  question: OpenQuestion | null;
  readonly watchers: Set<EventListener>;
  /** Clients' inspectors: told the control state when it changes (see watchControl). */
  readonly controlWatchers: Set<ControlListener>;
  /** The control state last told, as JSON: a change is told once, an unchanged state never. */
  controlSent: string | null;
  /** Set while a control check waits for the events of this turn of the loop to end. */
  controlPending: boolean;
  /** Prices its usage events and keeps their totals, which its row carries. */
  readonly usage: SessionUsage;
}

export interface SessionTableOptions {
  readonly launcher: Launcher;
  /** How `plan` decides; the same decision the launcher makes, without the launch. */
  readonly planner?: Planner;
  /** What the `harnesses` op answers: the registry in force at a folder, read per request. */
  readonly harnesses?: HarnessLister;
  /** Stamps rows, events and kills, and times how long a kill waits: the composition root's clock, a test's fake. */
  readonly clock: Clock;
  /** Events kept per session for clients that attach later; the oldest go first. */
  readonly maxKeptEvents?: number;
  /** How long a kill waits for a session to close before it forgets it anyway. */
  readonly killWaitMs?: number;
  /** Where each row is remembered for a server that restores after a crash; nothing is kept when absent. */
  readonly records?: SessionRecords;
  /**
   * A session no row holds any more (killed, or never this server's) that its journal can still
   * resume: its id, harness and cwd; null when there is no such journal.
   */
  readonly journaled?: (target: string) => JournaledSession | null;
  /** Where the table says what went wrong that no request is waiting to hear (a record not saved). */
  readonly log?: (line: string) => void;
  /** A session's whole journal, by its exact id (the audit trail reads it); null when it has none. */
  readonly journal?: (id: string) => readonly JournalRecord[] | null;
  /** What usage is priced by: the one price table (core/usage/prices.ts) unless a test hands its own. */
  readonly prices?: PriceTable;
}

/** One decision of the audit trail, with the row it belongs to where the table still has it. */
export type AuditRow = AuditEntry & { readonly name?: string; readonly harness?: string };

/** Events that change a row of `hmux ls`: every client hears of them as a table update. */
const ROW_KINDS: ReadonlySet<string> = new Set([
  "session",
  "usage",
  "state",
  "identity",
  "approval-request",
  "approval-disposition",
  "approval-cleared",
  "closed",
]);

export const DEFAULT_MAX_KEPT_EVENTS = 10_000;

/**
 * `server.autoResume`: every detached row resumed, one after another. One that fails stays
 * detached, and says why in its own transcript as well as the server's log.
 */
export async function resumeDetached(table: SessionTable, log: (line: string) => void): Promise<void> {
  for (const s of table.list().filter((row) => row.lifecycle === "detached")) {
    try {
      await table.resume(s.id);
      log(`auto-resumed ${s.name} (${s.id})`);
    } catch (err) {
      const why = `auto-resume failed; the session stays detached: ${(err as Error).message}`;
      log(`${s.name} (${s.id}): ${why}`);
      table.note(s.id, { kind: "warning", code: AUTO_RESUME_FAILED_WARNING, message: why });
    }
  }
}

export class SessionTable {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<TableListener>();
  private readonly maxKept: number;
  private readonly killWaitMs: number;
  private forgetOnStop = false;
  /**
   * Rows killed, id → name, oldest kill first: by this server, and by earlier ones as their
   * killed records say. A resume by name or short id finds them, and keeps the name.
   */
  private readonly killed = new Map<string, string>();

  constructor(private readonly options: SessionTableOptions) {
    this.maxKept = options.maxKeptEvents ?? DEFAULT_MAX_KEPT_EVENTS;
    this.killWaitMs = options.killWaitMs ?? 15_000;
    this.readKilled();
  }

  private readKilled(): void {
    try {
      const read = this.options.records?.killed();
      for (const r of read?.records ?? []) this.killed.set(r.id, r.name);
      for (const p of read?.problems ?? []) this.options.log?.(`a killed session's name is not known: ${p}`);
    } catch (err) {
      this.options.log?.(`the names of killed sessions are not known: ${(err as Error).message}`);
    }
  }

  onChange(listener: TableListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What a launch at `cwd` can use (a dialog's list); nothing is opened. */
  harnesses(cwd: string): Promise<HarnessesReply> {
    const lister = this.options.harnesses;
    if (!lister) throw new ServerError("internal", "this server was started without a harness list");
    return lister(cwd);
  }

  /** What a create of `spec` would decide, refusals included; nothing is opened. */
  plan(spec: CreateSpec): Promise<PlanSummary> {
    const planner = this.options.planner;
    if (!planner) throw new ServerError("internal", "this server was started without a planner");
    return planner(spec);
  }

  /** Opens a session and starts its harness. The name must be free; a default one is made when absent. */
  async create(
    spec: CreateSpec,
    name?: string,
    /** Watches it from its first event (a client resuming a session it shows). */
    watcher?: EventListener,
  ): Promise<Opened> {
    return this.open(spec, name, watcher, null);
  }

  /** `create`, continuing a journaled session's row: its history kept for attaching clients, its age its own. */
  private async open(
    spec: CreateSpec,
    name: string | undefined,
    watcher: EventListener | undefined,
    earlier: JournaledSession | null,
  ): Promise<Opened> {
    if (name !== undefined) this.requireFreeName(name);
    const launched = await this.options.launcher(spec);
    const { handle } = launched;
    if (name !== undefined && [...this.entries.values()].some((e) => e.name === name)) {
      // Another create took the name while this one launched.
      void handle.abort("failed");
      this.requireFreeName(name);
    }
    if (this.entries.has(handle.sessionId)) {
      void handle.abort("failed");
      throw new ServerError(
        "name-taken",
        `session id ${handle.sessionId} is already in the server's table`,
        "resume a session only while it is not running",
      );
    }
    const entry: Entry = {
      id: handle.sessionId,
      name: name ?? this.defaultName(handle.harness),
      harness: handle.harness,
      cwd: launched.cwd,
      createdAt: earlier?.createdAt ?? this.options.clock.now(),
      options: spec.options,
      handle,
      resuming: false,
      restored: null,
      native: launched.native,
      workspace: launched.workspace,
      settings: launched.settings,
      support: launched.support,
      ...this.history(earlier?.events ?? [], earlier?.times ?? [], earlier?.seen ?? 0, spec.options.model),
      closed: null,
      watchers: new Set(),
      controlWatchers: new Set(),
      controlSent: null,
      controlPending: false,
    };
    this.entries.set(entry.id, entry);
    this.killed.delete(entry.id);
    this.remember(entry);
    handle.subscribe((event) => this.onEvent(entry, event));
    if (watcher) entry.watchers.add(watcher);
    this.emit("created", entry);
    await handle.start();
    if (spec.options.prompt !== undefined) {
      // The first prompt is what a person said too: journaled before its turn, as a later send is.
      this.said(entry.id, spec.options.prompt);
      await handle.send("hmux-prompt-1", spec.options.prompt);
    }
    return {
      summary: this.summary(entry),
      notes: launched.notes,
      source: this.sourceOf(entry),
      stop: () => entry.watchers.delete(watcher!),
    };
  }

  /** Lists a dead server's sessions as detached rows (a name already taken gets a fresh one). */
  restore(sessions: readonly RestoredSession[]): SessionSummary[] {
    const added: SessionSummary[] = [];
    for (const s of sessions) {
      if (this.entries.has(s.record.id)) continue;
      // A name taken, or one an older server let read as an id, gets a fresh one.
      const taken =
        looksLikeSessionId(s.record.name) ||
        this.entries.has(s.record.name) ||
        [...this.entries.values()].some((e) => e.name === s.record.name);
      const entry: Entry = {
        id: s.record.id,
        name: taken ? this.defaultName(s.record.harness) : s.record.name,
        harness: s.record.harness,
        cwd: s.record.cwd,
        createdAt: s.record.createdAt,
        options: s.record.options,
        handle: null,
        resuming: false,
        restored: { lostCalls: s.lostCalls.length, cut: s.cut, problems: s.problems },
        native: undefined,
        support: s.support,
        ...this.history(s.events, s.times ?? [], s.seen, s.record.options.model),
        closed: null,
        watchers: new Set(),
        controlWatchers: new Set(),
        controlSent: null,
        controlPending: false,
      };
      this.entries.set(entry.id, entry);
      if (taken) this.remember(entry);
      this.emit("created", entry);
      added.push(this.summary(entry));
    }
    return added;
  }

  /**
   * Reopens a detached or ended session: the launcher continues its journal (`options.resume` =
   * its id), so the harness resumes its own conversation. A running session is refused. A
   * session no longer in the table (a halted pane's, killed) comes back as a new row when its
   * journal can resume it. `watcher` hears it from the resumed session's first event.
   */
  async resume(target: string, watcher?: EventListener): Promise<Opened> {
    let entry: Entry;
    try {
      entry = this.entry(target);
    } catch (err) {
      if (!isServerError(err) || err.code !== "no-such-session") throw err;
      const gone = this.goneSession(target);
      if (!gone) throw err;
      // It comes back under the name it was killed with, unless another row took it meanwhile.
      const name = this.killed.get(gone.id);
      return this.open(
        { harness: gone.harness, cwd: gone.cwd, options: { resume: gone.id } },
        name !== undefined && this.nameFree(name) ? name : undefined,
        watcher,
        gone,
      );
    }
    if (entry.native)
      throw new ServerError(
        "native-session",
        `session ${entry.name} is a native pane: its pty cannot be resumed once it ended`,
        `open a new one (hmux kill ${entry.name} removes this row)`,
      );
    if (entry.resuming || (entry.handle && !entry.closed))
      throw new ServerError(
        "session-live",
        `session ${entry.name} (${entry.id}) is ${entry.resuming ? "already being resumed" : "running"}: there is nothing to resume`,
        `attach to it (hmux attach -t ${entry.name}), or end it first (hmux kill ${entry.name})`,
      );
    entry.resuming = true;
    let launched: Launched;
    try {
      launched = await this.options.launcher({
        harness: entry.harness,
        cwd: entry.cwd,
        options: { ...entry.options, resume: entry.id },
      });
    } finally {
      entry.resuming = false;
    }
    const { handle } = launched;
    if (handle.sessionId !== entry.id || this.entries.get(entry.id) !== entry) {
      void handle.abort("failed");
      throw new ServerError(
        "internal",
        `resuming ${entry.name} opened session ${handle.sessionId}, not ${entry.id}, or the row went away meanwhile`,
      );
    }
    entry.handle = handle;
    entry.closed = null;
    if (launched.settings) entry.settings = launched.settings;
    if (launched.support) entry.support = launched.support;
    handle.subscribe((event) => {
      if (entry.handle === handle) this.onEvent(entry, event);
    });
    if (watcher) entry.watchers.add(watcher);
    this.emit("updated", entry);
    await handle.start();
    return {
      summary: this.summary(entry),
      notes: launched.notes,
      source: this.sourceOf(entry),
      stop: () => entry.watchers.delete(watcher!),
    };
  }

  /** A row's kept events from an earlier life (a journal), and the question they leave waiting; a time unknown is now. */
  private history(
    journaled: readonly SessionEvent[],
    times: readonly number[],
    seen: number,
    model: string | undefined,
  ): Pick<Entry, "log" | "seen" | "question" | "usage"> {
    const usage = new SessionUsage(model, this.options.prices ?? MODEL_PRICES);
    const events = journaled.map((event) => usage.take(event));
    const now = this.options.clock.now();
    const at = events.map((_, i) => (Number.isFinite(times[i]) ? times[i]! : now));
    const question = events.reduce<OpenQuestion | null>(
      (open, event, i) => questionAfter(open, event, seen - events.length + i, at[i]!),
      null,
    );
    const log = new KeptEvents(this.maxKept);
    for (let i = 0; i < events.length; i++) log.push(events[i]!, at[i]!);
    return { log, seen, question, usage };
  }

  /**
   * What a person sent or answered, kept as they said it: through a running session's handle it
   * is journaled in order with the session's own events, so a restored or resumed session's
   * replay shows it where it was said, as the live one does.
   */
  said(target: string, text: string): void {
    const entry = this.entry(target);
    const event = saidMessage(text);
    if (entry.handle) entry.handle.note(event);
    else this.onEvent(entry, event);
  }

  /** An event the server itself says about a session (kept and sent to its watchers, not journaled). */
  note(target: string, event: SessionEvent): void {
    this.onEvent(this.entry(target), event);
  }

  /** A server told to stop for good (kill-server): its rows are forgotten, not restored by the next one. */
  forgetAllOnStop(): void {
    this.forgetOnStop = true;
  }

  list(): SessionSummary[] {
    return [...this.entries.values()].sort((a, b) => a.createdAt - b.createdAt).map((e) => this.summary(e));
  }

  /** Every call waiting for a decision and every question waiting for its answer, oldest first. */
  inbox(): InboxItem[] {
    const sources = [...this.entries.values()]
      .filter((e) => e.handle && !e.closed)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((e) => ({
        id: e.id,
        name: e.name,
        harness: e.harness,
        pending: e.handle!.snapshot().pending,
        question: e.question ? { event: e.question.event, time: e.question.time } : null,
      }));
    return inboxItems(sources, this.options.clock.now());
  }

  /**
   * Every decision the journal of `target` records (or of every row the table lists), oldest
   * first: read from the journal file, so what a dead server's sessions decided is there too.
   * A target no row holds is read by its exact id, as a resume reads a killed session's journal.
   */
  audit(target?: string): AuditRow[] {
    const read = this.options.journal;
    if (!read) throw new ServerError("internal", "this server was started without its journals");
    const rows: { id: string; name?: string; harness?: string }[] = [];
    if (target === undefined) {
      for (const e of [...this.entries.values()].sort((a, b) => a.createdAt - b.createdAt))
        if (!e.native) rows.push({ id: e.id, name: e.name, harness: e.harness });
    } else if (this.has(target)) {
      const e = this.entry(target);
      rows.push({ id: e.id, name: e.name, harness: e.harness });
    } else if (read(target) !== null) rows.push({ id: target });
    else this.entry(target);
    const all: AuditRow[] = [];
    for (const row of rows) {
      const records = read(row.id) ?? [];
      for (const entry of auditOf(records))
        all.push({
          ...entry,
          ...(row.name !== undefined ? { name: row.name } : {}),
          ...(row.harness !== undefined ? { harness: row.harness } : {}),
        });
    }
    return all.sort((a, b) => Date.parse(a.decidedAt) - Date.parse(b.decidedAt));
  }

  /** Sessions whose harness may still run: these keep the server alive (a detached one does not). */
  liveCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if ((e.handle && !e.closed) || e.resuming) n += 1;
    return n;
  }

  /** Whether a target names a row of the table. */
  has(target: string): boolean {
    try {
      this.entry(target);
      return true;
    } catch {
      return false;
    }
  }

  /** The session a target names: its id, its name, or a unique prefix of its id. */
  resolve(target: string): SessionSummary {
    return this.summary(this.entry(target));
  }

  /** The running session a target names; a detached one has none until it is resumed. */
  handle(target: string): SessionHandle {
    const entry = this.entry(target);
    if (entry.handle) return entry.handle;
    throw new ServerError(
      "session-detached",
      `session ${entry.name} (${entry.id}) is detached: its server died and no harness runs for it`,
      `resume it first: hmux resume ${entry.name}`,
    );
  }

  /** A native session's byte side; `not-native` for a session that has an event stream instead. */
  native(target: string): NativeChannel {
    const entry = this.entry(target);
    if (entry.native) return entry.native;
    throw new ServerError(
      "not-native",
      `session ${entry.name} is not a native pane: it takes input lines, not keys`,
      "send it messages with the input op (or attach a TUI to it)",
    );
  }

  /** Whether a session is a native pane (which takes keys, not input lines). */
  isNative(target: string): boolean {
    return this.entry(target).native !== undefined;
  }

  rename(target: string, name: string): SessionSummary {
    const entry = this.entry(target);
    if (entry.name === name) return this.summary(entry);
    this.requireFreeName(name);
    entry.name = name;
    this.remember(entry);
    this.emit("updated", entry);
    return this.summary(entry);
  }

  /**
   * Watches a session: `replay` of its kept events (all when absent) are handed over first, in
   * order, then every later one — with nothing lost or repeated between the two, since both
   * happen in this one synchronous call. What still waits for the person but is older than the
   * replay comes first, so a windowed pane still shows it: the open question, then the request of
   * each call waiting for a decision. Each comes with when it was emitted, and `now` is the
   * table's clock at the replay, so a client can place those times on its own clock.
   */
  watch(
    target: string,
    listener: EventListener,
    replay?: number,
  ): {
    summary: SessionSummary;
    replayed: number;
    dropped: boolean;
    now: number;
    /** The number of the first event the listener hears live. */
    next: number;
    source: KeptSource;
    stop: () => void;
  } {
    const entry = this.entry(target);
    const { events: kept, times } = entry.log.newest(replay ?? entry.log.length);
    const first = entry.seen - kept.length;
    if (replay !== 0) for (const w of this.waitingBefore(entry, kept)) listener(w.event, w.at, -1);
    for (let i = 0; i < kept.length; i++) listener(kept[i]!, times[i]!, first + i);
    entry.watchers.add(listener);
    return {
      now: this.options.clock.now(),
      summary: this.summary(entry),
      replayed: kept.length,
      dropped: kept.length < entry.seen,
      next: entry.seen,
      source: this.sourceOf(entry),
      stop: () => entry.watchers.delete(listener),
    };
  }

  /** A session's kept events by number, read from this row even after it left the table. */
  source(target: string): KeptSource {
    return this.sourceOf(this.entry(target));
  }

  private sourceOf(entry: Entry): KeptSource {
    return (seq, limit) => {
      const from = Math.max(seq, entry.seen - entry.log.length);
      const { events, times } = entry.log.slice(from - (entry.seen - entry.log.length), limit);
      return {
        from,
        events,
        times,
        waiting: from > seq ? this.waitingBefore(entry, entry.log.newest(entry.seen - from).events) : [],
      };
    };
  }

  /** What still waits for the person but is older than the `kept` events: the open question, then each pending call's request. */
  private waitingBefore(entry: Entry, kept: readonly SessionEvent[]): { event: SessionEvent; at: number }[] {
    const waiting: { event: SessionEvent; at: number }[] = [];
    const question = entry.question;
    if (question && question.at < entry.seen - kept.length) waiting.push({ event: question.event, at: question.time });
    for (const call of this.pendingBefore(entry, kept))
      waiting.push({ event: { kind: "approval-request", call }, at: call.openedAt });
    return waiting;
  }

  /**
   * Watches a session's control state (frame, posture, pending calls, census) for an
   * inspector: `current` now (null while no harness runs it), then the state again whenever
   * it changed — checked once per turn of the event loop after the session's events, so a
   * burst of events is one message, and a state that did not change is none.
   */
  watchControl(target: string, listener: ControlListener): { current: ControlSnapshot | null; stop: () => void } {
    const entry = this.entry(target);
    const current = entry.handle ? controlSnapshotOf(entry.handle.snapshot()) : null;
    if (current) entry.controlSent = JSON.stringify(current);
    entry.controlWatchers.add(listener);
    return { current, stop: () => entry.controlWatchers.delete(listener) };
  }

  private controlChanged(entry: Entry): void {
    if (entry.controlPending || entry.controlWatchers.size === 0) return;
    entry.controlPending = true;
    setImmediate(() => {
      entry.controlPending = false;
      if (!entry.handle || entry.controlWatchers.size === 0) return;
      const control = controlSnapshotOf(entry.handle.snapshot());
      const json = JSON.stringify(control);
      if (json === entry.controlSent) return;
      entry.controlSent = json;
      for (const listener of [...entry.controlWatchers]) listener(control);
    });
  }

  /** The calls that wait for a decision now but were asked before the `kept` events. */
  private pendingBefore(entry: Entry, kept: readonly SessionEvent[]): PendingCall[] {
    const pending = entry.handle?.snapshot().pending ?? [];
    if (pending.length === 0) return [];
    const asked = new Set<string>();
    for (const event of kept) if (event.kind === "approval-request") asked.add(event.call.callId);
    return pending.filter((call) => !asked.has(call.callId));
  }

  /** Ends a session (pending calls denied, then the harness signalled) and forgets it, so no later server restores it. */
  async kill(target: string): Promise<SessionSummary> {
    const entry = this.entry(target);
    if (entry.handle && !entry.closed) await this.abortWithin(entry.handle);
    const summary = this.summary(entry);
    this.entries.delete(entry.id);
    entry.watchers.clear();
    entry.controlWatchers.clear();
    this.forget(entry);
    this.emit("removed", entry, summary);
    return summary;
  }

  /**
   * Ends every live session, for a server that is stopping. Their rows stay remembered (a
   * machine shutting down sends SIGTERM; the next server restores them) unless the server was
   * told to stop for good.
   */
  async killAll(): Promise<void> {
    const entries = [...this.entries.values()];
    await Promise.all(entries.filter((e) => e.handle && !e.closed).map((e) => this.abortWithin(e.handle!)));
    if (this.forgetOnStop) for (const e of entries) this.forget(e);
  }

  private async abortWithin(handle: SessionHandle): Promise<void> {
    const clock = this.options.clock;
    let timer: unknown;
    const late = new Promise<void>((resolve) => {
      timer = clock.setTimeout(resolve, this.killWaitMs);
    });
    await Promise.race([handle.abort("killed").then(() => undefined), late]);
    clock.clearTimeout(timer);
  }

  private remember(entry: Entry): void {
    // A native pane has no journal to resume from: a dead server's pty is gone with it.
    if (entry.native) return;
    try {
      this.options.records?.save({
        format: SESSION_RECORD_FORMAT,
        id: entry.id,
        name: entry.name,
        harness: entry.harness,
        cwd: entry.cwd,
        createdAt: entry.createdAt,
        options: entry.options,
      });
    } catch (err) {
      this.options.log?.(
        `session ${entry.name} (${entry.id}) cannot be restored after a crash: ${(err as Error).message}`,
      );
    }
  }

  /** The row is gone for good; its name stays known (here and to later servers) for a resume. */
  private forget(entry: Entry): void {
    if (entry.native) return;
    const killedAt = this.options.clock.now();
    this.killed.delete(entry.id);
    this.killed.set(entry.id, entry.name);
    try {
      this.options.records?.forget(
        { format: KILLED_RECORD_FORMAT, id: entry.id, name: entry.name, killedAt },
        entry.handle === null,
      );
    } catch (err) {
      this.options.log?.(`session ${entry.name} (${entry.id}) was not forgotten: ${(err as Error).message}`);
    }
  }

  private onEvent(entry: Entry, emitted: SessionEvent): void {
    const event = entry.usage.take(emitted);
    const at = this.options.clock.now();
    entry.log.push(event, at);
    entry.question = questionAfter(entry.question, event, entry.seen, at);
    const seq = entry.seen;
    entry.seen += 1;
    if (event.kind === "closed") entry.closed = event;
    for (const watcher of [...entry.watchers]) watcher(event, at, seq);
    this.controlChanged(entry);
    if (ROW_KINDS.has(event.kind) && this.entries.get(entry.id) === entry) this.emit("updated", entry);
  }

  /** An exact id first, then a name, then a unique id prefix: a name can never stand for another session's id. */
  private entry(target: string): Entry {
    return this.entries.get(target) ?? findSessionTarget(this.entries.values(), target);
  }

  /**
   * A session no row holds that `target` names, from its journal: an exact id first (killed
   * here or not), then the name a killed row had (the latest kill), then a unique start of a
   * killed row's id — the order of session-target.ts, so a name never stands for an id.
   */
  private goneSession(target: string): JournaledSession | null {
    const journaled = this.options.journaled;
    if (!journaled) return null;
    const exact = journaled(target);
    if (exact) return exact;
    const killed = [...this.killed];
    const named = killed.filter(([, name]) => name === target && !looksLikeSessionId(name)).at(-1);
    if (named) return journaled(named[0]);
    const prefixed = killed.filter(([id]) => id.startsWith(target));
    return prefixed.length === 1 ? journaled(prefixed[0]![0]) : null;
  }

  /** Whether a name is free and could be given (requireFreeName would not refuse it). */
  private nameFree(name: string): boolean {
    return (
      !looksLikeSessionId(name) && !this.entries.has(name) && ![...this.entries.values()].some((e) => e.name === name)
    );
  }

  /** A name that is free and cannot be read as a session id (see session-name.ts). */
  private requireFreeName(name: string): void {
    const owner = this.entries.get(name);
    if (owner || looksLikeSessionId(name))
      throw new ServerError(
        "name-like-id",
        owner
          ? `the name ${JSON.stringify(name)} is the id of session ${owner.name}: a name may not shadow an id`
          : `the name ${JSON.stringify(name)} reads as a session id (only hex digits and dashes, 8 or more digits): targets by id would reach it`,
        owner ? "pick another name" : "pick a name with a letter other than a–f in it, e.g. the harness and a word",
      );
    const holder = [...this.entries.values()].find((e) => e.name === name);
    if (holder)
      throw new ServerError(
        "name-taken",
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
    const snap = entry.handle?.snapshot() ?? null;
    return {
      id: entry.id,
      name: entry.name,
      harness: entry.harness,
      lifecycle: snap ? snap.lifecycle : entry.resuming ? "resuming" : "detached",
      cwd: entry.cwd,
      createdAt: new Date(entry.createdAt).toISOString(),
      pending: snap ? snap.pending.length : 0,
      ...deadlineIn(snap?.pending ?? [], this.options.clock.now()),
      harnessSessionId: snap ? snap.harnessSessionId : this.restoredIdentity(entry),
      ...(entry.closed ? { closed: { cause: entry.closed.cause, exitCode: entry.closed.exitCode } } : {}),
      ...(entry.restored ? { restored: entry.restored } : {}),
      ...(entry.native ? { native: entry.native.summary() } : {}),
      ...(entry.workspace ? { workspace: entry.workspace } : {}),
      ...(entry.options.label !== undefined ? { label: entry.options.label } : {}),
      ...(entry.options.prompt !== undefined ? { prompt: entry.options.prompt } : {}),
      ...(entry.options.model !== undefined ? { model: entry.options.model } : {}),
      ...(entry.options.effort !== undefined ? { effort: entry.options.effort } : {}),
      ...(entry.settings ? { settings: entry.settings } : {}),
      ...(entry.support ? { support: entry.support } : {}),
      ...(entry.usage.totals.records > 0 ? { usage: entry.usage.totals } : {}),
    };
  }

  /** A detached row's harness session id: the last identity its journal recorded. */
  private restoredIdentity(entry: Entry): string | null {
    const identity = entry.log.findLast((e) => e.kind === "identity");
    return identity?.kind === "identity" ? identity.sessionId : null;
  }

  private emit(change: TableChange, entry: Entry, summary: SessionSummary = this.summary(entry)): void {
    for (const listener of [...this.listeners]) listener(change, summary);
  }
}

/**
 * One client's watch of one session's events: each event is written as it comes while the client
 * keeps up; once it is behind (client-outbox.ts) nothing more is queued for it, only the number
 * of the next event it is to get, and when it has room again it is sent what it missed from the
 * session's kept events (the ring an attach replays), each with when it was emitted, then the
 * events are live again. So a slow client ends with the very events a fast one saw, and the
 * server holds a number for it instead of its backlog.
 *
 * When the ring no longer holds all it missed (more than the ring's worth came meanwhile), the
 * client gets a warning saying how many were not sent, then what still waits for the person from
 * before the ring (the open question, each pending call's request), as an attach's replay starts,
 * then the ring.
 */
import { eventJson } from "../core/control/event-json.js";
import { EVENTS_NOT_SENT_WARNING } from "../core/control/events-not-sent.js";
import type { SessionEvent } from "../core/control/types.js";
import type { ClientOutbox } from "./client-outbox.js";
import type { EventListener, KeptSource } from "./session-table.js";

/** Kept events read at a time: a catch-up copies no more of the ring than it can write. */
const CATCH_UP_BATCH = 256;

export class SessionFeed {
  /** The number of the next event to send; null until the first one is heard (a resume's watch). */
  private next: number | null = null;
  private source: KeptSource | null = null;
  /** Events are due that were not sent: they go from the kept ring. */
  private behind = false;
  /** Until `start`: an attach's reply has not been written yet. */
  private held = true;
  private stopped = false;

  constructor(
    private readonly session: string,
    private readonly outbox: ClientOutbox,
  ) {}

  /** Hears the session's events (the table's watcher); one numbered below the next to send was sent already. */
  readonly hear: EventListener = (event, _at, seq) => {
    if (this.stopped || seq < 0) return;
    this.next ??= seq;
    if (seq < this.next) return;
    if (!this.behind && !this.held && seq === this.next && this.outbox.hasRoom) {
      this.outbox.writeLine(eventLine(this.session, event));
      this.next = seq + 1;
      return;
    }
    if (this.behind) return;
    this.behind = true;
    if (!this.held) this.outbox.whenRoom(this.catchUp);
  };

  /**
   * Starts sending: from event `next` (the one after a replay; null: the first heard), reading what
   * it missed from `source`. What was heard before this goes first.
   */
  start(next: number | null, source: KeptSource): void {
    if (next !== null) this.next = next;
    this.source = source;
    this.held = false;
    if (this.behind) this.catchUp();
  }

  stop(): void {
    this.stopped = true;
  }

  private readonly catchUp = (): void => {
    if (this.stopped || this.source === null || this.next === null) return;
    const kept = this.source(this.next, CATCH_UP_BATCH);
    if (kept.from > this.next) {
      const missed = kept.from - this.next;
      this.outbox.writeLine(eventLine(this.session, notSent(missed)));
      for (const w of kept.waiting) this.outbox.writeLine(eventLine(this.session, w.event, w.at));
      this.next = kept.from;
    }
    for (let i = 0; i < kept.events.length; i++) {
      if (!this.outbox.hasRoom) {
        this.next = kept.from + i;
        this.outbox.whenRoom(this.catchUp);
        return;
      }
      this.outbox.writeLine(eventLine(this.session, kept.events[i]!, kept.times[i]));
    }
    this.next = kept.from + kept.events.length;
    // A batch short of the limit reached the newest event: the watch is live again.
    if (kept.events.length < CATCH_UP_BATCH) this.behind = false;
    else this.catchUp();
  };
}

function notSent(missed: number): SessionEvent {
  return {
    kind: "warning",
    code: EVENTS_NOT_SENT_WARNING,
    message: `${missed} events of this session were not shown here: this client read slower than they came, and the server no longer keeps them`,
  };
}

/** An event message's line, the event encoded once for the journal and all the clients that get it; `at` for one sent late. */
function eventLine(session: string, event: SessionEvent, at?: number): string {
  const tail = at === undefined ? "}" : `,"at":${at}}`;
  return `{"kind":"event","session":${JSON.stringify(session)},"event":${eventJson(event)}${tail}\n`;
}

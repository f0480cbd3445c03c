/**
 * The per-session view model: only what a pane and the rail show. It is immutable: every
 * event yields a new view (and new objects for the entries it changed), so a pane compares
 * its view by identity and skips work when its session is quiet. The full transcript lives
 * in the core's journal; this keeps a bounded tail for scrollback.
 */

import type { AllowRule } from "../../core/control/allow-rules.js";
import type { CommandOutcome, Lifecycle, PendingCall } from "../../core/control/types.js";
import type { FailureSummary } from "../../core/events.js";
import { NO_USAGE, type UsageTotals } from "../../core/usage/totals.js";
import type { SessionInfo } from "../session-port.js";

/** lost: it waited for a decision when the server holding it died; nobody approved it and hmux did not run it. */
/** `missed`: it waited for a decision, and what became of it was among the events a slow client was not sent. */
export type ToolStatus = "pending" | "running" | "ok" | "failed" | "denied" | "lost" | "missed";

interface EntryBase {
  /** Monotonic per session: a stable scroll anchor that survives eviction. */
  readonly seq: number;
}

export type TranscriptEntry = EntryBase &
  (
    | {
        readonly kind: "message";
        readonly role: "assistant" | "user";
        readonly text: string;
        readonly streaming: boolean;
      }
    | { readonly kind: "thinking"; readonly text: string; readonly streaming: boolean }
    | {
        readonly kind: "tool";
        readonly callId: string | null;
        readonly name: string;
        readonly summary: string;
        readonly status: ToolStatus;
        readonly output: string;
        readonly reason?: string;
        /** The person replaced the input: `summary` is what ran, not what the model asked. */
        readonly edited?: boolean;
        /** A session rule allowed it without asking anybody (its id), so the pane says so. */
        readonly byRule?: string;
      }
    | { readonly kind: "turn-start"; readonly turnId: string; readonly at: number }
    | {
        readonly kind: "turn-end";
        readonly turnId: string;
        readonly at: number;
        readonly durationMs: number;
        readonly cause: string;
      }
    | { readonly kind: "disposition"; readonly id: string; readonly started: boolean; readonly reason?: string }
    | { readonly kind: "failure"; readonly failure: FailureSummary }
    | { readonly kind: "notice"; readonly text: string; readonly tone: "info" | "warn" | "error" }
  );

export interface OpenQuestion {
  readonly question: string;
  readonly options: readonly string[];
  readonly recommended?: string;
  /**
   * Found in a finished assistant message (the hcn-question convention) rather than sent as
   * a question event: the session is idle, so the answer goes as the next turn.
   */
  readonly viaText?: boolean;
  /** When the question reached the UI (ms), so the longest-waiting request can be found. */
  readonly askedAt?: number;
}

/**
 * A setting the harness said it is not running as asked (codex without the sandbox it was
 * given): the user must see it, like a setting the harness cannot express.
 */
export interface RuntimeDivergence {
  readonly key: string;
  readonly asked: string;
  readonly runs: string;
  /** The harness's own words. */
  readonly notice: string;
}

/** One decision on one of the session's calls, as its record said who made it (the inspector's part of `hmux audit`). */
export interface DecisionLine {
  readonly at: number;
  readonly callId: string;
  readonly tool: string;
  readonly decision: string;
  /** Who decided, in words: `person via hmux tui on box`, `rule r1 (allows …)`, `policy: …`. */
  readonly by: string;
}

export interface CommandLogLine {
  readonly at: number;
  readonly id: string | null;
  readonly outcome: CommandOutcome;
}

/**
 * A pane's state: the session's lifecycle, or `detached` — restored after the hmux server that
 * ran it died, no harness running until someone resumes it (it has not failed).
 */
export type PaneLifecycle = Lifecycle | "detached";

export interface SessionView {
  /** Local key; stable for the life of the TUI. */
  readonly key: string;
  readonly info: SessionInfo;
  /** hmux's id for the session, from its `session` event. */
  readonly sessionId: string | null;
  /** The harness's own id for its conversation (its `identity` event): not one hmux's commands take. */
  readonly harnessSessionId: string | null;
  readonly model: string | null;
  readonly lifecycle: PaneLifecycle;
  readonly lifecycleReason: string | undefined;
  readonly turn: { readonly id: string; readonly startedAt: number } | null;
  /**
   * What the session spent: the server's row when it says (it priced every record), else the
   * usage events added up as they came (already priced by the server; a client prices nothing).
   */
  readonly usage: UsageTotals;
  /** A harness's own context reading in percent (a `context` event), when it gives one. */
  readonly contextPct: number | null;
  readonly entries: readonly TranscriptEntry[];
  readonly nextSeq: number;
  /** Entries dropped off the front of the bounded tail. */
  readonly evicted: number;
  /** Open approval requests in arrival order: the head is the one shown. */
  readonly approvals: readonly PendingCall[];
  readonly question: OpenQuestion | null;
  readonly lastFailure: FailureSummary | null;
  readonly commandLog: readonly CommandLogLine[];
  /** The session's decisions this TUI has seen, oldest first (bounded; `hmux audit` reads them all from the journal). */
  readonly decisions: readonly DecisionLine[];
  readonly closed: boolean;
  /** The session lets the worker ask (its `session` event said so). */
  readonly escalateQuestions: boolean;
  /**
   * What the harness said on the side (stderr lines, its own warnings, a decision a closing
   * session could no longer take): kept out of the transcript and shown as one collapsed line.
   */
  readonly notices: readonly string[];
  /** Every notice collected, counting those dropped off the front of `notices`. */
  readonly noticeCount: number;
  /** Settings the harness reported running otherwise than asked, in arrival order. */
  readonly divergences: readonly RuntimeDivergence[];
  /** The session's "allow always" rules in force, as its `rule` events say (the core makes and keeps them). */
  readonly rules: readonly AllowRule[];
}

export const MAX_ENTRIES = 600;
export const MAX_COMMAND_LOG = 100;
export const MAX_DECISIONS = 100;
export const MAX_NOTICES = 200;

/** A pane's first entries: the launch's notes (setup ran before the harness started), then the prompt hmux sends. */
function firstEntries(info: SessionInfo): TranscriptEntry[] {
  const notes = (info.launchNotes ?? []).map(
    (text): TranscriptEntry => ({ kind: "notice", tone: "info", text, seq: 0 }),
  );
  const prompt: TranscriptEntry[] = info.initialPrompt
    ? [{ kind: "message", role: "user", text: info.initialPrompt, streaming: false, seq: 0 }]
    : [];
  return [...notes, ...prompt].map((e, seq) => ({ ...e, seq }));
}

export function createSessionView(key: string, info: SessionInfo): SessionView {
  return {
    key,
    info,
    sessionId: null,
    harnessSessionId: null,
    model: info.model ?? null,
    lifecycle: "starting",
    lifecycleReason: undefined,
    turn: null,
    usage: NO_USAGE,
    contextPct: null,
    entries: firstEntries(info),
    nextSeq: firstEntries(info).length,
    evicted: 0,
    approvals: [],
    question: null,
    lastFailure: null,
    commandLog: [],
    decisions: [],
    closed: false,
    escalateQuestions: false,
    notices: [],
    noticeCount: 0,
    divergences: [],
    rules: [],
  };
}

/** Sessions in these states are waiting on a person. */
export function needsYou(view: SessionView): "approval" | "question" | "failure" | null {
  if (view.approvals.length > 0) return "approval";
  if (view.question) return "question";
  if (view.lifecycle === "failed") return "failure";
  return null;
}

/** Since when (ms) the session has waited on a person; failures rank after every request. */
export function waitingSince(view: SessionView): number {
  const why = needsYou(view);
  if (why === "approval") return Math.min(...view.approvals.map((c) => c.openedAt));
  if (why === "question") return view.question?.askedAt ?? Number.MAX_SAFE_INTEGER - 1;
  return Number.MAX_SAFE_INTEGER;
}

/** The session whose request has waited longest (the first one opened, on a tie); none if nobody waits. */
export function longestWaiting(views: Iterable<SessionView>): SessionView | undefined {
  let best: SessionView | undefined;
  for (const v of views) {
    if (!needsYou(v)) continue;
    if (!best || waitingSince(v) < waitingSince(best)) best = v;
  }
  return best;
}

export function isActive(view: SessionView): boolean {
  return !view.closed && view.lifecycle !== "closed" && view.lifecycle !== "failed";
}

/**
 * The id a pane shows: hmux's own, cut as `hmux ls` lists it (its first eight characters, which
 * every command takes as a unique id start). Never the harness's id: no hmux command knows that one.
 */
export function paneId(view: SessionView): string {
  return (view.info.id ?? view.sessionId ?? "").slice(0, 8);
}

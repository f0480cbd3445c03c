/**
 * The per-session view model: only what a pane and the rail show. It is a plain mutable
 * object owned by the store, outside React; `version` changes whenever anything visible
 * does, so a memoized pane can skip work when its session is quiet. The full transcript
 * lives in the core's journal; this keeps a bounded tail for scrollback.
 */

import type { CommandOutcome, Lifecycle, PendingCall } from "../../core/control/types.js";
import type { FailureSummary } from "../../core/events.js";
import type { SessionInfo } from "../session-port.js";

export type ToolStatus = "pending" | "running" | "ok" | "failed" | "denied";

interface EntryBase {
  /** Monotonic per session: a stable scroll anchor that survives eviction. */
  readonly seq: number;
  /** Bumped when the entry changes, so cached wrapped lines are recomputed. */
  rev: number;
}

export type TranscriptEntry = EntryBase &
  (
    | { kind: "message"; role: "assistant" | "user"; text: string; streaming: boolean }
    | { kind: "thinking"; text: string; streaming: boolean }
    | {
        kind: "tool";
        callId: string | null;
        name: string;
        summary: string;
        status: ToolStatus;
        output: string;
        reason?: string;
      }
    | { kind: "turn-start"; turnId: string; at: number }
    | { kind: "turn-end"; turnId: string; at: number; durationMs: number; cause: string }
    | { kind: "disposition"; id: string; started: boolean; reason?: string }
    | { kind: "failure"; failure: FailureSummary }
    | { kind: "notice"; text: string; tone: "info" | "warn" | "error" }
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
}

export interface CommandLogLine {
  readonly at: number;
  readonly id: string | null;
  readonly outcome: CommandOutcome;
}

export interface SessionView {
  /** Local key; stable for the life of the TUI. */
  readonly key: string;
  readonly info: SessionInfo;
  version: number;
  sessionId: string | null;
  model: string | null;
  lifecycle: Lifecycle;
  lifecycleReason: string | undefined;
  turn: { id: string; startedAt: number } | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  contextPct: number | null;
  entries: TranscriptEntry[];
  nextSeq: number;
  /** Entries dropped off the front of the bounded tail. */
  evicted: number;
  /** Open approval requests in arrival order: the head is the one shown. */
  approvals: PendingCall[];
  question: OpenQuestion | null;
  lastFailure: FailureSummary | null;
  commandLog: CommandLogLine[];
  closed: boolean;
  /** The session lets the worker ask (its `session` event said so). */
  escalateQuestions: boolean;
}

export const MAX_ENTRIES = 600;
export const MAX_COMMAND_LOG = 100;

export function createSessionView(key: string, info: SessionInfo): SessionView {
  return {
    key,
    info,
    version: 0,
    sessionId: null,
    model: info.model ?? null,
    lifecycle: "starting",
    lifecycleReason: undefined,
    turn: null,
    inputTokens: null,
    outputTokens: null,
    costUsd: null,
    contextPct: null,
    entries: [],
    nextSeq: 0,
    evicted: 0,
    approvals: [],
    question: null,
    lastFailure: null,
    commandLog: [],
    closed: false,
    escalateQuestions: false,
  };
}

/** Sessions in these states are waiting on a person. */
export function needsYou(view: SessionView): "approval" | "question" | "failure" | null {
  if (view.approvals.length > 0) return "approval";
  if (view.question) return "question";
  if (view.lifecycle === "failed") return "failure";
  return null;
}

export function isActive(view: SessionView): boolean {
  return !view.closed && view.lifecycle !== "closed" && view.lifecycle !== "failed";
}

/**
 * Eight characters that tell sessions apart. UUIDs take the tail: v7 ids minted in the same
 * second share their leading (time) digits.
 */
export function shortId(id: string | null): string {
  if (!id) return "";
  const bare = id.replace(/^(sess|session|thread)[-_]/, "");
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bare)) return bare.slice(-8);
  return bare.slice(0, 8);
}

/**
 * Folds one SessionEvent into a SessionView and returns the new view; the one given is
 * never changed. An event that shows nothing returns the same view, so its pane stays
 * quiet. Unknown kinds are ignored, as the event contract asks.
 */

import { deciderText } from "../../core/control/audit.js";
import { EVENTS_NOT_SENT_WARNING } from "../../core/control/events-not-sent.js";
import { endsQuestion } from "../../core/control/open-question.js";
import { RESTORE_WARNINGS, SERVER_DIED_WARNING } from "../../core/control/restore-warnings.js";
import { readDecider, type SessionEvent } from "../../core/control/types.js";
import { answerIn, detectQuestion, QUESTION_FENCE_TAG, stripPreamble } from "../../core/question.js";
import { addUsage } from "../../core/usage/totals.js";
import {
  MAX_COMMAND_LOG,
  MAX_DECISIONS,
  MAX_ENTRIES,
  MAX_NOTICES,
  type SessionView,
  type ToolStatus,
  type TranscriptEntry,
} from "./session-view.js";
import { summarizeToolInput } from "./tool-summary.js";

type NewEntry = TranscriptEntry extends infer E ? (E extends TranscriptEntry ? Omit<E, "seq"> : never) : never;
type ToolEntry = Extract<TranscriptEntry, { kind: "tool" }>;
type TextEntry = Extract<TranscriptEntry, { kind: "message" | "thinking" }>;

/**
 * `entries` without its first `drop`, then `last`: one array of exactly that length. A slice then a
 * push allocated twice, the push's copy half as long again: 12 KB per event at MAX_ENTRIES, the
 * client's largest garbage under streaming panes (issue 23).
 */
function appended(entries: readonly TranscriptEntry[], drop: number, last: TranscriptEntry): TranscriptEntry[] {
  const kept = entries.length - drop;
  const out = new Array<TranscriptEntry>(kept + 1);
  for (let i = 0; i < kept; i++) out[i] = entries[i + drop]!;
  out[kept] = last;
  return out;
}

function push(view: SessionView, entry: NewEntry): SessionView {
  const full = { ...entry, seq: view.nextSeq } as TranscriptEntry;
  // One copy per entry, evicting as it copies: a replay pushes hundreds into a full transcript.
  const drop = Math.max(0, view.entries.length + 1 - MAX_ENTRIES);
  const entries = appended(view.entries, drop, full);
  return {
    ...view,
    entries,
    nextSeq: view.nextSeq + 1,
    evicted: view.evicted + drop,
  };
}

/** The view with entry `index` replaced. */
function replace(view: SessionView, index: number, entry: TranscriptEntry): SessionView {
  const entries = view.entries.slice();
  entries[index] = entry;
  return { ...view, entries };
}

/** A notice, unless the same one is among the last few entries (a halt makes several parts say it). */
export function notice(view: SessionView, tone: "info" | "warn" | "error", text: string): SessionView {
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 6); i--) {
    const e = view.entries[i]!;
    if (e.kind === "notice" && e.text === text) return view;
  }
  return push(view, { kind: "notice", tone, text });
}

/**
 * A harness notice: collected for the pane's collapsed notices line, never a transcript entry.
 * The same line said again in a row is kept once.
 */
function sideNotice(view: SessionView, text: string): SessionView {
  const line = text.trimEnd();
  if (line.trim() === "" || view.notices.at(-1) === line) return view;
  const notices = [...view.notices, line];
  return {
    ...view,
    notices: notices.length > MAX_NOTICES ? notices.slice(notices.length - MAX_NOTICES) : notices,
    noticeCount: view.noticeCount + 1,
  };
}

/** A session being halted or closed: what it could no longer deliver is a side note, not news. */
function ending(view: SessionView): boolean {
  return view.closed || view.lifecycle === "closing" || view.lifecycle === "closed" || view.lifecycle === "failed";
}

function diverged(view: SessionView, event: Extract<SessionEvent, { kind: "divergence" }>): SessionView {
  const known = view.divergences.some((d) => d.key === event.key && d.runs === event.runs);
  // The harness's words already reached the notices (its stderr line or warning).
  if (known) return view;
  const { kind: _kind, ...divergence } = event;
  const out = { ...view, divergences: [...view.divergences, divergence] };
  return push(out, {
    kind: "notice",
    tone: "warn",
    text: `⚠ ${event.key} is not as asked: asked ${event.asked}, runs ${event.runs}`,
  });
}

function findTool(view: SessionView, callId: string | null): number {
  if (callId === null) return -1;
  for (let i = view.entries.length - 1; i >= 0; i--) {
    const e = view.entries[i]!;
    if (e.kind === "tool" && e.callId === callId) return i;
  }
  return -1;
}

/**
 * The harness echoing a prompt the UI already shows. An echo comes before its turn ends, so the
 * search stops at the last turn's end: the same words sent again for a later turn are a new prompt.
 */
function echoed(view: SessionView, text: string): boolean {
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 6); i--) {
    const e = view.entries[i]!;
    if (e.kind === "turn-end") return false;
    // The harness echoes what hmux wrote, which may carry the question protocol or a frame before the typed text.
    if (e.kind === "message" && e.role === "user" && (e.text === text || text.endsWith(`\n\n${e.text}`))) return true;
  }
  return false;
}

/**
 * The entry a final message completes: a streaming one of its kind among the last few
 * (thinking and text stream interleaved), or an identical finished one (a repeat).
 */
function completes(view: SessionView, kind: "message" | "thinking", text: string): number {
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 3); i--) {
    const e = view.entries[i]!;
    if (e.kind === "tool" || e.kind === "turn-start") return -1;
    if (e.kind === kind && (e.streaming || e.text === text)) return i;
  }
  return -1;
}

function finishStreaming(view: SessionView): SessionView {
  let out = view;
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 4); i--) {
    const e = view.entries[i]!;
    if ((e.kind === "message" || e.kind === "thinking") && e.streaming)
      out = replace(out, i, { ...e, streaming: false });
  }
  return out;
}

function setToolStatus(
  view: SessionView,
  callId: string | null,
  name: string,
  status: ToolStatus,
  input?: unknown,
  output?: string,
): SessionView {
  const at = findTool(view, callId);
  if (at >= 0) {
    const existing = view.entries[at] as ToolEntry;
    const summary = input !== undefined && existing.summary === "" ? summarizeToolInput(input) : existing.summary;
    return replace(view, at, { ...existing, status, summary, ...(output !== undefined ? { output } : {}) });
  }
  return push(view, {
    kind: "tool",
    callId,
    name,
    summary: input === undefined ? "" : summarizeToolInput(input),
    status,
    output: output ?? "",
  });
}

/**
 * A session asked through the question convention of src/core/question.ts in its last
 * message (detectQuestion reads it; no native stream is parsed): show the question widget
 * and keep the message text without the block.
 */
function questionInText(view: SessionView, now: number): SessionView {
  const last = view.entries.length - 1;
  const entry = view.entries[last];
  if (entry?.kind !== "message") return view;
  const found = detectQuestion(entry.text);
  if (found.kind !== "question") return view;
  const asked: SessionView = {
    ...view,
    question: {
      question: found.question,
      options: found.options,
      recommended: found.recommended,
      viaText: true,
      askedAt: now,
    },
  };
  const cut = entry.text.lastIndexOf(`\`\`\`${QUESTION_FENCE_TAG}`);
  return cut >= 0 ? replace(asked, last, { ...entry, text: entry.text.slice(0, cut).trimEnd() }) : asked;
}

/** A user turn as the harness echoes it: shown once, as typed, without hmux's protocol text. */
function userMessage(view: SessionView, text: string): SessionView {
  // An answer comes back in its protocol wording; the pane shows the answer, as the person gave
  // it: the echo of one this pane sent, and one replayed on attach or sent by another client alike.
  const typed = answerIn(text) ?? text;
  if (echoed(view, typed)) return view;
  return push(view, { kind: "message", role: "user", text: typed, streaming: false });
}

function token(view: SessionView, text: string, thinking: boolean): SessionView {
  const kind = thinking ? "thinking" : "message";
  const last = view.entries.length - 1;
  const open = view.entries[last];
  if (open && open.kind === kind && open.streaming) return replace(view, last, { ...open, text: open.text + text });
  if (thinking) return push(view, { kind: "thinking", text, streaming: true });
  return push(view, { kind: "message", role: "assistant", text, streaming: true });
}

function message(view: SessionView, event: Extract<SessionEvent, { kind: "message" }>, now: number): SessionView {
  if (event.role === "user") return userMessage(view, stripPreamble(event.text));
  const kind = event.thinking ? "thinking" : "message";
  const at = event.role === "assistant" ? completes(view, kind, event.text) : -1;
  let out: SessionView;
  if (at >= 0) out = replace(view, at, { ...(view.entries[at] as TextEntry), text: event.text, streaming: false });
  else if (kind === "thinking") out = push(view, { kind: "thinking", text: event.text, streaming: false });
  else out = push(view, { kind: "message", role: event.role, text: event.text, streaming: false });
  if (kind === "message" && event.role === "assistant" && out.escalateQuestions && !out.question)
    out = questionInText(out, now);
  return out;
}

/** The tool of a call the pane shows, or "?" when its row has gone. */
function toolNameOf(view: SessionView, callId: string): string {
  const at = findTool(view, callId);
  return at >= 0 ? (view.entries[at] as ToolEntry).name : "?";
}

function decided(
  view: SessionView,
  event: Extract<SessionEvent, { kind: "approval-disposition" }>,
  now: number,
): SessionView {
  if (event.status === "rejected") {
    const at = findTool(view, event.callId);
    const tool = at >= 0 ? (view.entries[at] as ToolEntry).name : "a tool call";
    const text = `${event.decision.decision} on ${tool} not delivered: ${event.reason ?? "no reason given"}`;
    // A halt denies what was pending, then finds the harness gone: nothing can run any more.
    return ending(view) ? sideNotice(view, text) : notice(view, "warn", text);
  }
  const asked = view.approvals.find((c) => c.callId === event.callId);
  const out = {
    ...view,
    approvals: view.approvals.filter((c) => c.callId !== event.callId),
    decisions: [
      ...view.decisions,
      {
        at: now,
        callId: event.callId,
        tool: asked?.tool ?? toolNameOf(view, event.callId),
        decision: event.decision.decision === "deny" ? `deny: ${event.decision.reason}` : event.decision.decision,
        by: deciderText({ ...event, decider: readDecider(event.decider) }),
      },
    ].slice(-MAX_DECISIONS),
  };
  const at = findTool(out, event.callId);
  if (at < 0) return out;
  const entry = out.entries[at] as ToolEntry;
  const decision = event.decision;
  if (decision.decision === "deny") return replace(out, at, { ...entry, status: "denied", reason: decision.reason });
  if (decision.decision === "replace")
    return replace(out, at, { ...entry, status: "running", summary: summarizeToolInput(decision.input), edited: true });
  const rule = event.decider.startsWith("rule:") ? event.decider.slice("rule:".length) : undefined;
  return replace(out, at, { ...entry, status: "running", ...(rule ? { byRule: rule } : {}) });
}

function done(view: SessionView, event: Extract<SessionEvent, { kind: "done" }>, now: number): SessionView {
  let out = finishStreaming(view);
  if (out.turn) {
    // The session says how the turn ended (an interrupted one ends `interrupted`): shown as said.
    const { id, startedAt } = out.turn;
    out = push(out, { kind: "turn-end", turnId: id, at: now, durationMs: now - startedAt, cause: event.cause });
    out = { ...out, turn: null };
  }
  if (event.failure && out.lastFailure?.message !== event.failure.message)
    out = push({ ...out, lastFailure: event.failure }, { kind: "failure", failure: event.failure });
  return out;
}

function closed(view: SessionView, event: Extract<SessionEvent, { kind: "closed" }>): SessionView {
  // Closing is said once, however many parts of the session report it.
  if (view.closed) return view;
  // A restore closes a session whose server died: it waits for a resume, it has not failed.
  const detached = view.lifecycle === "detached";
  const out: SessionView = {
    ...finishStreaming(view),
    closed: true,
    approvals: [],
    question: null,
    lifecycle: detached ? "detached" : event.cause === "clean" || event.cause === "killed" ? "closed" : "failed",
  };
  if (detached) return out;
  if (event.failure) return push({ ...out, lastFailure: event.failure }, { kind: "failure", failure: event.failure });
  return push(out, {
    kind: "notice",
    tone: "info",
    text: `session closed (${event.cause}, exit ${event.exitCode ?? "–"})`,
  });
}

/**
 * Events this client was not sent: what it shows as waiting may have been settled meanwhile, so
 * it waits no more here; the server sends what still waits right after (the question, each
 * pending call's request), which opens it again.
 */
function eventsNotSent(view: SessionView, message: string): SessionView {
  let out: SessionView = notice({ ...view, approvals: [], question: null }, "warn", message);
  for (const call of view.approvals) {
    const at = findTool(out, call.callId);
    if (at >= 0 && (out.entries[at] as ToolEntry).status === "pending")
      out = replace(out, at, { ...(out.entries[at] as ToolEntry), status: "missed" });
  }
  return out;
}

export function applyEvent(view: SessionView, event: SessionEvent, now: number): SessionView {
  switch (event.kind) {
    case "identity":
      return { ...view, harnessSessionId: event.sessionId, ...(event.model ? { model: event.model } : {}) };
    case "session": {
      const out = { ...view, sessionId: event.sessionId, escalateQuestions: event.escalateQuestions };
      // A resumed session opens again in the pane that showed it end: its transcript goes on.
      if (event.origin !== "resumed" || !view.closed) return out;
      return push({ ...out, closed: false, lifecycle: "starting" }, { kind: "notice", tone: "info", text: "resumed" });
    }
    case "token":
      return token(view, event.text, event.thinking === true);
    case "message":
      return message(view, event, now);
    case "tool": {
      const out = finishStreaming(view);
      if (event.phase === "call") {
        const at = findTool(out, event.callId);
        const pending = at >= 0 && (out.entries[at] as ToolEntry).status === "pending";
        return setToolStatus(out, event.callId, event.name, pending ? "pending" : "running", event.input);
      }
      const status: ToolStatus = event.denied ? "denied" : event.isError ? "failed" : "ok";
      return setToolStatus(out, event.callId, event.name ?? "tool", status, undefined, event.output);
    }
    case "usage":
      return { ...view, usage: addUsage(view.usage, event) };
    case "context":
      return { ...view, contextPct: event.usedPct };
    case "limit":
      return push(view, { kind: "notice", tone: "warn", text: `limit ${event.code}: ${event.message}` });
    case "error":
      return push(view, { kind: "notice", tone: "error", text: event.message });
    case "failure": {
      const { kind: _kind, ...failure } = event;
      return push({ ...view, lastFailure: failure }, { kind: "failure", failure });
    }
    case "question":
      return {
        ...finishStreaming(view),
        question: { question: event.question, options: event.options, recommended: event.recommended, askedAt: now },
      };
    case "raw":
      // Surfaced, never dropped, but out of the way: harnesses chat on stderr (warnings, logs).
      return sideNotice(view, event.text);
    case "progress":
      // A worktree's setup command speaks before the harness starts: its lines stay in the transcript.
      if (event.label === "setup")
        return push(view, { kind: "notice", tone: "info", text: `setup │ ${event.detail ?? ""}` });
      // The harness's own warnings (a config it could not apply as written) are notices too.
      return event.label === "warning" && event.detail ? sideNotice(view, event.detail) : view;
    case "divergence":
      return diverged(view, event);
    case "done":
      return done(view, event, now);
    case "turn": {
      const out: SessionView = {
        ...view,
        question: view.question?.viaText ? null : view.question,
        turn: { id: event.turnId, startedAt: now },
      };
      return push(out, { kind: "turn-start", turnId: event.turnId, at: now });
    }
    case "disposition":
      // A started op shows as its turn; only a rejection is news.
      if (event.disposition === "started") return view;
      return push(view, { kind: "disposition", id: event.id, started: false, reason: event.reason });
    case "state":
      return {
        ...view,
        lifecycle: event.to,
        lifecycleReason: event.reason,
        // A question found in text waits for the next turn instead: the session is idle meanwhile.
        question: endsQuestion(event) && !view.question?.viaText ? null : view.question,
      };
    case "approval-request": {
      const known = view.approvals.some((c) => c.callId === event.call.callId);
      const out = known ? view : { ...view, approvals: [...view.approvals, event.call] };
      return setToolStatus(out, event.call.callId, event.call.tool, "pending", event.call.input);
    }
    case "approval-disposition":
      return decided(view, event, now);
    case "rule":
      return {
        ...view,
        rules:
          event.change === "added"
            ? [...view.rules.filter((r) => r.id !== event.rule.id), event.rule]
            : view.rules.filter((r) => r.id !== event.rule.id),
      };
    case "approval-cleared": {
      const out = { ...view, approvals: view.approvals.filter((c) => c.callId !== event.callId) };
      if (event.reason !== "lost") return out;
      const at = findTool(out, event.callId);
      return at < 0 ? out : setToolStatus(out, event.callId, (out.entries[at] as ToolEntry).name, "lost");
    }
    case "warning": {
      if (event.code === EVENTS_NOT_SENT_WARNING) return eventsNotSent(view, event.message);
      // What a restore after a crash lost (a call, the end of a journal) is said where the work is.
      const out = RESTORE_WARNINGS.has(event.code) ? notice(view, "warn", event.message) : view;
      // The server that ran it died: nothing runs it now, until a resume.
      return event.code === SERVER_DIED_WARNING ? { ...out, lifecycle: "detached" } : out;
    }
    case "command.result": {
      const log = [...view.commandLog, { at: now, id: event.id, outcome: event.outcome }].slice(-MAX_COMMAND_LOG);
      const out = { ...view, commandLog: log };
      if (event.outcome.result !== "refused") return out;
      const r = event.outcome.refused;
      return push(out, {
        kind: "notice",
        tone: "warn",
        text: `command ${event.id ?? "?"} refused (${r.code}): ${r.reason}`,
      });
    }
    case "closed":
      return closed(view, event);
    default:
      // A kind this UI does not know: the journal keeps it; nothing to show.
      return view;
  }
}

/**
 * Folds one SessionEvent into a SessionView. Pure apart from mutating the view it is
 * given (the store owns it); unknown kinds are ignored, as the event contract asks.
 */
import type { SessionEvent } from "../../core/control/types.js";
import { detectQuestion, stripPreamble } from "../../core/question.js";
import {
  MAX_COMMAND_LOG,
  MAX_ENTRIES,
  type SessionView,
  type ToolStatus,
  type TranscriptEntry,
} from "./session-view.js";
import { summarizeToolInput } from "./tool-summary.js";

type NewEntry = TranscriptEntry extends infer E ? (E extends TranscriptEntry ? Omit<E, "seq" | "rev"> : never) : never;

function push(view: SessionView, entry: NewEntry): TranscriptEntry {
  const full = { ...entry, seq: view.nextSeq++, rev: 0 } as TranscriptEntry;
  view.entries.push(full);
  if (view.entries.length > MAX_ENTRIES) {
    const drop = view.entries.length - MAX_ENTRIES;
    view.entries.splice(0, drop);
    view.evicted += drop;
  }
  return full;
}

function touch(entry: TranscriptEntry): void {
  entry.rev++;
}

function findTool(view: SessionView, callId: string | null): Extract<TranscriptEntry, { kind: "tool" }> | undefined {
  if (callId === null) return undefined;
  for (let i = view.entries.length - 1; i >= 0; i--) {
    const e = view.entries[i]!;
    if (e.kind === "tool" && e.callId === callId) return e;
  }
  return undefined;
}

function lastStreaming(view: SessionView, kind: "message" | "thinking"): TranscriptEntry | undefined {
  const last = view.entries[view.entries.length - 1];
  if (last && last.kind === kind && last.streaming) return last;
  return undefined;
}

/** The harness echoing a prompt the UI already shows. */
function echoed(view: SessionView, text: string): boolean {
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 6); i--) {
    const e = view.entries[i]!;
    // The harness echoes what hmux wrote, which may carry the question protocol or a frame before the typed text.
    if (e.kind === "message" && e.role === "user" && (e.text === text || text.endsWith(`\n\n${e.text}`))) return true;
  }
  return false;
}

/**
 * The entry a final message completes: a streaming one of its kind among the last few
 * (thinking and text stream interleaved), or an identical finished one (a repeat).
 */
function completes(view: SessionView, kind: "message" | "thinking", text: string): TranscriptEntry | undefined {
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 3); i--) {
    const e = view.entries[i]!;
    if (e.kind === "tool" || e.kind === "turn-start") return undefined;
    if (e.kind === kind && (e.streaming || e.text === text)) return e;
  }
  return undefined;
}

function finishStreaming(view: SessionView): void {
  for (let i = view.entries.length - 1; i >= Math.max(0, view.entries.length - 4); i--) {
    const e = view.entries[i]!;
    if ((e.kind === "message" || e.kind === "thinking") && e.streaming) {
      e.streaming = false;
      touch(e);
    }
  }
}

function setToolStatus(
  view: SessionView,
  callId: string | null,
  name: string,
  status: ToolStatus,
  input?: unknown,
): Extract<TranscriptEntry, { kind: "tool" }> {
  const existing = findTool(view, callId);
  if (existing) {
    existing.status = status;
    if (input !== undefined && existing.summary === "") existing.summary = summarizeToolInput(input);
    touch(existing);
    return existing;
  }
  return push(view, {
    kind: "tool",
    callId,
    name,
    summary: input === undefined ? "" : summarizeToolInput(input),
    status,
    output: "",
  }) as Extract<TranscriptEntry, { kind: "tool" }>;
}

/**
 * A session asked through the hcn-question convention in its last message (core's
 * detectQuestion reads it; no native stream is parsed): show the question widget and keep
 * the message text without the block.
 */
function questionInText(view: SessionView): void {
  const entry = view.entries[view.entries.length - 1];
  if (entry?.kind !== "message") return;
  const found = detectQuestion(entry.text);
  if (found.kind !== "question") return;
  view.question = { question: found.question, options: found.options, recommended: found.recommended, viaText: true };
  const cut = entry.text.lastIndexOf("```hcn-question");
  if (cut >= 0) {
    entry.text = entry.text.slice(0, cut).trimEnd();
    touch(entry);
  }
}

/** A user turn as the harness echoes it: shown once, as typed, without hmux's protocol text. */
function userMessage(view: SessionView, text: string): void {
  if (echoed(view, text)) return;
  push(view, { kind: "message", role: "user", text, streaming: false });
}

export function applyEvent(view: SessionView, event: SessionEvent, now: number): void {
  view.version++;
  switch (event.kind) {
    case "identity":
      view.sessionId = event.sessionId;
      if (event.model) view.model = event.model;
      return;
    case "session":
      view.sessionId = event.sessionId;
      view.escalateQuestions = event.escalateQuestions;
      return;
    case "token": {
      const kind = event.thinking ? "thinking" : "message";
      const open = lastStreaming(view, kind);
      if (open && (open.kind === "message" || open.kind === "thinking")) {
        open.text += event.text;
        touch(open);
      } else if (kind === "thinking") push(view, { kind: "thinking", text: event.text, streaming: true });
      else push(view, { kind: "message", role: "assistant", text: event.text, streaming: true });
      return;
    }
    case "message": {
      if (event.role === "user") return userMessage(view, stripPreamble(event.text));
      const kind = event.thinking ? "thinking" : "message";
      const open = event.role === "assistant" ? completes(view, kind, event.text) : undefined;
      if (open && (open.kind === "message" || open.kind === "thinking")) {
        open.text = event.text;
        open.streaming = false;
        touch(open);
      } else if (kind === "thinking") push(view, { kind: "thinking", text: event.text, streaming: false });
      else push(view, { kind: "message", role: event.role, text: event.text, streaming: false });
      if (kind === "message" && event.role === "assistant" && view.escalateQuestions && !view.question)
        questionInText(view);
      return;
    }
    case "tool": {
      finishStreaming(view);
      if (event.phase === "call") {
        const existing = findTool(view, event.callId);
        const status = existing?.status === "pending" ? "pending" : "running";
        setToolStatus(view, event.callId, event.name, status, event.input);
      } else {
        const status: ToolStatus = event.denied ? "denied" : event.isError ? "failed" : "ok";
        const entry = setToolStatus(view, event.callId, event.name ?? "tool", status);
        entry.output = event.output;
      }
      return;
    }
    case "usage":
      if (event.inputTokens !== undefined) view.inputTokens = (view.inputTokens ?? 0) + event.inputTokens;
      if (event.outputTokens !== undefined) view.outputTokens = (view.outputTokens ?? 0) + event.outputTokens;
      if (event.costUsd !== undefined) view.costUsd = (view.costUsd ?? 0) + event.costUsd;
      return;
    case "context":
      view.contextPct = event.usedPct;
      return;
    case "limit":
      push(view, { kind: "notice", tone: "warn", text: `limit ${event.code}: ${event.message}` });
      return;
    case "error":
      push(view, { kind: "notice", tone: "error", text: event.message });
      return;
    case "failure": {
      const { kind: _kind, ...failure } = event;
      view.lastFailure = failure;
      push(view, { kind: "failure", failure });
      return;
    }
    case "question":
      finishStreaming(view);
      view.question = { question: event.question, options: event.options, recommended: event.recommended };
      return;
    case "raw":
      // Surfaced, never dropped; dim, because harnesses chat on stderr (warnings, logs).
      push(view, { kind: "notice", tone: "info", text: event.text });
      return;
    case "done": {
      finishStreaming(view);
      if (view.turn) {
        push(view, {
          kind: "turn-end",
          turnId: view.turn.id,
          at: now,
          durationMs: now - view.turn.startedAt,
          cause: event.cause,
        });
        view.turn = null;
      }
      if (event.failure && view.lastFailure?.message !== event.failure.message) {
        view.lastFailure = event.failure;
        push(view, { kind: "failure", failure: event.failure });
      }
      return;
    }
    case "turn":
      if (view.question?.viaText) view.question = null;
      view.turn = { id: event.turnId, startedAt: now };
      push(view, { kind: "turn-start", turnId: event.turnId, at: now });
      return;
    case "disposition":
      push(
        view,
        event.disposition === "started"
          ? { kind: "disposition", id: event.id, started: true }
          : { kind: "disposition", id: event.id, started: false, reason: event.reason },
      );
      return;
    case "state":
      view.lifecycle = event.to;
      view.lifecycleReason = event.reason;
      if (event.to !== "awaiting-input" && !view.question?.viaText) view.question = null;
      return;
    case "approval-request": {
      if (!view.approvals.some((c) => c.callId === event.call.callId)) view.approvals.push(event.call);
      setToolStatus(view, event.call.callId, event.call.tool, "pending", event.call.input);
      return;
    }
    case "approval-disposition": {
      if (event.status === "rejected") {
        push(view, {
          kind: "notice",
          tone: "warn",
          text: `decision on ${event.callId} rejected: ${event.reason ?? "no reason given"}`,
        });
        return;
      }
      view.approvals = view.approvals.filter((c) => c.callId !== event.callId);
      const entry = findTool(view, event.callId);
      if (!entry) return;
      if (event.decision.decision === "deny") {
        entry.status = "denied";
        entry.reason = event.decision.reason;
      } else entry.status = "running";
      touch(entry);
      return;
    }
    case "approval-cleared":
      view.approvals = view.approvals.filter((c) => c.callId !== event.callId);
      return;
    case "command.result":
      view.commandLog.push({ at: now, id: event.id, outcome: event.outcome });
      if (view.commandLog.length > MAX_COMMAND_LOG) view.commandLog.shift();
      if (event.outcome.result === "refused") {
        const r = event.outcome.refused;
        push(view, {
          kind: "notice",
          tone: "warn",
          text: `command ${event.id ?? "?"} refused (${r.code}): ${r.reason}`,
        });
      }
      return;
    case "closed":
      finishStreaming(view);
      view.closed = true;
      view.approvals = [];
      view.question = null;
      view.lifecycle = event.cause === "clean" || event.cause === "killed" ? "closed" : "failed";
      if (event.failure) {
        view.lastFailure = event.failure;
        push(view, { kind: "failure", failure: event.failure });
      } else
        push(view, {
          kind: "notice",
          tone: "info",
          text: `session closed (${event.cause}, exit ${event.exitCode ?? "–"})`,
        });
      return;
    default:
      // A kind this UI does not know: the journal keeps it; nothing to show.
      view.version--;
  }
}

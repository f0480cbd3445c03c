/**
 * An hmux session's events as ACP `session/update`s, for one ACP session: text and thinking as
 * message and thought chunks, each tool call as a `tool_call` followed by `tool_call_update`s
 * (allowed, denied and by whom, its output), a plan where a call carries one, a question as a
 * message saying how to answer it. Live, streamed text goes out as its tokens and the whole
 * message that repeats them is skipped; a replay (`session/load`) has only whole messages.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { SessionEvent } from "../../core/control/types.js";
import type { HarnessEvent, UsageEvent } from "../../core/events.js";
import { planOf, toolCallUpdate, toolResultUpdate, toolStatusUpdate } from "./tool-call.js";

type Usage = UsageEvent;

const text = (t: string): acp.ContentBlock => ({ type: "text", text: t });

export class SessionUpdates {
  /** hmux's call id (null when the stream had none) → the toolCallId the client knows. */
  private readonly callIds = new Map<string, string>();
  /** Calls whose stream named no id, oldest first: a result with no id closes the oldest. */
  private readonly anonymous: string[] = [];
  private nextId = 1;
  private lastUsage: Usage | null = null;
  private costUsd = 0;
  private costKnown = true;
  /** The user text the client itself sent: its echo is not sent back to it. */
  private readonly sentByClient: string[] = [];
  /** The last user message seen: the server's record and the harness's echo say it twice. */
  private lastUser: string | null = null;

  constructor(private readonly cwd: string) {}

  /** The client sent this text as a prompt: the session's user message of it is the client's own. */
  said(textSent: string): void {
    this.sentByClient.push(textSent);
  }

  /** The toolCallId of hmux's call id, made on first sight. */
  idOf(callId: string | null): string {
    if (callId === null) {
      const id = `hmux-call-${this.nextId++}`;
      this.anonymous.push(id);
      return id;
    }
    let id = this.callIds.get(callId);
    if (id === undefined) {
      id = callId;
      this.callIds.set(callId, id);
    }
    return id;
  }

  private resultId(callId: string | null): string {
    if (callId !== null) return this.idOf(callId);
    return this.anonymous.shift() ?? this.idOf(null);
  }

  /** The updates of one live event. */
  live(event: SessionEvent): acp.SessionUpdate[] {
    switch (event.kind) {
      case "token":
        return event.text === ""
          ? []
          : [
              {
                sessionUpdate: event.thinking ? "agent_thought_chunk" : "agent_message_chunk",
                content: text(event.text),
              },
            ];
      case "message":
        if (event.role === "user") return this.userMessage(event.text, false);
        this.lastUser = null;
        return event.streamed ? [] : this.wholeMessage(event);
      default:
        return this.common(event);
    }
  }

  /** The updates of one event of a replay: whole messages only. */
  replayed(event: SessionEvent): acp.SessionUpdate[] {
    switch (event.kind) {
      case "token":
        return [];
      case "message":
        if (event.role === "user") return this.userMessage(event.text, true);
        this.lastUser = null;
        return this.wholeMessage(event);
      default:
        return this.common(event);
    }
  }

  /**
   * A user message, shown once: the server records what was said, and a harness may echo it,
   * word for word or after its own preamble (pi's echo starts with hmux's question protocol).
   * Live, the client's own prompts are not sent back to it.
   */
  private userMessage(said: string, replay: boolean): acp.SessionUpdate[] {
    const last = this.lastUser;
    this.lastUser = said;
    if (last !== null && said.endsWith(last)) return [];
    if (!replay && this.sentByClient.includes(said)) return [];
    return [{ sessionUpdate: "user_message_chunk", content: text(said) }];
  }

  private wholeMessage(event: Extract<HarnessEvent, { kind: "message" }>): acp.SessionUpdate[] {
    if (event.text === "") return [];
    return [
      { sessionUpdate: event.thinking ? "agent_thought_chunk" : "agent_message_chunk", content: text(event.text) },
    ];
  }

  private common(event: SessionEvent): acp.SessionUpdate[] {
    switch (event.kind) {
      case "tool": {
        if (event.phase === "result") return [toolResultUpdate(event, this.resultId(event.callId))];
        const plan = planOf(event);
        return [toolCallUpdate(event, this.idOf(event.callId), this.cwd), ...(plan ? [plan] : [])];
      }
      case "approval-disposition": {
        const id = this.idOf(event.callId);
        const by = `${event.decider}`;
        if (event.decision.decision === "deny")
          return [toolStatusUpdate(id, "failed", `denied by ${by}: ${event.decision.reason}`)];
        if (event.decision.decision === "abstain") return [];
        return [toolStatusUpdate(id, "in_progress", `allowed by ${by}`)];
      }
      case "question":
        return [{ sessionUpdate: "agent_message_chunk", content: text(questionText(event)) }];
      case "usage":
        return this.usageUpdate(event);
      case "warning":
        return [{ sessionUpdate: "agent_thought_chunk", content: text(`hmux: ${event.code}: ${event.message}\n`) }];
      case "divergence":
        return [
          {
            sessionUpdate: "agent_thought_chunk",
            content: text(`hmux: ${event.key} runs ${event.runs}: ${event.notice}\n`),
          },
        ];
      default:
        return [];
    }
  }

  /**
   * ACP's usage is the context window's (tokens in it, its size) and the session's cost so far.
   * It is sent when the harness reported both context figures; no window is guessed. The cost is
   * the sum of every record's, and left out once a record's cost was unknown.
   */
  private usageUpdate(u: Usage): acp.SessionUpdate[] {
    this.lastUsage = u;
    if (u.costUsd === undefined) this.costKnown = false;
    else this.costUsd += u.costUsd;
    if (u.contextTokens === undefined || u.contextWindow === undefined || u.contextWindow <= 0) return [];
    return [
      {
        sessionUpdate: "usage_update",
        used: u.contextTokens,
        size: u.contextWindow,
        ...(this.costKnown ? { cost: { amount: this.costUsd, currency: "USD" } } : {}),
      },
    ];
  }

  /** The turn's last token counts and cost, for the prompt response's `_meta`. */
  usage(): Omit<Usage, "kind"> | null {
    if (this.lastUsage === null) return null;
    const { kind: _kind, ...rest } = this.lastUsage;
    return rest;
  }
}

/** A question, and how the client answers it: its next prompt is the answer. */
export function questionText(q: { readonly question: string; readonly options: readonly string[] }): string {
  const options = q.options.map((o) => `  - ${o}\n`).join("");
  return `\n\n${q.question}\n${options}(hmux: the session waits for your answer; your next message is it)\n`;
}

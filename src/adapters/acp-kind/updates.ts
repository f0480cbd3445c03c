/**
 * ACP `session/update` notifications as hmux's HarnessEvents (src/core/events.ts): message and
 * thought chunks stream as tokens and end as one message, tool calls and their updates become
 * tool call / result events, and plans, usage, commands, modes and notices are shown as what they
 * are. An update kind this mapping does not know is surfaced as `unrecognized`, never dropped.
 * Pure and stateful per session; the bridge calls it in arrival order.
 */
import type { ContentBlock, SessionUpdate, ToolCallContent, ToolKind } from "@agentclientprotocol/sdk";
import type { HarnessEvent } from "../../core/events.js";

/** What hmux knows of one tool call so far: the update that reports it may carry only what changed. */
export interface KnownToolCall {
  readonly callId: string;
  readonly title: string;
  readonly kind: ToolKind | undefined;
  readonly rawInput: unknown;
  readonly locations: readonly string[];
  /** hmux answered its permission request with a reject option. */
  readonly deniedByHmux: boolean;
}

/** ACP's tool kinds in hmux's canonical vocabulary (src/core/tools.ts); kinds with none stay native. */
const CANONICAL: Readonly<Partial<Record<ToolKind, string>>> = {
  read: "read",
  edit: "edit",
  delete: "edit",
  move: "edit",
  search: "grep",
  execute: "shell",
  fetch: "web-fetch",
};

export function canonicalOf(kind: ToolKind | undefined | null): string | undefined {
  return kind ? CANONICAL[kind] : undefined;
}

type Streamed = "assistant" | "thought";

export class UpdateEvents {
  private readonly calls = new Map<string, KnownToolCall>();
  private open: { readonly what: Streamed; text: string } | null = null;

  call(callId: string): KnownToolCall | undefined {
    return this.calls.get(callId);
  }

  /** Records what the agent says about a call (from a tool_call, an update or a permission request). */
  learn(callId: string, fields: ToolCallFields): KnownToolCall {
    const before = this.calls.get(callId);
    const known: KnownToolCall = {
      callId,
      title: fields.title ?? before?.title ?? fields.kind ?? before?.kind ?? "tool",
      kind: fields.kind ?? before?.kind,
      rawInput: fields.rawInput !== undefined ? fields.rawInput : before?.rawInput,
      locations: fields.locations ? fields.locations.map((l) => l.path) : (before?.locations ?? []),
      deniedByHmux: before?.deniedByHmux ?? false,
    };
    this.calls.set(callId, known);
    return known;
  }

  markDenied(callId: string): void {
    const known = this.calls.get(callId);
    if (known) this.calls.set(callId, { ...known, deniedByHmux: true });
  }

  update(update: SessionUpdate): HarnessEvent[] {
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
        return this.chunk("assistant", update.content);
      case "agent_thought_chunk":
        return this.chunk("thought", update.content);
      case "user_message_chunk":
        return [...this.flush(), { kind: "progress", label: "user message", detail: textOf(update.content) }];
      case "tool_call": {
        const known = this.learn(update.toolCallId, update);
        const canonical = canonicalOf(known.kind);
        return [
          ...this.flush(),
          {
            kind: "tool",
            phase: "call",
            callId: known.callId,
            name: known.title,
            ...(canonical ? { canonical } : {}),
            input: inputOf(known),
          },
          ...this.finished(known, update.status, update.content, update.rawOutput),
        ];
      }
      case "tool_call_update": {
        const known = this.learn(update.toolCallId, {
          ...(update.title != null ? { title: update.title } : {}),
          ...(update.kind != null ? { kind: update.kind } : {}),
          ...(update.rawInput !== undefined ? { rawInput: update.rawInput } : {}),
          ...(update.locations != null ? { locations: update.locations } : {}),
        });
        const done = this.finished(known, update.status ?? undefined, update.content ?? undefined, update.rawOutput);
        if (done.length > 0) return [...this.flush(), ...done];
        return [
          ...this.flush(),
          { kind: "progress", label: "tool", detail: `${known.title}: ${update.status ?? "updated"}` },
        ];
      }
      case "plan":
        return [
          ...this.flush(),
          {
            kind: "progress",
            label: "plan",
            detail: update.entries.map((e) => `${PLAN_MARK[e.status] ?? "[ ]"} ${e.content}`).join("\n"),
          },
        ];
      case "usage_update":
        return [...this.flush(), ...usageEvents(update.used, update.size, update.cost ?? undefined)];
      case "available_commands_update":
        return [
          { kind: "progress", label: "commands", detail: update.availableCommands.map((c) => `/${c.name}`).join(" ") },
        ];
      case "current_mode_update":
        return [{ kind: "progress", label: "mode", detail: update.currentModeId }];
      case "session_info_update":
        return [{ kind: "progress", label: "session", detail: update.title ?? "updated" }];
      case "notice":
        return [
          ...this.flush(),
          {
            kind: "progress",
            label: `notice (${update.severity})`,
            detail: update.description ? `${update.title}: ${update.description}` : update.title,
          },
        ];
      default:
        return [
          ...this.flush(),
          { kind: "unrecognized", nativeType: `session/update ${String(update.sessionUpdate)}`, record: update },
        ];
    }
  }

  /** The message being streamed, whole, once another kind of update (or the turn's end) closes it. */
  flush(): HarnessEvent[] {
    const open = this.open;
    this.open = null;
    if (!open || open.text === "") return [];
    return [
      {
        kind: "message",
        role: "assistant",
        text: open.text,
        streamed: true,
        ...(open.what === "thought" ? { thinking: true } : {}),
      },
    ];
  }

  private chunk(what: Streamed, content: ContentBlock): HarnessEvent[] {
    const out = this.open && this.open.what !== what ? this.flush() : [];
    const text = textOf(content);
    this.open ??= { what, text: "" };
    this.open.text += text;
    out.push({ kind: "token", text, ...(what === "thought" ? { thinking: true } : {}) });
    return out;
  }

  private finished(
    known: KnownToolCall,
    status: string | undefined,
    content: readonly ToolCallContent[] | undefined,
    rawOutput: unknown,
  ): HarnessEvent[] {
    if (status !== "completed" && status !== "failed") return [];
    const output = contentText(content) || (rawOutput === undefined ? "" : stringify(rawOutput));
    return [
      {
        kind: "tool",
        phase: "result",
        callId: known.callId,
        name: known.title,
        output,
        isError: status === "failed",
        ...(known.deniedByHmux && status === "failed" ? { denied: true } : {}),
      },
    ];
  }
}

export interface ToolCallFields {
  readonly title?: string;
  readonly kind?: ToolKind;
  readonly rawInput?: unknown;
  readonly locations?: readonly { readonly path: string }[];
}

const PLAN_MARK: Readonly<Record<string, string>> = { completed: "[x]", in_progress: "[~]", pending: "[ ]" };

/** The tool call's input as the policy reads it: the agent's raw input, plus its first path when the input names none. */
export function inputOf(known: KnownToolCall): Record<string, unknown> {
  const raw =
    known.rawInput && typeof known.rawInput === "object" && !Array.isArray(known.rawInput)
      ? (known.rawInput as Record<string, unknown>)
      : known.rawInput === undefined
        ? {}
        : { input: known.rawInput };
  return {
    ...raw,
    ...(known.locations.length > 0 ? { locations: [...known.locations] } : {}),
    title: known.title,
  };
}

function usageEvents(
  used: number,
  size: number,
  cost: { amount: number; currency: string } | undefined,
): HarnessEvent[] {
  const out: HarnessEvent[] = [];
  if (size > 0) out.push({ kind: "context", usedPct: Math.min(100, Math.round((used / size) * 1000) / 10) });
  if (cost && cost.currency.toUpperCase() === "USD") out.push({ kind: "usage", costUsd: cost.amount });
  return out;
}

export function textOf(content: ContentBlock): string {
  switch (content.type) {
    case "text":
      return content.text;
    case "resource_link":
      return `[${content.name}](${content.uri})`;
    case "resource":
      return "text" in content.resource ? content.resource.text : `[${content.resource.uri}]`;
    default:
      return `[${content.type}]`;
  }
}

function contentText(content: readonly ToolCallContent[] | undefined): string {
  if (!content) return "";
  return content
    .map((c) => {
      if (c.type === "content") return textOf(c.content);
      if (c.type === "diff") return `diff ${c.path}`;
      if (c.type === "terminal") return `terminal ${c.terminalId}`;
      return "";
    })
    .filter((s) => s !== "")
    .join("\n");
}

function stringify(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * A tool call as an ACP client shows it: its kind (from hmux's canonical tool name, so every
 * harness's Read/read/cat maps alike), a title, the paths it touches (absolute, against the
 * session's folder) and, once it ran, its output as content with the status it ended in.
 */
import { posix } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { PATH_FIELDS } from "../../core/control/allow-rules.js";
import type { ToolCallEvent, ToolResultEvent } from "../../core/events.js";

const KIND_OF_CANONICAL: Readonly<Record<string, acp.ToolKind>> = {
  read: "read",
  write: "edit",
  edit: "edit",
  shell: "execute",
  grep: "search",
  glob: "search",
  list: "search",
  "web-fetch": "fetch",
  "web-search": "fetch",
  subagent: "think",
  skill: "other",
};

/** A title names what the call does in a few words: its command, its path, or its tool's name. */
const MAX_TITLE = 120;

export function toolKind(canonical: string | undefined): acp.ToolKind {
  return (canonical !== undefined ? KIND_OF_CANONICAL[canonical] : undefined) ?? "other";
}

function inputOf(call: { readonly input?: unknown }): Record<string, unknown> {
  return call.input && typeof call.input === "object" && !Array.isArray(call.input)
    ? (call.input as Record<string, unknown>)
    : {};
}

/** The paths a call names, absolute: a relative one is the session folder's (or the call's own cwd's). */
export function toolLocations(call: { readonly input?: unknown }, cwd: string): acp.ToolCallLocation[] {
  const input = inputOf(call);
  const base = typeof input.cwd === "string" ? posix.resolve(cwd, input.cwd) : cwd;
  const paths = PATH_FIELDS.filter((f) => f !== "cwd" && typeof input[f] === "string" && input[f] !== "").map((f) =>
    posix.resolve(base, input[f] as string),
  );
  return [...new Set(paths)].map((path) => ({ path }));
}

export function toolTitle(call: { readonly name: string; readonly input?: unknown }): string {
  const input = inputOf(call);
  const command = input.command ?? input.cmd;
  const what =
    typeof command === "string"
      ? command
      : Array.isArray(command)
        ? command.join(" ")
        : (PATH_FIELDS.map((f) => input[f]).find((v) => typeof v === "string" && v !== "") as string | undefined);
  const title = what !== undefined ? `${call.name}: ${what}` : call.name;
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title;
}

/** The `tool_call` that announces a call: pending until it is allowed (or needs no decision) and runs. */
export function toolCallUpdate(call: ToolCallEvent, id: string, cwd: string): acp.SessionUpdate {
  return {
    sessionUpdate: "tool_call",
    toolCallId: id,
    title: toolTitle(call),
    kind: toolKind(call.canonical),
    status: "pending",
    locations: toolLocations(call, cwd),
    rawInput: call.input ?? {},
  };
}

/** The `tool_call_update` of a call's end: completed, or failed (an error, or a denied call that never ran). */
export function toolResultUpdate(result: ToolResultEvent, id: string): acp.SessionUpdate {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status: result.isError || result.denied ? "failed" : "completed",
    content: result.output !== "" ? [{ type: "content", content: { type: "text", text: result.output } }] : [],
    rawOutput: {
      output: result.output,
      isError: result.isError,
      ...(result.denied ? { denied: true } : {}),
      ...(result.exitCode !== undefined ? { exitCode: result.exitCode } : {}),
    },
  };
}

/** A line of text on a call, its status unchanged (an answer hmux refused, and why). */
export function toolNote(id: string, note: string): acp.SessionUpdate {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    content: [{ type: "content", content: { type: "text", text: note } }],
  };
}

/** A status change of a call, with a line of text saying why (who decided it). */
export function toolStatusUpdate(id: string, status: acp.ToolCallStatus, note?: string): acp.SessionUpdate {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    status,
    ...(note !== undefined ? { content: [{ type: "content", content: { type: "text", text: note } }] } : {}),
  };
}

/**
 * A plan a call carries, in whichever shape the harness writes it: claude's TodoWrite
 * (`todos: [{content, status}]`) or codex's update_plan (`plan: [{step, status}]`). Null for
 * any other call. ACP has no plan of its own for hmux to invent, so only these are plans.
 */
export function planOf(call: { readonly input?: unknown }): acp.SessionUpdate | null {
  const input = inputOf(call);
  const items = Array.isArray(input.todos) ? input.todos : Array.isArray(input.plan) ? input.plan : null;
  if (items === null || items.length === 0) return null;
  const entries: acp.PlanEntry[] = [];
  for (const item of items) {
    if (!item || typeof item !== "object") return null;
    const { content, step, status } = item as Record<string, unknown>;
    const text = typeof content === "string" ? content : typeof step === "string" ? step : null;
    if (text === null) return null;
    entries.push({ content: text, priority: "medium", status: planStatus(status) });
  }
  return { sessionUpdate: "plan", entries };
}

function planStatus(status: unknown): acp.PlanEntryStatus {
  if (status === "completed" || status === "done") return "completed";
  if (status === "in_progress" || status === "in-progress" || status === "active") return "in_progress";
  return "pending";
}

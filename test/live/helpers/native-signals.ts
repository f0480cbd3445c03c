/**
 * Reads the few facts the wire tests need straight from each real CLI's native JSON stream
 * (docs/harness-facts.md), without hmux's decoders: those are tested on their own.
 */
import type { LiveHarness } from "./isolated-cli.js";

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});
const texts = (content: unknown, type = "text"): string[] =>
  Array.isArray(content)
    ? content
        .map(obj)
        .filter((b) => b.type === type)
        .map((b) => String(b.text ?? b.thinking ?? ""))
    : [];

export function finalText(harness: LiveHarness, records: readonly Rec[]): string {
  if (harness === "claude") return String(records.find((r) => r.type === "result")?.result ?? "");
  if (harness === "codex") {
    const msgs = records.filter((r) => r.type === "item.completed" && obj(r.item).type === "agent_message");
    return String(obj(msgs.at(-1)?.item).text ?? "");
  }
  const ends = records.filter((r) => r.type === "message_end" && obj(r.message).role === "assistant");
  return texts(obj(ends.at(-1)?.message).content).join("");
}

export function toolOutputs(harness: LiveHarness, records: readonly Rec[]): string[] {
  if (harness === "claude") {
    return records
      .filter((r) => r.type === "user")
      .flatMap((r) => {
        const content = obj(r.message).content;
        return Array.isArray(content)
          ? content
              .map(obj)
              .filter((b) => b.type === "tool_result")
              .map((b) => (typeof b.content === "string" ? b.content : texts(b.content).join("")))
          : [];
      });
  }
  if (harness === "codex") {
    return records
      .filter((r) => r.type === "item.completed" && obj(r.item).type === "command_execution")
      .map((r) => String(obj(r.item).aggregated_output ?? ""));
  }
  return records.filter((r) => r.type === "tool_execution_end").map((r) => texts(obj(r.result).content).join(""));
}

export interface NativeFailure {
  readonly failed: boolean;
  readonly status: number | null;
  readonly message: string;
}

export function nativeFailure(harness: LiveHarness, records: readonly Rec[]): NativeFailure {
  if (harness === "claude") {
    const result = records.find((r) => r.type === "result");
    const status = result?.api_error_status;
    return {
      failed: result?.is_error === true,
      status: typeof status === "number" ? status : null,
      message: String(result?.result ?? ""),
    };
  }
  if (harness === "codex") {
    const failed = records.find((r) => r.type === "turn.failed");
    const message = String(obj(failed?.error).message ?? "");
    const m = /\b(4\d\d|5\d\d)\b/.exec(message);
    return { failed: failed !== undefined, status: m ? Number(m[1]) : null, message };
  }
  const ends = records.filter((r) => r.type === "message_end" && obj(r.message).role === "assistant");
  const last = obj(ends.at(-1)?.message);
  const message = String(last.errorMessage ?? "");
  const m = /^(\d{3})\b/.exec(message);
  return { failed: last.stopReason === "error", status: m ? Number(m[1]) : null, message };
}

/** The id a later run resumes: claude's session_id, codex's thread_id, pi's session id. */
export function sessionIdOf(harness: LiveHarness, records: readonly Rec[]): string | undefined {
  if (harness === "claude")
    return records.find((r) => r.type === "system" && r.subtype === "init")?.session_id as string | undefined;
  if (harness === "codex") return records.find((r) => r.type === "thread.started")?.thread_id as string | undefined;
  return records.find((r) => r.type === "session")?.id as string | undefined;
}

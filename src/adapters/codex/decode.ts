/**
 * Codex `exec --json` → HarnessEvent. Record shapes: docs/harness-facts.md#codex-stream (0.171.0)
 * and the recorded streams in test/unit/decode/hcn-fixtures (harnesses/codex*.ndjson,
 * phase8-payload-stripping).
 *
 * - thread.started → identity (codex mints the thread id; a resumed id matching the request
 *   is caller-assigned).
 * - item.started of a tool item (command_execution, file_change, mcp_tool_call, web_search) →
 *   tool call with the item id; its item.completed → tool result (command exit code kept; a
 *   non-zero exit is a failed tool, not a failed turn; status "declined" is a denial).
 * - item.completed agent_message → message; reasoning → thinking message.
 * - item `type:"error"` is a routine notice ("Skill descriptions were shortened…", "Model
 *   metadata … not found"): an `error` event, never a failure.
 * - top-level `error` → error event, held as a pending failure: codex retries on its own
 *   ("Reconnecting... waiting for network"), so it only counts if the turn never completes.
 *   With no network at all codex prints that notice about every 45 s forever
 *   (docs/harness-facts.md#codex-failures, "nothing listening"): after RECONNECT_GIVE_UP of them in a row the decoder reports a
 *   `network` failure with the count and asks the runner to stop codex (giveUp).
 *   turn.failed → failure now. turn.completed → usage (codex/usage.ts), and clears anything pending.
 * - turn.started, item.updated, todo_list and other lifecycle items → progress.
 */

import { classifyFailureText, type MatcherSet, mergeExtras, withExtras } from "../../core/classify.js";
import type { DecoderContext, JsonObject, StreamDecoder } from "../../core/decoder.js";
import type { FailureSummary, HarnessEvent } from "../../core/events.js";
import { failure, failureEvent } from "../../core/failure.js";
import type { TurnOptions } from "../../core/options/types.js";
import { canonicalTool } from "../decoding/canonical-tool.js";
import { IdentityTracker } from "../decoding/identity-tracker.js";
import { num, obj, str, unrecognized } from "../decoding/record-fields.js";
import { safetyDivergence } from "../decoding/safety-notice.js";
import { textLineEvents } from "../decoding/text-line-events.js";
import { CODEX_MATCHERS, CODEX_SAFETY_NOTICES } from "./matchers.js";
import { askedSandbox } from "./options.js";
import { execTurnUsage } from "./usage.js";

export { CODEX_MATCHERS } from "./matchers.js";

/** Codex item types → canonical tool names. */
export const CODEX_CANONICAL_TOOLS: Readonly<Record<string, string>> = {
  command_execution: "shell",
  file_change: "edit",
  web_search: "web-search",
};

const TOOL_ITEMS = new Set(["command_execution", "file_change", "mcp_tool_call", "web_search"]);

function toolName(item: JsonObject, type: string): string {
  if (type !== "mcp_tool_call") return type;
  const server = str(item.server);
  const tool = str(item.tool);
  return server && tool ? `${server}.${tool}` : (tool ?? type);
}

function toolInput(item: JsonObject, type: string): unknown {
  switch (type) {
    case "command_execution":
      return { command: item.command };
    case "file_change":
      return { changes: item.changes };
    case "web_search":
      return { query: item.query };
    default:
      return item.arguments ?? item.invocation;
  }
}

function toolOutput(item: JsonObject, type: string): string {
  if (type === "command_execution") return str(item.aggregated_output) ?? "";
  if (type === "file_change") {
    const changes = Array.isArray(item.changes) ? item.changes : [];
    return changes.map((c) => `${str(obj(c)?.kind) ?? "change"} ${str(obj(c)?.path) ?? "?"}`).join("\n");
  }
  if (type === "mcp_tool_call") {
    const error = obj(item.error);
    if (error) return str(error.message) ?? JSON.stringify(error);
    const result = item.result;
    return typeof result === "string" ? result : result === undefined || result === null ? "" : JSON.stringify(result);
  }
  return str(item.query) ?? "";
}

/**
 * The sandbox `codex exec` runs under for these options, as argv.ts renders them: the autonomy
 * bypass wins over --sandbox, --access maps onto a sandbox mode, and exec's own default is
 * workspace-write.
 */
function execSandbox(asked: TurnOptions): string {
  if (asked.autonomy) return "danger-full-access";
  return askedSandbox(asked) ?? "workspace-write";
}

/** Codex's notice while it waits for a network it cannot reach. */
const WAITING_FOR_NETWORK = /waiting for network/i;
/** Consecutive waiting-for-network notices after which the turn is given up (about 4 minutes). */
export const RECONNECT_GIVE_UP = 5;

class CodexDecoder implements StreamDecoder {
  private readonly identity: IdentityTracker;
  private readonly matchers: MatcherSet;
  private readonly calls = new Set<string>();
  private pending: FailureSummary | undefined;
  /** An exec turn ends with turn.completed or turn.failed; turn.started opens one (every capture ends so). */
  private turnOpen = true;
  /** Waiting-for-network notices since the last record that showed the turn moving. */
  private reconnects = 0;
  private gaveUp: string | undefined;

  constructor(private readonly context: DecoderContext) {
    this.identity = new IdentityTracker("codex", context);
    this.matchers = withExtras(mergeExtras(context.matchers, CODEX_MATCHERS));
  }

  record(record: JsonObject): HarnessEvent[] {
    if (record.type !== "error") this.reconnects = 0;
    switch (record.type) {
      case "thread.started":
        return this.identity.announce(record.thread_id);
      case "turn.started":
        this.turnOpen = true;
        return [{ kind: "progress", label: "turn.started" }];
      case "item.started":
        return this.itemStarted(obj(record.item), record);
      case "item.updated":
        return [{ kind: "progress", label: `item.updated:${str(obj(record.item)?.type) ?? "item"}` }];
      case "item.completed":
        return this.itemCompleted(obj(record.item), record);
      case "turn.completed":
        return this.turnCompleted(record);
      case "turn.failed":
        return this.turnFailed(record);
      case "error":
        return this.topLevelError(record);
      default:
        return [unrecognized(record)];
    }
  }

  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
    const events = textLineEvents(line, stream, this.matchers);
    const asked = this.context.asked;
    if (stream !== "stderr" || asked === undefined) return events;
    const divergence = safetyDivergence(line, CODEX_SAFETY_NOTICES, { "codex.sandbox": execSandbox(asked) });
    return divergence ? [...events, divergence] : events;
  }

  end(): HarnessEvent[] {
    const pending = this.pending;
    this.pending = undefined;
    return pending ? [failureEvent(pending)] : [];
  }

  giveUp(): string | undefined {
    return this.gaveUp;
  }

  incompleteTurn(): string | undefined {
    return this.turnOpen ? "codex exec --json ended without turn.completed or turn.failed" : undefined;
  }

  private call(item: JsonObject, type: string): HarnessEvent {
    const id = str(item.id) ?? null;
    if (id) this.calls.add(id);
    const name = toolName(item, type);
    const canonical = canonicalTool(name, CODEX_CANONICAL_TOOLS, this.context);
    return {
      kind: "tool",
      phase: "call",
      callId: id,
      name,
      ...(canonical ? { canonical } : {}),
      input: toolInput(item, type),
    };
  }

  private itemStarted(item: JsonObject | undefined, record: JsonObject): HarnessEvent[] {
    const type = str(item?.type);
    if (!item || !type) return [unrecognized(record, "item.started")];
    if (TOOL_ITEMS.has(type)) return [this.call(item, type)];
    return [{ kind: "progress", label: `item.started:${type}` }];
  }

  private itemCompleted(item: JsonObject | undefined, record: JsonObject): HarnessEvent[] {
    const type = str(item?.type);
    if (!item || !type) return [unrecognized(record, "item.completed")];
    switch (type) {
      case "agent_message":
        return [{ kind: "message", role: "assistant", text: str(item.text) ?? "" }];
      case "reasoning":
        return [{ kind: "message", role: "assistant", text: str(item.text) ?? "", thinking: true }];
      case "error":
        return [{ kind: "error", message: str(item.message) ?? "codex reported an error item" }];
      case "todo_list":
        return [{ kind: "progress", label: "todo_list" }];
      default:
        break;
    }
    if (!TOOL_ITEMS.has(type)) return [unrecognized(record, `item.completed:${type}`)];
    const out: HarnessEvent[] = [];
    const id = str(item.id) ?? null;
    if (id === null || !this.calls.has(id)) out.push(this.call(item, type));
    const status = str(item.status);
    const exitCode = type === "command_execution" ? (num(item.exit_code) ?? null) : undefined;
    const isError =
      status === "failed" ||
      status === "declined" ||
      (exitCode !== undefined && exitCode !== null && exitCode !== 0) ||
      (type === "mcp_tool_call" && item.error !== undefined && item.error !== null);
    out.push({
      kind: "tool",
      phase: "result",
      callId: id,
      name: toolName(item, type),
      output: toolOutput(item, type),
      isError,
      ...(status === "declined" ? { denied: true } : {}),
      ...(exitCode !== undefined ? { exitCode } : {}),
    });
    return out;
  }

  private turnCompleted(record: JsonObject): HarnessEvent[] {
    this.turnOpen = false;
    this.pending = undefined;
    const usage = obj(record.usage);
    if (!usage) return [{ kind: "progress", label: "turn.completed" }];
    return [execTurnUsage(usage)];
  }

  private turnFailed(record: JsonObject): HarnessEvent[] {
    this.turnOpen = false;
    const message =
      str(obj(record.error)?.message) ?? str(record.message) ?? this.pending?.message ?? "codex turn failed";
    this.pending = undefined;
    const classified = classifyFailureText(message, this.matchers, { fallback: "task" });
    return [{ kind: "error", message, terminal: true }, failureEvent(classified)];
  }

  private topLevelError(record: JsonObject): HarnessEvent[] {
    const message = str(record.message) ?? "codex reported an error";
    if (WAITING_FOR_NETWORK.test(message)) return this.reconnecting(message);
    this.pending = classifyFailureText(message, this.matchers, { fallback: "task" });
    return [{ kind: "error", message }];
  }

  private reconnecting(message: string): HarnessEvent[] {
    this.reconnects += 1;
    const out: HarnessEvent[] = [
      { kind: "error", message },
      { kind: "progress", label: "reconnecting", detail: `attempt ${this.reconnects} of ${RECONNECT_GIVE_UP}` },
    ];
    if (this.reconnects < RECONNECT_GIVE_UP || this.gaveUp !== undefined) {
      this.pending = classifyFailureText(message, this.matchers, { fallback: "task" });
      return out;
    }
    this.pending = undefined;
    this.gaveUp = `codex reported waiting for network ${this.reconnects} times in a row`;
    const summary = failure(
      "network",
      `codex could not reach the network: still waiting after ${this.reconnects} reconnect attempts, so hmux stopped it (last: ${message})`,
      { hint: "check the network and the provider endpoint (or --endpoint), then run again" },
    );
    return [...out, { kind: "error", message: summary.message, terminal: true }, failureEvent(summary)];
  }
}

export function createDecoder(context: DecoderContext = {}): StreamDecoder {
  return new CodexDecoder(context);
}

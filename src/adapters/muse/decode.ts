/**
 * Muse `exec --json` → HarnessEvent. Muse writes envelope records ({schema_version, stream,
 * payload_type, payload:{kind,…}}); shapes from docs/harness-facts.md#muse-stream and the recorded
 * streams in test/unit/decode/hcn-fixtures (harnesses/muse*.ndjson, schema_version 1).
 *
 * - identity: the `stream.id` of the first record whose stream kind is "session".
 * - run_output_delta → token; run_terminal completed → message (streamed when deltas came);
 *   run_terminal failed → a step-budget reason is `budget`, anything else is classified from the
 *   reason text (fallback `task`).
 * - task_lifecycle side_effect_intent with operation "tool:<name>" → tool call (the call id is
 *   the idempotency key's "tool:<id>"); a policy_decision starting "deny" marks the call denied.
 *   tool_result → tool result (outcome other than "success" is an error). A result with no
 *   announced call gets its call first, input taken from the result's JSON `command` if any.
 * - turn_input_user → user message. Other lifecycle payloads (command_accepted, *_linked,
 *   run_model_configured, run_started, workspace_branch_observed, task_lifecycle) → progress.
 * - an unknown payload kind → unrecognized.
 * - a stream that stops before run_terminal is an incomplete turn, an empty or record-less one too.
 */

import { classifyFailureText, type MatcherSet, mergeExtras, withExtras } from "../../core/classify.js";
import type { DecoderContext, JsonObject, StreamDecoder } from "../../core/decoder.js";
import type { HarnessEvent } from "../../core/events.js";
import { failure, failureEvent } from "../../core/failure.js";
import { canonicalTool } from "../decoding/canonical-tool.js";
import { IdentityTracker } from "../decoding/identity-tracker.js";
import { obj, str, unrecognized } from "../decoding/record-fields.js";
import { textLineEvents } from "../decoding/text-line-events.js";

/** Muse tool names → canonical (bash and read_file seen in recorded streams; write_file per the spec's toolMap example). */
export const MUSE_CANONICAL_TOOLS: Readonly<Record<string, string>> = {
  bash: "shell",
  read_file: "read",
  write_file: "write",
  edit_file: "edit",
};

const STEP_BUDGET = /did not reach a terminal state within \d+ step/i;

const PROGRESS_KINDS = new Set([
  "command_accepted",
  "session_run_linked",
  "run_model_configured",
  "workspace_branch_observed",
  "run_started",
  "task_stream_linked",
]);

function callIdFromKey(key: string | undefined): string | null {
  if (!key) return null;
  return key.startsWith("tool:") ? key.slice("tool:".length) : key;
}

function commandOf(text: string): unknown {
  if (!text.trimStart().startsWith("{")) return undefined;
  try {
    const parsed = obj(JSON.parse(text));
    return parsed && typeof parsed.command === "string" ? { command: parsed.command } : undefined;
  } catch {
    return undefined;
  }
}

class MuseDecoder implements StreamDecoder {
  private readonly identity: IdentityTracker;
  private readonly matchers: MatcherSet;
  private readonly calls = new Set<string>();
  private readonly deniedCalls = new Set<string>();
  private streamed = false;
  /** The turn is open from the start; only run_terminal closes it (every recorded muse turn ends so). */
  private terminalSeen = false;

  constructor(private readonly context: DecoderContext) {
    this.identity = new IdentityTracker("muse", context);
    this.matchers = withExtras(mergeExtras(context.matchers, {}));
  }

  record(record: JsonObject): HarnessEvent[] {
    const out: HarnessEvent[] = [];
    const stream = obj(record.stream);
    if (this.identity.sessionId === undefined && stream?.kind === "session")
      out.push(...this.identity.announce(stream.id));
    const payload = obj(record.payload);
    const kind = str(payload?.kind);
    if (!payload || !kind) {
      out.push(unrecognized(record));
      return out;
    }
    const label = str(record.payload_type) ?? kind;
    if (PROGRESS_KINDS.has(kind)) out.push({ kind: "progress", label });
    else out.push(...this.payload(kind, payload, record, label));
    return out;
  }

  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
    return textLineEvents(line, stream, this.matchers);
  }

  end(): HarnessEvent[] {
    return [];
  }

  incompleteTurn(): string | undefined {
    // Records after run_terminal (a workspace-branch note) do not reopen the turn.
    return !this.terminalSeen ? "muse exec --json ended without its run_terminal record" : undefined;
  }

  private payload(kind: string, payload: JsonObject, record: JsonObject, label: string): HarnessEvent[] {
    switch (kind) {
      case "run_output_delta":
        this.streamed = true;
        return [{ kind: "token", text: str(payload.text) ?? "" }];
      case "run_terminal":
        return this.terminal(payload);
      case "turn_input_user":
        return [{ kind: "message", role: "user", text: str(payload.prompt) ?? "" }];
      case "tool_result":
        return this.toolResult(payload);
      case "task_lifecycle":
        return this.lifecycle(obj(payload.event), label);
      default:
        return [unrecognized(record, label)];
    }
  }

  private lifecycle(event: JsonObject | undefined, label: string): HarnessEvent[] {
    const operation = str(event?.operation);
    if (str(event?.kind) === "side_effect_intent" && operation?.startsWith("tool:")) {
      const name = operation.slice("tool:".length);
      const id = callIdFromKey(str(event?.idempotency_key));
      if (id) this.calls.add(id);
      if (id && str(event?.policy_decision)?.startsWith("deny")) this.deniedCalls.add(id);
      const canonical = canonicalTool(name, MUSE_CANONICAL_TOOLS, this.context);
      return [{ kind: "tool", phase: "call", callId: id, name, ...(canonical ? { canonical } : {}) }];
    }
    const message = str(event?.message);
    return [message ? { kind: "progress", label, detail: message } : { kind: "progress", label }];
  }

  private toolResult(payload: JsonObject): HarnessEvent[] {
    const id = str(payload.call_id) ?? null;
    const facts = obj(payload.correlation_facts);
    const name = str(facts?.tool_name) ?? "(unnamed)";
    const output = str(payload.text) ?? "";
    const out: HarnessEvent[] = [];
    if (id === null || !this.calls.has(id)) {
      const canonical = canonicalTool(name, MUSE_CANONICAL_TOOLS, this.context);
      const input = commandOf(output);
      out.push({
        kind: "tool",
        phase: "call",
        callId: id,
        name,
        ...(canonical ? { canonical } : {}),
        ...(input !== undefined ? { input } : {}),
      });
    }
    const outcome = str(facts?.outcome);
    const denied = (id !== null && this.deniedCalls.has(id)) || outcome === "denied";
    out.push({
      kind: "tool",
      phase: "result",
      callId: id,
      name,
      output,
      isError: outcome !== undefined && outcome !== "success",
      ...(denied ? { denied: true } : {}),
    });
    return out;
  }

  private terminal(payload: JsonObject): HarnessEvent[] {
    this.terminalSeen = true;
    const terminal = str(payload.terminal);
    const text = str(payload.text);
    const streamed = this.streamed;
    this.streamed = false;
    if (terminal === "completed") {
      return text ? [{ kind: "message", role: "assistant", text, ...(streamed ? { streamed: true } : {}) }] : [];
    }
    const reason = str(payload.reason) ?? text ?? `muse run ended ${terminal ?? "without a terminal state"}`;
    const message = `muse run ${terminal ?? "ended"}: ${reason}`;
    if (terminal === "failed" && STEP_BUDGET.test(reason)) {
      return [{ kind: "error", message, terminal: true }, failureEvent(failure("budget", message))];
    }
    if (terminal === "cancelled" || terminal === "canceled") return [{ kind: "error", message }];
    return [
      { kind: "error", message, terminal: true },
      failureEvent({ ...classifyFailureText(reason, this.matchers, { fallback: "task" }), message }),
    ];
  }
}

export function createDecoder(context: DecoderContext = {}): StreamDecoder {
  return new MuseDecoder(context);
}

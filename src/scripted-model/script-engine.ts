/**
 * Picks the rule and reply that answer one request, and checks what the harness sent back.
 * Stateless about conversations (it reads them from each request), stateful only about
 * which call ids it issued and how many times a `failTimes` reply has failed.
 */
import type { Conversation } from "./conversation.js";
import { MarkerError, ruleFromMarkers } from "./markers.js";
import type { Script, ScriptMatch, ScriptReply, ScriptRule } from "./script-schema.js";

export interface CheckResult {
  readonly name: "tool-result" | "tool-result-output" | "history" | "markers";
  readonly ok: boolean;
  readonly detail: string;
}

export interface Decision {
  readonly rule: string;
  readonly replyIndex: number;
  /** The reply is the rule's `onError` one (the latest tool round had an error). */
  readonly onError?: boolean;
  readonly reply: ScriptReply;
  /** The reply's failure applies to this request (false once `failTimes` is used up). */
  readonly failing: boolean;
  readonly checks: readonly CheckResult[];
}

const MAX_TOOL_OUTPUT = 2000;

function matches(match: ScriptMatch | undefined, conv: Conversation): boolean {
  if (!match) return true;
  if (match.contains !== undefined && !conv.lastUserText.includes(match.contains)) return false;
  if (match.regex !== undefined && !new RegExp(match.regex, match.flags).test(conv.lastUserText)) return false;
  if (match.wire !== undefined && conv.protocol !== match.wire) return false;
  if (match.assistantSaid !== undefined && !conv.assistantTexts.some((t) => t.includes(match.assistantSaid!)))
    return false;
  return true;
}

/** Latest tool outputs joined, for `{{toolResult}}`. */
export function toolResultText(conv: Conversation): string {
  const text = conv.latestToolResults
    .map((r) => r.output)
    .join("\n")
    .trim();
  return text.length > MAX_TOOL_OUTPUT ? `${text.slice(0, MAX_TOOL_OUTPUT)}…` : text;
}

export class ScriptEngine {
  private readonly issuedCallIds = new Set<string>();
  private readonly failures = new Map<string, number>();

  constructor(private readonly script: Script) {}

  /** Remember a call id the server sent, so a tool result can be checked against it. */
  noteIssuedCall(id: string): void {
    this.issuedCallIds.add(id);
  }

  decide(conv: Conversation): Decision {
    const checks: CheckResult[] = [];
    let rule: ScriptRule | undefined;
    try {
      rule = ruleFromMarkers(conv.lastUserText) ?? undefined;
    } catch (err) {
      if (!(err instanceof MarkerError)) throw err;
      checks.push({ name: "markers", ok: false, detail: err.message });
      rule = { name: "bad-markers", replies: [{ text: [`hmux model: ${err.message}`] }] };
    }
    rule ??= this.script.rules.find((r) => matches(r.match, conv));
    if (!rule) {
      rule = { name: "no-rule", replies: [{ text: ["hmux model: no script rule matches this request."] }] };
    }
    const replyIndex = conv.toolRounds;
    // A denied (or failed) call is not a step done: the rule says what follows one, if it knows.
    const errored = rule.onError !== undefined && conv.latestToolResults.some((r) => r.isError);
    const reply: ScriptReply = (errored ? rule.onError : rule.replies[replyIndex]) ?? {
      text: [`hmux model: rule "${rule.name}" has no reply #${replyIndex}; ending the turn.`],
    };
    checks.push(...this.check(reply, conv));
    const key = errored ? "onError" : replyIndex;
    return {
      rule: rule.name,
      replyIndex,
      ...(errored ? { onError: true } : {}),
      reply,
      failing: this.failing(rule.name, key, reply),
      checks,
    };
  }

  private failing(rule: string, index: number | "onError", reply: ScriptReply): boolean {
    if (!reply.failure) return false;
    if (reply.failTimes === undefined) return true;
    const key = `${rule}#${index}`;
    const seen = this.failures.get(key) ?? 0;
    if (seen >= reply.failTimes) return false;
    this.failures.set(key, seen + 1);
    return true;
  }

  private check(reply: ScriptReply, conv: Conversation): CheckResult[] {
    const out: CheckResult[] = [];
    if (conv.toolRounds > 0) {
      const ids = conv.latestToolResults.map((r) => r.callId);
      const known = ids.filter((id) => this.issuedCallIds.has(id));
      out.push({
        name: "tool-result",
        ok: ids.length > 0 && known.length === ids.length,
        detail:
          ids.length === 0
            ? "a tool round without results"
            : `results for ${ids.join(", ")}; issued here: ${known.length}/${ids.length}`,
      });
    } else if (reply.expect?.toolResult) {
      out.push({ name: "tool-result", ok: false, detail: "the script expected a tool result, none came back" });
    }
    if (typeof reply.expect?.toolResult === "string") {
      const want = reply.expect.toolResult;
      const ok = conv.latestToolResults.some((r) => r.output.includes(want));
      out.push({
        name: "tool-result-output",
        ok,
        detail: ok ? `found "${want}"` : `no tool output contains "${want}"`,
      });
    }
    for (const want of reply.expect?.history ?? []) {
      const ok = conv.earlierTexts.some((t) => t.includes(want));
      out.push({
        name: "history",
        ok,
        detail: ok ? `earlier messages contain "${want}"` : `no earlier message contains "${want}"`,
      });
    }
    return out;
  }
}

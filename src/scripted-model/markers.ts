/**
 * Inline markers in the user's text build an ad-hoc rule, for tests and `hmux run` by hand:
 *   [[bash:CMD]] [[shell:CMD]] [[escalate:CMD]] [[read:PATH]] [[write:PATH|CONTENT]]
 *   [[edit:PATH|OLD|NEW]] [[say:TEXT]] [[think:TEXT]] [[slow:MS]] [[ask:QUESTION|OPT|OPT…]]
 *   [[fail:401|403|429|500|529|drop|stall|hang]] [[retry-after:S]] [[fail-times:N]]
 *   [[expect-history:TEXT]] [[usage:IN/OUT]] [[ask-tool:QUESTION|OPT|OPT…]] (the harness's own question tool)
 * After a tool round the rule answers "Tool result received: <output>".
 */
import { HmuxError } from "../core/hmux-error.js";
import {
  HTTP_FAILURE_STATUSES,
  parseScript,
  type ScriptFailure,
  type ScriptReply,
  type ScriptRule,
  type ScriptToolCall,
} from "./script-schema.js";

const MARKER = /\[\[([a-z-]+):([\s\S]*?)\]\]/g;

export class MarkerError extends HmuxError {
  constructor(message: string) {
    super("invalid-script", message);
    this.name = "MarkerError";
  }
}

function failureOf(value: string, retryAfter: number | undefined): ScriptFailure {
  if (value === "drop" || value === "stall" || value === "hang") return { kind: value };
  const status = Number(value);
  const known = HTTP_FAILURE_STATUSES.find((s) => s === status);
  if (known === undefined)
    throw new MarkerError(`[[fail:${value}]]: expected one of ${HTTP_FAILURE_STATUSES.join("|")}|drop|stall|hang`);
  return {
    kind: "status",
    status: known,
    ...(retryAfter !== undefined || known === 429 ? { retryAfter: retryAfter ?? 1 } : {}),
  };
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new MarkerError(`[[${name}:${value}]]: expected a non-negative integer`);
  return n;
}

/** The ad-hoc rule the markers in `text` describe, or null when the text has none. */
/** The text holds at least one inline marker: it is a prompt written for the scripted model. */
export function hasMarkers(text: string): boolean {
  return [...text.matchAll(MARKER)].length > 0;
}

export function ruleFromMarkers(text: string): ScriptRule | null {
  const found = [...text.matchAll(MARKER)].map((m) => ({ name: m[1]!, value: m[2]! }));
  if (found.length === 0) return null;
  const tools: ScriptToolCall[] = [];
  const say: string[] = [];
  const history: string[] = [];
  let thinking: string | undefined;
  let delayMs: number | undefined;
  let fail: string | undefined;
  let retryAfter: number | undefined;
  let failTimes: number | undefined;
  let question: ScriptReply["question"];
  let usage: ScriptReply["usage"];
  for (const { name, value } of found) {
    const parts = value.split("|");
    switch (name) {
      case "bash":
      case "shell":
        tools.push({ tool: "shell", command: value });
        break;
      case "escalate":
        tools.push({ tool: "shell", command: value, escalate: true });
        break;
      case "read":
        tools.push({ tool: "read", path: value });
        break;
      case "write":
        tools.push({ tool: "write", path: parts[0]!, content: parts.slice(1).join("|") });
        break;
      case "edit":
        tools.push({ tool: "edit", path: parts[0]!, old: parts[1] ?? "", new: parts[2] ?? "" });
        break;
      case "say":
        say.push(value);
        break;
      case "think":
        thinking = value;
        break;
      case "slow":
        delayMs = positiveInt(name, value);
        break;
      case "fail":
        fail = value;
        break;
      case "retry-after":
        retryAfter = positiveInt(name, value);
        break;
      case "fail-times":
        failTimes = positiveInt(name, value);
        break;
      case "expect-history":
        history.push(value);
        break;
      case "ask-tool":
        tools.push({
          tool: "ask-user",
          question: parts[0]!,
          options: parts.length > 1 ? parts.slice(1) : ["yes", "no"],
        });
        break;
      case "ask":
        question = { question: parts[0]!, options: parts.slice(1).length ? parts.slice(1) : ["yes", "no"] };
        break;
      case "usage": {
        const [input, output] = value.split("/").map((v) => positiveInt(name, v));
        usage = { input: input ?? 0, output: output ?? 0, cachedInput: 0 };
        break;
      }
      default:
        continue; // unknown marker names are ordinary text
    }
  }
  const first: ScriptReply = {
    text: say.length ? say : tools.length ? ["I will run the command."] : question ? ["I need a decision."] : ["OK."],
    ...(thinking !== undefined ? { thinking } : {}),
    ...(tools.length ? { tools } : {}),
    ...(question ? { question } : {}),
    ...(usage ? { usage } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
    ...(fail !== undefined ? { failure: failureOf(fail, retryAfter) } : {}),
    ...(failTimes !== undefined ? { failTimes } : {}),
    ...(history.length ? { expect: { history } } : {}),
  };
  const replies: ScriptReply[] = [first];
  if (tools.length)
    replies.push({
      text: ["Tool result received: {{toolResult}}"],
      expect: { toolResult: true },
      ...(delayMs !== undefined ? { delayMs } : {}),
    });
  // Validate through the same schema a script file goes through.
  return parseScript({ rules: [{ name: "markers", replies }] }, "markers").rules[0]!;
}

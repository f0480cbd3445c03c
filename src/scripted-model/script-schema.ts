/**
 * The scripted model's behaviour, as data. A script is a list of rules; the first rule whose
 * match holds for a request answers it. A rule is a sequence of replies: reply #0 answers the
 * user's turn, reply #n answers after the n-th round of tool results came back.
 */

import { z } from "zod";
import { HmuxError } from "../core/hmux-error.js";

const nonEmpty = z.string().min(1);

export const MatchSchema = z.strictObject({
  /** Substring of the last user message. */
  contains: nonEmpty.optional(),
  /** Regular expression tested against the last user message. */
  regex: nonEmpty.optional(),
  flags: z
    .string()
    .regex(/^[dgimsuvy]*$/, "regex flags are letters from dgimsuvy")
    .optional(),
  /** Substring of any earlier assistant message (e.g. "```hcn-question": the answer turn). */
  assistantSaid: nonEmpty.optional(),
  /**
   * The wire the request came on: claude speaks Anthropic Messages, codex OpenAI Responses, pi
   * Chat Completions, so one script can give each harness its own part (the race demo does).
   */
  wire: z.enum(["anthropic", "responses", "chat"]).optional(),
});

const ShellCall = z.strictObject({
  tool: z.literal("shell"),
  command: nonEmpty,
  /** Ask for an unsandboxed run where the tool supports it (Codex `sandbox_permissions`). */
  escalate: z.boolean().optional(),
});
const ReadCall = z.strictObject({ tool: z.literal("read"), path: nonEmpty });
const WriteCall = z.strictObject({ tool: z.literal("write"), path: nonEmpty, content: z.string() });
const EditCall = z.strictObject({ tool: z.literal("edit"), path: nonEmpty, old: z.string(), new: z.string() });
/** The harness's own ask-the-user tool (claude's AskUserQuestion): one question with its options. */
const AskUserCall = z.strictObject({
  tool: z.literal("ask-user"),
  question: nonEmpty,
  options: z.array(nonEmpty).min(1),
});
export const ToolCallSchema = z.discriminatedUnion("tool", [ShellCall, ReadCall, WriteCall, EditCall, AskUserCall]);

export const QuestionSchema = z.strictObject({
  question: nonEmpty,
  options: z.array(nonEmpty).min(1),
  recommended: nonEmpty.optional(),
});

export const UsageSchema = z.strictObject({
  input: z.number().int().nonnegative().default(12),
  output: z.number().int().nonnegative().default(8),
  cachedInput: z.number().int().nonnegative().default(0),
});

export const HTTP_FAILURE_STATUSES = [400, 401, 403, 404, 429, 500, 502, 503, 529] as const;

export const FailureSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("status"),
    status: z.literal(HTTP_FAILURE_STATUSES),
    /** Seconds, sent as the `retry-after` header. */
    retryAfter: z.number().int().nonnegative().optional(),
    message: nonEmpty.optional(),
  }),
  /** Headers and the first event, then the socket is destroyed. */
  z.strictObject({ kind: z.literal("drop") }),
  /** Headers and the first event, then silence with the socket left open. */
  z.strictObject({ kind: z.literal("stall") }),
  /** No response at all: not even headers. */
  z.strictObject({ kind: z.literal("hang") }),
]);

export const ExpectSchema = z.strictObject({
  /** A tool result came back for the call the server made; a string also requires it in the output. */
  toolResult: z.union([z.boolean(), z.string()]).optional(),
  /** Each string must appear in an earlier message of the conversation (resume continues it). */
  history: z.array(nonEmpty).optional(),
});

export const ReplySchema = z.strictObject({
  thinking: z.string().optional(),
  /** Text chunks streamed in order; `{{toolResult}}` becomes the latest tool output. */
  text: z.union([z.string(), z.array(z.string())]).optional(),
  tools: z.array(ToolCallSchema).optional(),
  /** Appended to the text as a fenced `hcn-question` block. */
  question: QuestionSchema.optional(),
  usage: UsageSchema.optional(),
  /** Pause before every streamed chunk. */
  delayMs: z.number().int().nonnegative().max(600_000).optional(),
  failure: FailureSchema.optional(),
  /** Fail only this many times, then answer normally (a retry succeeds). Absent: always fail. */
  failTimes: z.number().int().positive().optional(),
  expect: ExpectSchema.optional(),
});

export const RuleSchema = z.strictObject({
  name: nonEmpty,
  /** Absent: the rule matches every request (a fallback). */
  match: MatchSchema.optional(),
  replies: z.array(ReplySchema).min(1),
  /** The reply after a tool round with an error in it; absent: the next reply in `replies`. */
  onError: ReplySchema.optional(),
});

export const ScriptSchema = z.strictObject({
  rules: z.array(RuleSchema).min(1),
});

export type ScriptMatch = z.infer<typeof MatchSchema>;
export type ScriptToolCall = z.infer<typeof ToolCallSchema>;
export type ScriptQuestion = z.infer<typeof QuestionSchema>;
export type ScriptUsage = z.infer<typeof UsageSchema>;
export type ScriptFailure = z.infer<typeof FailureSchema>;
export type ScriptReply = z.infer<typeof ReplySchema>;
export type ScriptRule = z.infer<typeof RuleSchema>;
export type Script = z.infer<typeof ScriptSchema>;

export class ScriptError extends HmuxError {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super("invalid-script", message);
    this.name = "ScriptError";
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || "(root)";
}

/** Validate a parsed script; the error names the path of the first bad field. */
export function parseScript(value: unknown, source = "script"): Script {
  const parsed = ScriptSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = formatPath(issue.path);
    throw new ScriptError(`${source}: invalid field ${path}: ${issue.message}`, path);
  }
  for (const [i, rule] of parsed.data.rules.entries()) {
    if (rule.match?.regex === undefined) continue;
    try {
      new RegExp(rule.match.regex, rule.match.flags);
    } catch (err) {
      const path = `rules[${i}].match.regex`;
      throw new ScriptError(`${source}: invalid field ${path}: ${(err as Error).message}`, path);
    }
  }
  return parsed.data;
}

/** Parse script text (JSON); a syntax error is reported as a ScriptError at the root. */
export function parseScriptText(text: string, source = "script"): Script {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ScriptError(`${source}: not valid JSON: ${(err as Error).message}`, "(root)");
  }
  return parseScript(value, source);
}

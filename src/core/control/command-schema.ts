/**
 * metaharness.command/1: one JSON object per line, each tagged with its format, each with an
 * id, each answered by exactly one command.result. This file only reads lines; deciding what a
 * well-formed command does is the machine's job (machine.ts).
 *
 * Decisions are read in both spellings, and both mean the same thing:
 *   nested  {"decision":{"decision":"deny","reason":"…"}}  (the reference wire type)
 *   flat    {"decision":"deny","reason":"…"}                (the published summary)
 * A line that mixes them (a nested decision plus a sibling "reason") is read as nested only:
 * hmux never merges fields from two places into one decision.
 */
import * as z from "zod/mini";
import "../schema-locale.js";
// The error's type by a second name: the build vendors every member named through `z`.
import type * as zod from "zod/mini";
import { RULE_SCOPES, type RuleScope } from "./allow-rules.js";
import { canonicalJson } from "./canonical-json.js";
import { COMMAND_NAMES, type CommandName, type ControlCommand, type Frame } from "./machine-types.js";
import type { Decision } from "./types.js";

export const COMMAND_FORMAT = "metaharness.command/1";
/** Default bound on one command line; a frame is the largest legitimate command and fits easily. */
export const DEFAULT_MAX_COMMAND_LINE_BYTES = 256 * 1024;

export type ParsedCommand =
  | {
      readonly ok: true;
      readonly command: ControlCommand /** canonical content without the id, for duplicate-id checks */;
      readonly content: string;
    }
  /** MALFORMED: answered under `id`, or under null when no id can be read. */
  | { readonly ok: false; readonly id: string | null; readonly reason: string };

const nonBlank = (what: string) =>
  z.string().check(z.refine((s) => s.trim().length > 0, `${what} must be a non-empty string`));

const decisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("allow") }),
  z.object({
    decision: z.literal("deny"),
    reason: z
      .string()
      .check(
        z.refine(
          (s) => s.trim().length > 0,
          "a deny needs a non-empty reason: the reason is the only part the model can act on",
        ),
      ),
  }),
  z.object({
    decision: z.literal("replace"),
    input: z.record(z.string(), z.unknown(), "replace needs an input object: the tool's whole new input"),
  }),
  z.object({ decision: z.literal("abstain") }),
]);

/** Frame operation words of the reference frame (metaharness.frame/1) → hmux canonical tools. */
export const FRAME_OPERATION_TOOLS: Readonly<Record<string, readonly string[]>> = {
  "file.read": ["read"],
  "file.write": ["write"],
  "file.edit": ["edit"],
  "dir.list": ["list", "glob"],
  search: ["grep", "glob"],
  shell: ["shell"],
  "web.read": ["web-fetch", "web-search"],
  "skill.load": ["skill"],
  "subagent.spawn": ["subagent"],
  "task.todo": [],
};

const operationSchema = z.union([
  z.object({ op: z.literal("mcp.call"), server: nonBlank("server"), tool: nonBlank("tool") }),
  z.object({ op: z.enum(Object.keys(FRAME_OPERATION_TOOLS) as [string, ...string[]]) }),
]);

const frameSchema = z.union([
  z.object({
    admits: z.array(nonBlank("an admitted tool")),
    text: z.optional(z.string()),
    digest: z.optional(z.string()),
  }),
  z.looseObject({ operations: z.array(operationSchema), digest: z.optional(z.string()) }),
]);

/** hmux's extensions to the vocabulary: they touch hmux's own state, never the harness, so every channel takes them. */
export const EXTENSION_COMMAND_NAMES = ["rule.revoke"] as const;
type AnyCommandName = CommandName | (typeof EXTENSION_COMMAND_NAMES)[number];

const payloadSchemas: Record<AnyCommandName, z.ZodMiniType> = {
  "tool.decide": z
    .object({
      call_id: nonBlank("call_id"),
      decision: decisionSchema,
      scope: z.optional(z.enum(RULE_SCOPES, `scope is one of ${RULE_SCOPES.join(", ")}`)),
    })
    .check(
      z.refine(
        (d) => d.scope === undefined || d.scope === "call" || d.decision.decision === "allow",
        "a scope wider than the call goes only with an allow: a rule is a standing yes",
      ),
    ),
  "rule.revoke": z.object({ rule_id: nonBlank("rule_id") }),
  "frame.set": z.object({ frame: frameSchema }),
  "message.inject": z.object({ text: nonBlank("text") }),
  steer: z.object({ text: nonBlank("text") }),
  "permission.set": z.object({ posture: nonBlank("posture") }),
  interrupt: z.object({ reason: nonBlank("reason") }),
  halt: z.object({ reason: nonBlank("reason") }),
};

/** Reads one raw line. Order: size, JSON, object, id, format, command name, payload. */
export function parseCommandLine(line: string, maxBytes: number = DEFAULT_MAX_COMMAND_LINE_BYTES): ParsedCommand {
  const bytes = Buffer.byteLength(line, "utf8");
  if (bytes > maxBytes)
    return {
      ok: false,
      id: null,
      reason: `the line is ${bytes} bytes, over the ${maxBytes}-byte limit, and was not read`,
    };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { ok: false, id: null, reason: `the line is not JSON: ${(err as Error).message}` };
  }
  return parseCommandValue(value);
}

/** Reads a decoded JSON value that claims to be a command. */
export function parseCommandValue(value: unknown): ParsedCommand {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, id: null, reason: "a command is a JSON object; this line is not one" };
  }
  const obj = value as Record<string, unknown>;
  const id = typeof obj.id === "string" && obj.id.trim() !== "" ? obj.id : null;
  if (id === null)
    return { ok: false, id: null, reason: "a command needs a non-empty string id, so its result can be matched to it" };
  if (obj.format !== COMMAND_FORMAT) {
    return { ok: false, id, reason: `format must be "${COMMAND_FORMAT}", got ${JSON.stringify(obj.format ?? null)}` };
  }
  const name = obj.command;
  const names: readonly string[] = [...COMMAND_NAMES, ...EXTENSION_COMMAND_NAMES];
  if (typeof name !== "string" || !names.includes(name)) {
    return {
      ok: false,
      id,
      reason: `unknown command ${JSON.stringify(name ?? null)}; the vocabulary is ${names.join(", ")}`,
    };
  }
  const command = name as AnyCommandName;
  const payload = command === "tool.decide" ? { ...obj, decision: nestedDecision(obj) } : obj;
  const parsed = payloadSchemas[command].safeParse(payload);
  if (!parsed.success) return { ok: false, id, reason: `malformed ${command}: ${describe(parsed.error)}` };
  const built = build(command, id, parsed.data as Record<string, unknown>);
  const { id: _omit, ...rest } = built;
  return { ok: true, command: built, content: canonicalJson(rest) };
}

function build(command: AnyCommandName, id: string, data: Record<string, unknown>): ControlCommand {
  switch (command) {
    case "tool.decide": {
      const scope = data.scope as RuleScope | undefined;
      return {
        command,
        id,
        callId: data.call_id as string,
        decision: data.decision as Decision,
        ...(scope !== undefined && scope !== "call" ? { scope } : {}),
      };
    }
    case "rule.revoke":
      return { command, id, ruleId: data.rule_id as string };
    case "frame.set":
      return { command, id, frame: toFrame(data.frame as Record<string, unknown>) };
    case "message.inject":
    case "steer":
      return { command, id, text: data.text as string };
    case "permission.set":
      return { command, id, posture: data.posture as string };
    case "interrupt":
    case "halt":
      return { command, id, reason: data.reason as string };
  }
}

/** Flat spelling → nested. A nested object is passed through untouched. */
function nestedDecision(obj: Record<string, unknown>): unknown {
  const d = obj.decision;
  if (typeof d !== "string") return d;
  const nested: Record<string, unknown> = { decision: d };
  if ("reason" in obj) nested.reason = obj.reason;
  if ("input" in obj) nested.input = obj.input;
  return nested;
}

function toFrame(raw: Record<string, unknown>): Frame {
  const digest = typeof raw.digest === "string" ? { digest: raw.digest } : {};
  if (Array.isArray(raw.admits)) {
    return { admits: raw.admits as string[], ...(typeof raw.text === "string" ? { text: raw.text } : {}), ...digest };
  }
  const admits = new Set<string>();
  for (const op of raw.operations as { op: string; server?: string; tool?: string }[]) {
    if (op.op === "mcp.call") admits.add(`mcp__${op.server}__${op.tool}`);
    else for (const tool of FRAME_OPERATION_TOOLS[op.op] ?? []) admits.add(tool);
  }
  return { admits: [...admits].sort(), ...digest };
}

function describe(error: zod.core.$ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(line)"}: ${i.message}`).join("; ");
}

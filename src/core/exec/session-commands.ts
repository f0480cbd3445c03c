/**
 * Reads one stdin line of a session: a seed op (send / answer / close) or a
 * metaharness.command/1 line. Both travel on the same stdin; a line that names a `format` or
 * a `command` is a command, anything else an op.
 *
 * Decisions are accepted in two spellings, both documented:
 *   nested  {"decision":{"decision":"deny","reason":"…"}}   (the reference wire type)
 *   flat    {"decision":"deny","reason":"…"}                 (the published summary)
 */
import { z } from "zod";
import type { Decision } from "../control/types.js";
import { COMMAND_NAMES, type CommandName } from "./session-bridge.js";

export const COMMAND_FORMAT = "metaharness.command/1";
/** A line longer than this is refused unread: no command needs it and it protects memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

export type SessionOp =
  | { readonly op: "send"; readonly id: string; readonly text: string }
  | { readonly op: "answer"; readonly id: string; readonly text: string }
  | { readonly op: "close" };

export type Command =
  | { readonly command: "tool.decide"; readonly id: string; readonly callId: string; readonly decision: Decision }
  | { readonly command: "steer" | "message.inject"; readonly id: string; readonly text: string }
  | { readonly command: "permission.set"; readonly id: string; readonly posture: string }
  | { readonly command: "interrupt" | "halt"; readonly id: string; readonly reason: string }
  | { readonly command: "frame.set"; readonly id: string; readonly frame: Record<string, unknown> };

export type ParsedLine =
  | { readonly kind: "blank" }
  | { readonly kind: "op"; readonly op: SessionOp }
  | { readonly kind: "command"; readonly command: Command }
  /** A bad op: an error event, no disposition. */
  | { readonly kind: "bad-op"; readonly message: string }
  /** A bad command: one command.result MALFORMED under its id (null when none can be read). */
  | { readonly kind: "bad-command"; readonly id: string | null; readonly message: string };

const nonEmpty = z.string().refine((s) => s.trim().length > 0, "must be a non-empty string");

const opSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("send"), id: nonEmpty, text: z.string() }),
  z.object({ op: z.literal("answer"), id: nonEmpty, text: z.string() }),
  z.object({ op: z.literal("close") }),
]);

const decisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("allow") }),
  z.object({ decision: z.literal("deny"), reason: z.string().refine((s) => s.trim().length > 0, "a deny needs a non-empty reason: the reason is the instruction the model is given") }),
  z.object({ decision: z.literal("replace"), input: z.unknown().refine((v) => v !== undefined, "replace needs an input") }),
  z.object({ decision: z.literal("abstain") }),
]);

const payloadSchemas: Record<CommandName, z.ZodType> = {
  "tool.decide": z.object({ call_id: nonEmpty, decision: decisionSchema }),
  "steer": z.object({ text: nonEmpty }),
  "message.inject": z.object({ text: nonEmpty }),
  "permission.set": z.object({ posture: nonEmpty }),
  "interrupt": z.object({ reason: nonEmpty }),
  "halt": z.object({ reason: nonEmpty }),
  "frame.set": z.object({ frame: z.record(z.string(), z.unknown()) }),
};

export function parseSessionLine(line: string): ParsedLine {
  if (line.trim() === "") return { kind: "blank" };
  if (Buffer.byteLength(line, "utf8") > MAX_LINE_BYTES) {
    return { kind: "bad-op", message: `line of ${Buffer.byteLength(line, "utf8")} bytes exceeds the ${MAX_LINE_BYTES}-byte limit` };
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { kind: "bad-op", message: `line is not JSON: ${(err as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "bad-op", message: "line is not a JSON object" };
  }
  const obj = value as Record<string, unknown>;
  if ("format" in obj || "command" in obj) return parseCommand(obj);
  const op = opSchema.safeParse(obj);
  if (!op.success) return { kind: "bad-op", message: `malformed op: ${describe(op.error)}` };
  return { kind: "op", op: op.data as SessionOp };
}

function parseCommand(obj: Record<string, unknown>): ParsedLine {
  const id = typeof obj.id === "string" && obj.id.trim() !== "" ? obj.id : null;
  if (obj.format !== COMMAND_FORMAT) {
    return { kind: "bad-command", id, message: `format must be "${COMMAND_FORMAT}", got ${JSON.stringify(obj.format ?? null)}` };
  }
  if (id === null) return { kind: "bad-command", id: null, message: "a command needs a non-empty string id" };
  const name = obj.command;
  if (typeof name !== "string" || !(COMMAND_NAMES as readonly string[]).includes(name)) {
    return { kind: "bad-command", id, message: `unknown command ${JSON.stringify(name ?? null)}; the vocabulary is ${COMMAND_NAMES.join(", ")}` };
  }
  const command = name as CommandName;
  const payload = command === "tool.decide" ? { ...obj, decision: normalizeDecision(obj) } : obj;
  const parsed = payloadSchemas[command].safeParse(payload);
  if (!parsed.success) return { kind: "bad-command", id, message: `malformed ${command}: ${describe(parsed.error)}` };
  const data = parsed.data as Record<string, unknown>;
  switch (command) {
    case "tool.decide":
      return { kind: "command", command: { command, id, callId: data.call_id as string, decision: data.decision as Decision } };
    case "steer":
    case "message.inject":
      return { kind: "command", command: { command, id, text: data.text as string } };
    case "permission.set":
      return { kind: "command", command: { command, id, posture: data.posture as string } };
    case "interrupt":
    case "halt":
      return { kind: "command", command: { command, id, reason: data.reason as string } };
    case "frame.set":
      return { kind: "command", command: { command, id, frame: data.frame as Record<string, unknown> } };
  }
}

/** Flat spelling → nested: `"decision":"deny","reason":"…"` becomes `{"decision":"deny","reason":"…"}`. */
function normalizeDecision(obj: Record<string, unknown>): unknown {
  const d = obj.decision;
  if (typeof d !== "string") return d;
  const nested: Record<string, unknown> = { decision: d };
  if ("reason" in obj) nested.reason = obj.reason;
  if ("input" in obj) nested.input = obj.input;
  return nested;
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(line)"}: ${i.message}`).join("; ");
}

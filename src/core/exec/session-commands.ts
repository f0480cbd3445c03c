/**
 * Reads one stdin line of a session. Seed ops (send / answer / close) are read here; a line
 * that names a `format` or a `command` is a metaharness.command/1 line and goes, raw, to the
 * control machine, which answers it with exactly one command.result (both decision spellings,
 * nested and flat, are accepted there: src/core/control/command-schema.ts).
 */
import * as z from "zod/mini";
import "../schema-locale.js";
import { COMMAND_FORMAT } from "../control/command-schema.js";
import type { ControlCommand } from "../control/machine-types.js";

/** A line longer than this is refused unread: no op needs it and it protects memory. */
export const MAX_LINE_BYTES = 1024 * 1024;

export type SessionOp =
  | { readonly op: "send"; readonly id: string; readonly text: string }
  | { readonly op: "answer"; readonly id: string; readonly text: string }
  | { readonly op: "close" };

export type ParsedLine =
  | { readonly kind: "blank" }
  | { readonly kind: "op"; readonly op: SessionOp }
  /** For the control machine, verbatim. */
  | { readonly kind: "command"; readonly line: string }
  /** A bad op: an error event, no disposition. */
  | { readonly kind: "bad-op"; readonly message: string }
  /** A line too long to read: whatever it was, it gets MALFORMED under id null, as on the socket. */
  | { readonly kind: "unread"; readonly bytes: number };

/**
 * What a line reader hands on for a line it discarded unread (over MAX_LINE_BYTES): the reader
 * cannot keep the text, so it passes this marker line with the byte count instead.
 */
export function unreadLineMarker(bytes: number): string {
  return JSON.stringify({ op: "unread-line", bytes });
}

const nonEmpty = z.string().check(z.refine((s) => s.trim().length > 0, "must be a non-empty string"));

const opSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("send"), id: nonEmpty, text: z.string() }),
  z.object({ op: z.literal("answer"), id: nonEmpty, text: z.string() }),
  z.object({ op: z.literal("close") }),
]);

export function parseSessionLine(line: string): ParsedLine {
  if (line.trim() === "") return { kind: "blank" };
  const bytes = Buffer.byteLength(line, "utf8");
  if (bytes > MAX_LINE_BYTES) return { kind: "unread", bytes };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    // Text that merely mentions the command format is a broken command: it gets a command.result.
    if (line.includes(COMMAND_FORMAT)) return { kind: "command", line };
    return { kind: "bad-op", message: `line is not JSON: ${(err as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { kind: "bad-op", message: "line is not a JSON object" };
  const obj = value as Record<string, unknown>;
  if ("format" in obj || "command" in obj) return { kind: "command", line };
  if (obj.op === "unread-line" && typeof obj.bytes === "number") return { kind: "unread", bytes: obj.bytes };
  const op = opSchema.safeParse(obj);
  if (!op.success)
    return {
      kind: "bad-op",
      message: `malformed op: ${op.error.issues.map((i) => `${i.path.join(".") || "(line)"}: ${i.message}`).join("; ")}`,
    };
  return { kind: "op", op: op.data as SessionOp };
}

/** A parsed command back in its wire shape, for callers (the TUI) that hold the typed form. */
export function commandToWire(command: ControlCommand): Record<string, unknown> {
  const base = { format: COMMAND_FORMAT, id: command.id, command: command.command };
  switch (command.command) {
    case "tool.decide":
      return {
        ...base,
        call_id: command.callId,
        decision: command.decision,
        ...(command.scope !== undefined ? { scope: command.scope } : {}),
      };
    case "rule.revoke":
      return { ...base, rule_id: command.ruleId };
    case "frame.set":
      return { ...base, frame: command.frame };
    case "message.inject":
    case "steer":
      return { ...base, text: command.text };
    case "permission.set":
      return { ...base, posture: command.posture };
    case "interrupt":
    case "halt":
      return { ...base, reason: command.reason };
  }
}

/**
 * The agent's replies hmux reads, checked (zod) before anything is taken from them: the SDK checks
 * what an agent asks of hmux, not what it answers, so an answer is read here, field by field.
 */
import * as z from "zod/mini";
import "../../core/schema-locale.js";

const implementation = z.looseObject({ name: z.string(), version: z.string() });

export const initializeReply = z.looseObject({
  protocolVersion: z.number().check(z.int(), z.nonnegative()),
  agentCapabilities: z.optional(
    z.looseObject({
      loadSession: z.optional(z.boolean()),
      sessionCapabilities: z.nullish(z.looseObject({ resume: z.nullish(z.looseObject({})) })),
    }),
  ),
  agentInfo: z.nullish(implementation),
});
export type InitializeReply = z.infer<typeof initializeReply>;

export const newSessionReply = z.looseObject({ sessionId: z.string().check(z.minLength(1)) });

export const promptReply = z.looseObject({
  stopReason: z.enum(["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]),
});
export type StopReasonName = z.infer<typeof promptReply>["stopReason"];

/** A JSON-RPC 2.0 message as ACP frames one: a request, a notification or a response. */
const id = z.union([z.string(), z.number(), z.null()]);
export const jsonRpcEnvelope = z.union([
  z.looseObject({ jsonrpc: z.literal("2.0"), method: z.string(), id: z.optional(id), params: z.unknown() }),
  z.looseObject({ jsonrpc: z.literal("2.0"), id, result: z.unknown() }),
  z.looseObject({
    jsonrpc: z.literal("2.0"),
    id,
    error: z.looseObject({ code: z.number().check(z.int()), message: z.string() }),
  }),
]);

/** Why a parsed stdout record is not a JSON-RPC message, or null when it is one. */
export function envelopeProblem(record: unknown): string | null {
  const parsed = jsonRpcEnvelope.safeParse(record);
  if (parsed.success) {
    const r = record as Record<string, unknown>;
    if (r.method === undefined && "result" in r && "error" in r) return "a response with both result and error";
    return null;
  }
  const r = record as Record<string, unknown>;
  if (r.jsonrpc !== "2.0") return `"jsonrpc" is ${JSON.stringify(r.jsonrpc) ?? "missing"}, not "2.0"`;
  return "neither a request, a notification nor a response";
}

/**
 * The agent's replies hmux reads, checked (zod) before anything is taken from them: the SDK checks
 * what an agent asks of hmux, not what it answers, so an answer is read here, field by field.
 */
import { z } from "zod";

const implementation = z.object({ name: z.string(), version: z.string() }).passthrough();

export const initializeReply = z
  .object({
    protocolVersion: z.number().int().nonnegative(),
    agentCapabilities: z
      .object({
        loadSession: z.boolean().optional(),
        sessionCapabilities: z
          .object({ resume: z.object({}).passthrough().nullish() })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .optional(),
    agentInfo: implementation.nullish(),
  })
  .passthrough();
export type InitializeReply = z.infer<typeof initializeReply>;

export const newSessionReply = z.object({ sessionId: z.string().min(1) }).passthrough();

export const promptReply = z
  .object({ stopReason: z.enum(["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"]) })
  .passthrough();
export type StopReasonName = z.infer<typeof promptReply>["stopReason"];

/** A JSON-RPC 2.0 message as ACP frames one: a request, a notification or a response. */
const id = z.union([z.string(), z.number(), z.null()]);
export const jsonRpcEnvelope = z.union([
  z.object({ jsonrpc: z.literal("2.0"), method: z.string(), id: id.optional(), params: z.unknown() }).passthrough(),
  z.object({ jsonrpc: z.literal("2.0"), id, result: z.unknown() }).passthrough(),
  z
    .object({
      jsonrpc: z.literal("2.0"),
      id,
      error: z.object({ code: z.number().int(), message: z.string() }).passthrough(),
    })
    .passthrough(),
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

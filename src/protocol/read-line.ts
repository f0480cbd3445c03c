/**
 * What a client accepts off the server's connection: every line is checked against the message
 * schemas before it is dispatched, and a reply's payload against its op's schema before the caller
 * sees it, so a server of another build, a relay that mangled a line or a remote shell that printed
 * into the stream cannot hand a client a value its types do not describe. A failure is said in
 * words (the client makes it a `protocol-error` and closes the connection).
 */
import type * as z from "zod/mini";
import { article, describeIssues } from "./issues.js";
import { MESSAGE_SCHEMAS, type MessageKind, type ServerMessage } from "./messages.js";
import { REPLY_SCHEMAS, type ReplyOf } from "./replies.js";
import type { RequestOp } from "./requests.js";

/** The schemas by key, typed so that indexing with a generic key keeps the key's own type. */
const MESSAGES: { readonly [K in MessageKind]: z.ZodMiniType<Extract<ServerMessage, { kind: K }>> } = MESSAGE_SCHEMAS;
const REPLIES: { readonly [Op in RequestOp]: z.ZodMiniType<ReplyOf<Op>> } = REPLY_SCHEMAS;

export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a parsed line claims to be a message (an object whose kind this protocol has). */
export function claimsMessage(value: unknown): value is { kind: MessageKind } {
  return isObject(value) && typeof value.kind === "string" && Object.hasOwn(MESSAGE_SCHEMAS, value.kind);
}

/** One line from the server as a message, or what was wrong with it. */
export function readServerLine(text: string): Read<ServerMessage> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: "it is not JSON" };
  }
  return readServerMessage(value);
}

/** A parsed line as a message, or what was wrong with it. */
export function readServerMessage(value: unknown): Read<ServerMessage> {
  if (!claimsMessage(value)) {
    const kind = isObject(value) ? value.kind : undefined;
    return { ok: false, why: `it is not a message of this protocol (kind ${JSON.stringify(kind) ?? "missing"})` };
  }
  const checked = MESSAGES[value.kind].safeParse(value);
  return checked.success
    ? { ok: true, value: checked.data }
    : { ok: false, why: `${article(value.kind)} ${value.kind} line ${describeIssues(checked.error.issues)}` };
}

/** A successful reply's payload as its op's schema reads it, or what was wrong with it. */
export function readReply<Op extends RequestOp>(op: Op, payload: unknown): Read<ReplyOf<Op>> {
  const checked = REPLIES[op].safeParse(payload);
  return checked.success
    ? { ok: true, value: checked.data }
    : { ok: false, why: `the ${op} reply ${describeIssues(checked.error.issues)}` };
}

/**
 * A fake link's reply, read by the protocol's schema for the request it answers, as ServerClient
 * reads a real one: a fake that answers what no server could fails the test that uses it.
 */
import { readReply } from "../../src/protocol/read-line.js";
import type { ReplyOf } from "../../src/protocol/replies.js";
import type { RequestOp } from "../../src/protocol/requests.js";

export function replyAs<Op extends RequestOp>(op: Op, payload: unknown): ReplyOf<Op> {
  const read = readReply(op, payload);
  if (!read.ok) throw new Error(`a fake reply the protocol refuses: ${read.why}`);
  return read.value;
}

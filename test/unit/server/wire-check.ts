/**
 * Every line a server sends a test's client, checked against the protocol: the line's message
 * schema, and a reply's payload against the schema of the op its request named. A check here is
 * stricter than the client's own reading, which strips what the schema does not declare: a line
 * the schema reads back as anything but itself (a field the server sends and the schema lacks, a
 * value of another type) is a drift, and the test that saw it fails when it ends.
 */
import { isDeepStrictEqual } from "node:util";
import { readReply, readServerMessage } from "../../../src/protocol/read-line.js";
import { isRequestOp, type RequestOp } from "../../../src/protocol/requests.js";
import type { ServerTransport } from "../../../src/server/transport.js";

/** What the server sent that the protocol does not describe, one sentence each. */
export type WireDrifts = string[];

/** `inner`, with every line in either direction read as the protocol reads it; drifts go to `drifts`. */
export function wireChecked(inner: ServerTransport, drifts: WireDrifts): ServerTransport {
  const asked = new Map<string, RequestOp>();
  let pending = "";
  return {
    ...inner,
    label: inner.label,
    host: inner.host,
    write(text) {
      for (const line of text.split("\n")) {
        if (line === "") continue;
        const request = JSON.parse(line) as { op?: unknown; req?: unknown };
        if (isRequestOp(request.op) && typeof request.req === "string") asked.set(request.req, request.op);
      }
      inner.write(text);
    },
    onData(listener) {
      inner.onData((chunk) => {
        pending += Buffer.from(chunk).toString("utf8");
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) if (line !== "") checkLine(line, asked, drifts);
        listener(chunk);
      });
    },
  };
}

/** One server line against the protocol: whatever its reading drops or changes is a drift. */
export function checkLine(line: string, asked: ReadonlyMap<string, RequestOp>, drifts: WireDrifts): void {
  const value: unknown = JSON.parse(line);
  const read = readServerMessage(value);
  if (!read.ok) return void drifts.push(`${read.why}: ${line.slice(0, 200)}`);
  const message = read.value;
  if (message.kind !== "reply" || !message.ok) {
    if (!isDeepStrictEqual(asJson(message), value))
      drifts.push(
        `a ${message.kind} line carries what its schema does not say: ${describeDiff(value, asJson(message))}`,
      );
    return;
  }
  const { kind: _kind, req, ok: _ok, ...payload } = message;
  const op = asked.get(req);
  if (op === undefined) return void drifts.push(`a reply to a request never sent (req ${req})`);
  const reply = readReply(op, payload);
  if (!reply.ok) return void drifts.push(`${reply.why}: ${line.slice(0, 200)}`);
  if (!isDeepStrictEqual(asJson(reply.value), payload))
    drifts.push(`the ${op} reply carries what its schema does not say: ${describeDiff(payload, asJson(reply.value))}`);
}

/** As it would cross the wire: a key whose value is undefined is no key. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** The first field the schema's reading lost or changed, as a path. */
function describeDiff(sent: unknown, read: unknown, path = ""): string {
  if (typeof sent !== "object" || sent === null || typeof read !== "object" || read === null)
    return `${path || "the reply"}: sent ${JSON.stringify(sent)?.slice(0, 80)}, read ${JSON.stringify(read)?.slice(0, 80)}`;
  const a = sent as Record<string, unknown>;
  const b = read as Record<string, unknown>;
  for (const key of Object.keys(a)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in b)) return `${at} is not in the schema`;
    if (!isDeepStrictEqual(a[key], b[key])) return describeDiff(a[key], b[key], at);
  }
  return `${path || "the reply"} differs`;
}

import { describe, expect, it } from "vitest";
import { REPLY_SCHEMAS } from "../../../src/protocol/replies.js";
import { REQUEST_OPS, RequestSchema } from "../../../src/protocol/requests.js";
import { OPS } from "../../../src/server/ops/table.js";

describe("the server's op table", () => {
  it("has one op for every request kind of the protocol's union, and none besides", () => {
    expect(Object.keys(OPS).sort()).toEqual([...REQUEST_OPS].sort());
    // REQUEST_OPS is read off the union itself: each of its members names one op.
    for (const op of REQUEST_OPS)
      expect(RequestSchema.safeParse({ op, req: "1" }).error?.issues[0]?.path).not.toEqual(["op"]);
  });

  it("files each op under the request kind it answers, checked by that kind's own schema", () => {
    for (const [kind, entry] of Object.entries(OPS)) {
      expect(entry.op).toBe(kind);
      // The op's schema takes its own kind and refuses every other.
      const others = REQUEST_OPS.filter((op) => op !== kind);
      for (const other of others) expect(entry.schema.safeParse({ op: other, req: "1" }).success).toBe(false);
    }
  });

  it("has a reply schema for every op, and none for an op the table lacks", () => {
    expect(Object.keys(REPLY_SCHEMAS).sort()).toEqual(Object.keys(OPS).sort());
  });
});

import { describe, expect, it } from "vitest";
import { checkLine, type WireDrifts } from "./wire-check.js";

const ROW = {
  id: "a",
  name: "w",
  harness: "claude",
  lifecycle: "idle",
  cwd: "/w",
  createdAt: "2026-12-02T00:00:00.000Z",
  pending: 0,
  harnessSessionId: null,
};
const asked = new Map([
  ["1", "list" as const],
  ["2", "rename" as const],
]);

function drifts(message: object): WireDrifts {
  const found: WireDrifts = [];
  checkLine(JSON.stringify(message), asked, found);
  return found;
}

describe("the wire check the server tests run every line through", () => {
  it("passes a reply that is exactly its op's schema", () => {
    expect(drifts({ kind: "reply", req: "1", ok: true, sessions: [ROW] })).toEqual([]);
    expect(drifts({ kind: "table", change: "created", session: ROW })).toEqual([]);
  });

  it("fails a reply whose row carries a field the schema does not declare, naming it", () => {
    const found = drifts({ kind: "reply", req: "1", ok: true, sessions: [{ ...ROW, colour: "red" }] });
    expect(found).toEqual([expect.stringMatching(/list reply .*sessions\.0\.colour is not in the schema/)]);
  });

  it("fails a reply whose payload is not its op's, and a pushed line whose row lacks a field", () => {
    expect(drifts({ kind: "reply", req: "2", ok: true, sessions: [ROW] })).toEqual([
      expect.stringMatching(/rename reply session: expected an object/),
    ]);
    const { id: _id, ...noId } = ROW;
    expect(drifts({ kind: "table", change: "updated", session: noId })).toEqual([
      expect.stringMatching(/table line session\.id/),
    ]);
  });

  it("fails a reply to a request nobody sent, and a refusal whose code the protocol does not have", () => {
    expect(drifts({ kind: "reply", req: "9", ok: true })).toEqual([expect.stringMatching(/never sent/)]);
    expect(drifts({ kind: "reply", req: "1", ok: false, error: { code: "OOPS", message: "no" } })).toHaveLength(1);
  });
});

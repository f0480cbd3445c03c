import { describe, expect, it } from "vitest";
import { InvariantError } from "../../../src/core/invariant.js";
import { type LineItem, LineSplitter } from "../../../src/core/line-splitter.js";

const enc = new TextEncoder();
const bytes = (s: string) => enc.encode(s);

function feed(splitter: LineSplitter, chunks: Uint8Array[]): LineItem[] {
  const out: LineItem[] = [];
  for (const c of chunks) out.push(...splitter.push(c));
  out.push(...splitter.end());
  return out;
}
const texts = (items: LineItem[]) => items.map((i) => (i.kind === "line" ? i.text : `<oversized ${i.bytes}>`));

describe("LineSplitter", () => {
  it("splits on \\n only and strips one trailing \\r", () => {
    const items = feed(new LineSplitter(), [bytes("a\r\nb\rc\n\nlast\r")]);
    expect(texts(items)).toEqual(["a", "b\rc", "", "last"]);
  });

  it("a multi-byte character split across chunks is decoded whole", () => {
    const all = bytes("héllo 😀 wörld\nnext\n");
    // Split inside the 4-byte emoji and inside é.
    const chunks = [all.subarray(0, 2), all.subarray(2, 9), all.subarray(9, 10), all.subarray(10)];
    const items = feed(new LineSplitter(), chunks);
    expect(items).toEqual([
      { kind: "line", text: "héllo 😀 wörld", invalidUtf8: false },
      { kind: "line", text: "next", invalidUtf8: false },
    ]);
  });

  it("every split point of a UTF-8 stream yields the same lines", () => {
    const all = bytes("αβγ\n€uro\r\n𝄞clef\n");
    for (let cut = 0; cut <= all.length; cut++) {
      const items = feed(new LineSplitter(), [all.subarray(0, cut), all.subarray(cut)]);
      expect(texts(items)).toEqual(["αβγ", "€uro", "𝄞clef"]);
    }
  });

  it("invalid UTF-8 is replaced and reported on that line only", () => {
    const bad = new Uint8Array([0x6f, 0x6b, 0xff, 0xfe, 0x0a]);
    const items = feed(new LineSplitter(), [bytes("fine\n"), bad, bytes("also fine\n")]);
    expect(items).toEqual([
      { kind: "line", text: "fine", invalidUtf8: false },
      { kind: "line", text: "ok\uFFFD\uFFFD", invalidUtf8: true },
      { kind: "line", text: "also fine", invalidUtf8: false },
    ]);
  });

  it("a truncated multi-byte character at end of stream is reported invalid", () => {
    const items = feed(new LineSplitter(), [bytes("x"), new Uint8Array([0xe2, 0x82])]);
    expect(items).toEqual([{ kind: "line", text: "x\uFFFD", invalidUtf8: true }]);
  });

  it("an over-long line becomes one typed oversized item and the stream continues", () => {
    const splitter = new LineSplitter({ maxLineBytes: 16 });
    const long = bytes("x".repeat(100));
    const items = feed(splitter, [bytes("before\n"), long.subarray(0, 40), long.subarray(40), bytes("\nafter\n")]);
    expect(items).toEqual([
      { kind: "line", text: "before", invalidUtf8: false },
      { kind: "oversized", bytes: 100, limit: 16 },
      { kind: "line", text: "after", invalidUtf8: false },
    ]);
  });

  it("an over-long line inside one chunk is reported without decoding it", () => {
    const items = feed(new LineSplitter({ maxLineBytes: 8 }), [bytes(`short\n${"y".repeat(30)}\ntail\n`)]);
    expect(items).toEqual([
      { kind: "line", text: "short", invalidUtf8: false },
      { kind: "oversized", bytes: 30, limit: 8 },
      { kind: "line", text: "tail", invalidUtf8: false },
    ]);
  });

  it("a discarded line holds no memory: held bytes stay under the bound", () => {
    const splitter = new LineSplitter({ maxLineBytes: 1024 });
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    for (let i = 0; i < 200; i++) splitter.push(chunk); // 12.5 MiB, no newline
    const held = (splitter as unknown as { carryBytes: number }).carryBytes;
    expect(held).toBe(0);
    expect(splitter.push(bytes("\nok\n"))).toEqual([
      { kind: "oversized", bytes: 200 * 64 * 1024, limit: 1024 },
      { kind: "line", text: "ok", invalidUtf8: false },
    ]);
  });

  it("an unterminated over-long line is still reported at end of stream", () => {
    const items = feed(new LineSplitter({ maxLineBytes: 4 }), [bytes("abcdefgh")]);
    expect(items).toEqual([{ kind: "oversized", bytes: 8, limit: 4 }]);
  });

  it("the producer may reuse its buffer after push", () => {
    const splitter = new LineSplitter();
    const buf = bytes("abc");
    splitter.push(buf);
    buf.fill(0x7a);
    expect(texts(splitter.push(bytes("d\n")))).toEqual(["abcd"]);
  });

  it("rejects a non-positive bound", () => {
    expect(() => new LineSplitter({ maxLineBytes: 0 })).toThrow(InvariantError);
  });
});

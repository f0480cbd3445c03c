/**
 * The stream hmux hands Ink: each read() one key or one whole paste, held keys as a pause, raw
 * bytes recorded, reports taken out; and what it forwards of the terminal. Ink is stood in for
 * by what it does with a stream: on "readable", read() until null, handling each read at once.
 */
import { describe, expect, it } from "vitest";
import { HOLD_LIMIT_MS, TerminalInput } from "../../../src/ui/input/terminal-input.js";
import { FakeTerminal } from "../../helpers/render-tui.js";
import { ManualScheduler } from "./fake-port.js";

/** Reads like Ink's App: every read handed on (with the raw bytes recorded then) before the next. */
function inkReader(input: TerminalInput, handle: (read: string) => void = () => {}) {
  const reads: Array<{ read: string; raw: string }> = [];
  input.on("readable", () => {
    let read: string | null;
    while ((read = input.read()) !== null) {
      reads.push({ read, raw: input.raw.current });
      handle(read);
    }
  });
  return reads;
}

function setUp() {
  const terminal = new FakeTerminal();
  const clock = new ManualScheduler();
  const input = new TerminalInput(terminal, clock);
  return { terminal, clock, input };
}

describe("hmux's input stream", () => {
  it("hands Ink one key per read, in order, an escape sequence whole, with its raw bytes", () => {
    const { terminal, input } = setUp();
    const reads = inkReader(input);
    terminal.write("ab\u001b[A\u001bOP\r");
    expect(reads.map((r) => r.read)).toEqual(["a", "b", "\u001b[A", "\u001bOP", "\r"]);
    expect(reads.map((r) => r.raw)).toEqual(["a", "b", "\u001b[A", "\u001bOP", "\r"]);
    expect(input.raw.current).toBe("");
  });

  it("hands a bracketed paste over whole, in one read, markers included, wherever its reads cut it", () => {
    const { terminal, input } = setUp();
    const reads = inkReader(input);
    terminal.write("x\u001b[200~a\tb");
    terminal.write("\u001b[Ac\u001b[201~y");
    expect(reads.map((r) => r.read)).toEqual(["x", "\u001b[200~a\tb\u001b[Ac\u001b[201~", "y"]);
  });

  it("pauses while a key holds the rest of its read, and goes on in order once released", () => {
    const { terminal, input } = setUp();
    const reads = inkReader(input, (read) => {
      if (read === "n") input.flow.held = true;
    });
    terminal.write("anbc");
    expect(reads.map((r) => r.read)).toEqual(["a", "n"]);
    terminal.write("d");
    expect(reads.map((r) => r.read)).toEqual(["a", "n"]);
    input.flow.release();
    expect(reads.map((r) => r.read)).toEqual(["a", "n", "b", "c", "d"]);
  });

  it("lets held keys go after HOLD_LIMIT_MS when nothing releases them", () => {
    const { terminal, clock, input } = setUp();
    const reads = inkReader(input, (read) => {
      if (read === "n") input.flow.held = true;
    });
    terminal.write("nb");
    clock.advance(HOLD_LIMIT_MS - 1);
    expect(reads.map((r) => r.read)).toEqual(["n"]);
    clock.advance(1);
    expect(reads.map((r) => r.read)).toEqual(["n", "b"]);
    expect(input.flow.held).toBe(false);
  });

  it("takes the terminal's reports out before Ink reads, never inside a paste, until the taker is undone", () => {
    const { terminal, input } = setUp();
    const reads = inkReader(input);
    const seen: string[] = [];
    const undo = input.takeReports((key) => {
      if (key !== "\u001b[I") return key;
      seen.push(key);
      return "";
    });
    terminal.write("a\u001b[Ib\u001b[200~\u001b[I\u001b[201~");
    expect(reads.map((r) => r.read)).toEqual(["a", "b", "\u001b[200~\u001b[I\u001b[201~"]);
    expect(seen).toEqual(["\u001b[I"]);
    undo();
    terminal.write("\u001b[I");
    expect(reads.map((r) => r.read).at(-1)).toBe("\u001b[I");
  });

  it("reads the terminal only while Ink listens, and is the TTY the terminal is", () => {
    const { terminal, input } = setUp();
    expect(input.isTTY).toBe(true);
    expect(terminal.listenerCount("readable")).toBe(0);
    const listener = () => {};
    input.on("readable", listener);
    expect(terminal.listenerCount("readable")).toBe(1);
    input.removeListener("readable", listener);
    expect(terminal.listenerCount("readable")).toBe(0);
    const pipe = { read: () => null, on: () => {}, removeListener: () => {}, setEncoding: () => {} };
    expect(new TerminalInput(pipe, new ManualScheduler()).isTTY).toBe(false);
  });

  it("forwards raw mode, encoding and ref to the terminal", () => {
    const calls: string[] = [];
    const terminal = {
      isTTY: true,
      setRawMode: (raw: boolean) => calls.push(`raw ${raw}`),
      setEncoding: (encoding: string) => calls.push(`encoding ${encoding}`),
      ref: () => calls.push("ref"),
      unref: () => calls.push("unref"),
      read: () => null,
      on: () => {},
      removeListener: () => {},
    };
    const input = new TerminalInput(terminal, new ManualScheduler());
    input.setEncoding("utf8").ref().setRawMode(true).setRawMode(false).unref();
    expect(calls).toEqual(["encoding utf8", "ref", "raw true", "raw false", "unref"]);
  });
});

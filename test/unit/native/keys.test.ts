import { describe, expect, it } from "vitest";
import { ESCAPE_CHORD, isEscapeChord, keyToBytes, pasteBytes } from "../../../src/native/keys.js";

const plain = { applicationCursor: false, bracketedPaste: false };
const app = { applicationCursor: true, bracketedPaste: false };

describe("key → bytes", () => {
  it("printable text is sent as typed", () => {
    expect(keyToBytes("a", {}, plain)).toBe("a");
    expect(keyToBytes("A", { shift: true }, plain)).toBe("A");
    expect(keyToBytes("é", {}, plain)).toBe("é");
  });

  it("Enter is CR, Alt+Enter is ESC CR", () => {
    expect(keyToBytes("", { return: true }, plain)).toBe("\r");
    expect(keyToBytes("", { return: true, meta: true }, plain)).toBe("\u001b\r");
  });

  it("arrows follow the application-cursor mode the UI set", () => {
    expect(keyToBytes("", { upArrow: true }, plain)).toBe("\u001b[A");
    expect(keyToBytes("", { upArrow: true }, app)).toBe("\u001bOA");
    expect(keyToBytes("", { leftArrow: true }, app)).toBe("\u001bOD");
    expect(keyToBytes("", { home: true }, plain)).toBe("\u001b[H");
    expect(keyToBytes("", { end: true }, app)).toBe("\u001bOF");
  });

  it("modified arrows carry xterm's modifier parameter in either mode", () => {
    expect(keyToBytes("", { rightArrow: true, ctrl: true }, app)).toBe("\u001b[1;5C");
    expect(keyToBytes("", { downArrow: true, shift: true }, plain)).toBe("\u001b[1;2B");
    expect(keyToBytes("", { leftArrow: true, meta: true }, plain)).toBe("\u001b[1;3D");
  });

  it("page keys, tab, shift-tab, escape and backspace", () => {
    expect(keyToBytes("", { pageUp: true }, plain)).toBe("\u001b[5~");
    expect(keyToBytes("", { pageDown: true, ctrl: true }, plain)).toBe("\u001b[6;5~");
    expect(keyToBytes("", { tab: true }, plain)).toBe("\t");
    expect(keyToBytes("", { tab: true, shift: true }, plain)).toBe("\u001b[Z");
    expect(keyToBytes("", { escape: true, meta: true }, plain)).toBe("\u001b");
    expect(keyToBytes("", { delete: true }, plain)).toBe("\u007f");
    expect(keyToBytes("", { backspace: true }, plain)).toBe("\u007f");
  });

  it("Ctrl+letter is the control byte; Ctrl+Alt adds ESC", () => {
    expect(keyToBytes("c", { ctrl: true }, plain)).toBe("\u0003");
    expect(keyToBytes("a", { ctrl: true }, plain)).toBe("\u0001");
    expect(keyToBytes("`", { ctrl: true }, plain)).toBe("\u0000");
    expect(keyToBytes("x", { ctrl: true, meta: true }, plain)).toBe("\u001b\u0018");
  });

  it("Alt+key is ESC then the key", () => {
    expect(keyToBytes("b", { meta: true }, plain)).toBe("\u001bb");
  });

  it("raw control bytes Ink passes through unnamed are forwarded", () => {
    expect(keyToBytes("\u001c", {}, plain)).toBe("\u001c");
  });

  it("a multi-character event is a paste: newlines become CR, bracketed when the UI asked", () => {
    expect(keyToBytes("one\ntwo", {}, plain)).toBe("one\rtwo");
    expect(keyToBytes("one\ntwo", {}, { applicationCursor: false, bracketedPaste: true })).toBe(
      "\u001b[200~one\rtwo\u001b[201~",
    );
    expect(pasteBytes("a\r\nb", { bracketedPaste: false })).toBe("a\rb");
  });

  it("an event Ink could not name sends nothing", () => {
    expect(keyToBytes("", {}, plain)).toBeNull();
  });

  it("the escape chord is Ctrl-] in both spellings Ink can deliver", () => {
    expect(isEscapeChord(ESCAPE_CHORD, {})).toBe(true);
    expect(isEscapeChord("]", { ctrl: true })).toBe(true);
    expect(isEscapeChord("]", {})).toBe(false);
    expect(isEscapeChord("c", { ctrl: true })).toBe(false);
  });
});

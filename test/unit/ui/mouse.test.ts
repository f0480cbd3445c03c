import { describe, expect, it } from "vitest";
import { MouseInputFilter, PENDING_MS } from "../../../src/ui/keys/mouse.js";

const ESC = "\u001b";

describe("mouse input filter", () => {
  it("wheel up and down are parsed with the pointer's column and row", () => {
    const f = new MouseInputFilter();
    expect(f.feed(`${ESC}[<64;10;5M`, 0)).toEqual({
      reports: [{ kind: "wheel", direction: "up", column: 10, row: 5 }],
      rest: null,
    });
    expect(f.feed(`${ESC}[<65;120;44M`, 0)).toEqual({
      reports: [{ kind: "wheel", direction: "down", column: 120, row: 44 }],
      rest: null,
    });
  });

  it("a wheel with shift, alt or ctrl held is still a wheel", () => {
    const f = new MouseInputFilter();
    expect(f.feed(`${ESC}[<80;3;4M`, 0).reports).toEqual([{ kind: "wheel", direction: "up", column: 3, row: 4 }]);
  });

  it("other buttons, releases and motion are swallowed, not reported as wheels", () => {
    const f = new MouseInputFilter();
    for (const seq of [`${ESC}[<0;5;5M`, `${ESC}[<0;5;5m`, `${ESC}[<2;1;1M`, `${ESC}[<32;7;7M`, `${ESC}[<66;1;1M`]) {
      expect(f.feed(seq, 0)).toEqual({ reports: [{ kind: "other" }], rest: null });
    }
  });

  it("a report split across events is joined, and nothing of it reaches the keyboard", () => {
    const f = new MouseInputFilter();
    expect(f.feed(`${ESC}[<64;1`, 0)).toEqual({ reports: [], rest: null });
    expect(f.waiting).toBe(true);
    expect(f.feed("2;", 1)).toEqual({ reports: [], rest: null });
    expect(f.feed("7Mhello", 2)).toEqual({
      reports: [{ kind: "wheel", direction: "up", column: 12, row: 7 }],
      rest: "hello",
    });
    expect(f.waiting).toBe(false);
  });

  it("a legacy report (terminal without SGR) is consumed whole, also when split", () => {
    const f = new MouseInputFilter();
    // ESC [ M then button+32, column+32, row+32: wheel down at 3,4.
    expect(f.feed(`${ESC}[M`, 0)).toEqual({ reports: [], rest: null });
    expect(f.feed(`${String.fromCharCode(65 + 32)}#$abc`, 1)).toEqual({
      reports: [{ kind: "wheel", direction: "down", column: 3, row: 4 }],
      rest: "abc",
    });
  });

  it("text is never mistaken for mouse input, not even text that spells a report", () => {
    const f = new MouseInputFilter();
    for (const text of ["hello", "[<64;10;5M", "<64;1;1M", "64;1;1M", "M", "1;2", `${ESC}[A`, `${ESC}b`, `${ESC}[5~`]) {
      expect(f.feed(text, 0)).toEqual({ reports: [], rest: text });
    }
  });

  it("digits typed after a stale partial report are text", () => {
    const f = new MouseInputFilter();
    f.feed(`${ESC}[<64;1`, 0);
    expect(f.feed("2;7M", PENDING_MS + 1)).toEqual({ reports: [], rest: "2;7M" });
    expect(f.waiting).toBe(false);
  });

  it("a partial report followed by other input is dropped and the input passes", () => {
    const f = new MouseInputFilter();
    f.feed(`${ESC}[<64;1`, 0);
    expect(f.feed("x", 1)).toEqual({ reports: [], rest: "x" });
    f.feed(`${ESC}[<64;1`, 2);
    expect(f.feed(`${ESC}[A`, 3)).toEqual({ reports: [], rest: `${ESC}[A` });
  });

  it("a CSI < that is not a report shape passes through untouched", () => {
    const f = new MouseInputFilter();
    expect(f.feed(`${ESC}[<1u`, 0)).toEqual({ reports: [], rest: `${ESC}[<1u` });
  });
});

describe("ui.mouse config", () => {
  it("ui.mouse is a boolean, off by default, and --mouse turns it on over the config", async () => {
    const { uiSchema } = await import("../../../src/core/config/ui-schema.js");
    const { uiConfigFrom } = await import("../../../src/ui/config/ui-config.js");
    expect(uiSchema.safeParse({ mouse: true }).success).toBe(true);
    expect(uiSchema.safeParse({ mouse: "yes" }).success).toBe(false);
    expect(uiSchema.safeParse({ mice: true }).success).toBe(false);
    expect(uiConfigFrom(undefined).mouse).toBe(false);
    expect(uiConfigFrom({ mouse: true }).mouse).toBe(true);
    expect(uiConfigFrom({ mouse: false }, { mouse: true }).mouse).toBe(true);
  });

  it("ui.mouse resolves project over user", async () => {
    const { resolveConfigSettings } = await import("../../../src/core/config/settings.js");
    const resolved = resolveConfigSettings({
      user: { version: 1, ui: { mouse: true } },
      project: { version: 1, ui: { mouse: false } },
      projectTrust: undefined,
    });
    expect(resolved.ui.mouse).toBe(false);
    expect(resolveConfigSettings({ user: { version: 1, ui: { mouse: true } } }).ui.mouse).toBe(true);
    expect(resolveConfigSettings({}).ui.mouse).toBeUndefined();
  });
});

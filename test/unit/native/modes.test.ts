import { describe, expect, it } from "vitest";
import { FOCUS_OUT, ModeTracker, modeResetSequence, NO_MODES } from "../../../src/native/modes.js";
import { feed, makeTerminal } from "./helpers.js";

describe("input modes and their reset", () => {
  it("nothing on: nothing to reset", () => {
    expect(modeResetSequence(NO_MODES)).toBe("");
  });

  it("each mode a UI turned on has its own off switch", () => {
    expect(modeResetSequence({ ...NO_MODES, bracketedPaste: true })).toBe("\u001b[?2004l");
    expect(modeResetSequence({ ...NO_MODES, focusReporting: true })).toBe("\u001b[?1004l");
    expect(modeResetSequence({ ...NO_MODES, applicationCursor: true })).toBe("\u001b[?1l");
    expect(modeResetSequence({ ...NO_MODES, modifyOtherKeys: 2 })).toBe("\u001b[>4;0m");
    expect(modeResetSequence({ ...NO_MODES, mouse: "any" })).toBe(
      "\u001b[?1000l\u001b[?1002l\u001b[?1003l\u001b[?1006l\u001b[?1015l",
    );
  });

  it("the kitty keyboard stack is popped as deep as it was pushed", () => {
    expect(modeResetSequence({ ...NO_MODES, kittyDepth: 3, kittyFlags: 1 })).toBe("\u001b[<3u");
    expect(modeResetSequence({ ...NO_MODES, kittyFlags: 5 })).toBe("\u001b[=0;1u");
  });

  it("the tracker sees what a UI turned on, from its own output", async () => {
    const t = makeTerminal();
    const tracker = new ModeTracker(t);
    await feed(t, "\u001b[?2004h\u001b[?1004h\u001b[?1h\u001b[>1u\u001b[>3u\u001b[>4;2m\u001b[?1003h\u001b[?1006h");
    const modes = tracker.modes();
    expect(modes).toEqual({
      applicationCursor: true,
      bracketedPaste: true,
      focusReporting: true,
      mouse: "any",
      kittyDepth: 2,
      kittyFlags: 3,
      modifyOtherKeys: 2,
    });
    const reset = modeResetSequence(modes);
    for (const off of ["\u001b[<2u", "\u001b[>4;0m", "\u001b[?2004l", "\u001b[?1004l", "\u001b[?1003l", "\u001b[?1l"])
      expect(reset).toContain(off);
    tracker.dispose();
    t.dispose();
  });

  it("a reset fed back to the emulator leaves every mode off", async () => {
    const t = makeTerminal();
    const tracker = new ModeTracker(t);
    await feed(t, "\u001b[?2004h\u001b[?1004h\u001b[?1h\u001b[>1u\u001b[>4;1m\u001b[?1000h");
    await feed(t, modeResetSequence(tracker.modes()));
    expect(tracker.modes()).toEqual(NO_MODES);
    tracker.dispose();
    t.dispose();
  });

  it("kitty pops and cursor visibility are tracked", async () => {
    const t = makeTerminal();
    const tracker = new ModeTracker(t);
    await feed(t, "\u001b[>1u\u001b[>7u\u001b[<u\u001b[?25l");
    expect(tracker.modes().kittyDepth).toBe(1);
    expect(tracker.modes().kittyFlags).toBe(1);
    expect(tracker.cursorHidden).toBe(true);
    await feed(t, "\u001b[?25h");
    expect(tracker.cursorHidden).toBe(false);
    tracker.dispose();
    t.dispose();
  });

  it("focus-out is the report a UI asked for with DECSET 1004", () => {
    expect(FOCUS_OUT).toBe("\u001b[O");
  });
});

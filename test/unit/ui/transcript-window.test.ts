import { describe, expect, it } from "vitest";
import { applyEvent } from "../../../src/ui/store/apply-event.js";
import { wrap } from "../../../src/ui/store/entry-lines.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import { scrollAnchor, transcriptWindow } from "../../../src/ui/store/transcript-window.js";

function viewWith(n: number) {
  let view = createSessionView("s1", {
    harness: "claude",
    settings: [],
    support: { steer: false, inject: false, abstain: true, replace: true, denyReason: true },
  });
  for (let i = 0; i < n; i++) view = applyEvent(view, { kind: "message", role: "assistant", text: `line ${i}` }, 0);
  return view;
}

describe("transcript window", () => {
  it("follow mode shows exactly the last rows", () => {
    const view = viewWith(30);
    const w = transcriptWindow(view.entries, 40, 5, null);
    expect(w.lines.map((l) => l.text)).toEqual(["line 25", "line 26", "line 27", "line 28", "line 29"]);
    expect(w.following).toBe(true);
  });

  it("scrolling up pins the view: new output does not move it", () => {
    let view = viewWith(30);
    const anchor = scrollAnchor(view.entries, 40, 5, null, -10)!;
    const before = transcriptWindow(view.entries, 40, 5, anchor).lines.map((l) => l.text);
    expect(before[0]).toBe("line 15");
    for (let i = 30; i < 40; i++) view = applyEvent(view, { kind: "message", role: "assistant", text: `line ${i}` }, 0);
    const after = transcriptWindow(view.entries, 40, 5, anchor);
    expect(after.lines.map((l) => l.text)).toEqual(before);
    expect(after.below).toBe(20);
  });

  it("paging down to the end resumes following", () => {
    const view = viewWith(30);
    const up = scrollAnchor(view.entries, 40, 5, null, -4)!;
    expect(scrollAnchor(view.entries, 40, 5, up, 4)).toBeNull();
  });

  it("scrolling stops at the top", () => {
    const view = viewWith(10);
    const a = scrollAnchor(view.entries, 40, 5, null, -100)!;
    expect(transcriptWindow(view.entries, 40, 5, a).lines[0]!.text).toBe("line 0");
  });

  it("wraps long text to the pane width", () => {
    expect(wrap("aaaa bbbb cccc", 9)).toEqual(["aaaa bbbb", "cccc"]);
    expect(wrap("x".repeat(20), 8)).toEqual(["xxxxxxxx", "xxxxxxxx", "xxxx"]);
  });
});

describe("display text", () => {
  it("tabs, escape sequences and control characters never reach the screen", async () => {
    const { displayable } = await import("../../../src/ui/store/entry-lines.js");
    expect(displayable("1\t# title\u001b[31mred\u001b[0m\u0007\r")).toBe("1    # titlered");
  });
});

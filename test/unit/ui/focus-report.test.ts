import { describe, expect, it } from "vitest";
import { uiConfigFrom } from "../../../src/ui/config/ui-config.js";
import { takeFocusReport } from "../../../src/ui/keys/focus-report.js";

describe("focus reports", () => {
  it("takes ESC[I and ESC[O off the head of a piece and leaves every other key", () => {
    expect(takeFocusReport("\u001b[I")).toEqual({ focus: true, rest: "" });
    expect(takeFocusReport("\u001b[Oab")).toEqual({ focus: false, rest: "ab" });
    expect(takeFocusReport("\u001b[1;3D")).toEqual({ focus: null, rest: "\u001b[1;3D" });
    expect(takeFocusReport("\u001bOP")).toEqual({ focus: null, rest: "\u001bOP" });
  });

  it("the config's notification kinds and OSC 777 reach the TUI's settings", () => {
    const ui = uiConfigFrom({ notifications: { method: "osc777", kinds: { question: false } } });
    expect(ui.notify.method).toBe("osc777");
    expect(ui.notify.kinds).toEqual({ approval: true, question: false, failure: true });
  });
});

/**
 * The TUI reads keys only through hmux's input stream: mounted past renderTui (Ink handed another
 * stdin), it would take a burst of keys as one, so it stops at once and says why.
 */
import { render } from "ink-testing-library";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { App } from "../../../src/ui/App.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FALLBACK_THEME } from "../../../src/ui/theme/theme.js";
import { ManualScheduler } from "./fake-port.js";

describe("mounting the TUI", () => {
  it("past renderTui, on a stdin that is not hmux's input stream, stops with the reason", async () => {
    const store = new AppStore({ scheduler: new ManualScheduler(), columns: 80, rows: 24 });
    const screen = render(createElement(App, { store, theme: FALLBACK_THEME, keymap: DEFAULT_KEYMAP }));
    // Ink's error boundary draws the error once React has given up on the tree (a turn or two later).
    for (let turn = 0; turn < 100 && screen.frames.length === 0; turn++)
      await new Promise((settled) => setImmediate(settled));
    expect(screen.frames.join("")).toContain("the TUI was mounted without hmux's input stream");
    screen.unmount();
  });
});

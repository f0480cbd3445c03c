/**
 * Both renderers (src/ui/render/renderer.ts) put Ink's frames on a terminal through Ink's public
 * render options, and ui.renderer in the config chooses between them.
 */
import { Box, render, Text } from "ink";
import type React from "react";
import { useEffect, useState } from "react";
import { describe, expect, it } from "vitest";
import { resolveConfigSettings } from "../../../src/core/config/settings.js";
import { RENDERERS, uiSchema } from "../../../src/core/config/ui-schema.js";
import { DEFAULT_RENDERER, uiConfigFrom } from "../../../src/ui/config/ui-config.js";
import { terminalRenderer } from "../../../src/ui/render/renderer.js";
import { feed, makeTerminal } from "../native/helpers.js";
import { ManualScheduler } from "./fake-port.js";
import { recordingTty } from "./recording-tty.js";

/** Counts to 3 on timers, then calls onLast once that state is committed (its frame rendered). */
function Counter({ onLast }: { onLast: () => void }): React.ReactElement {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (n >= 3) {
      onLast();
      return undefined;
    }
    const t = setTimeout(() => setN(n + 1), 5);
    return () => clearTimeout(t);
  }, [n, onLast]);
  return (
    <Box flexDirection="column" width={30} height={6} borderStyle="single">
      <Text>count {n}</Text>
      <Text color="green">steady row</Text>
    </Box>
  );
}

async function screenOf(written: readonly string[], columns: number, rows: number): Promise<string[]> {
  const term = makeTerminal(columns, rows, 0);
  // A terminal's line discipline turns each "\n" written into CR LF (onlcr); Ink's own rendering relies on it.
  term.options.convertEol = true;
  for (const d of written) await feed(term, d);
  const buffer = term.buffer.active;
  return Array.from({ length: rows }, (_, y) => buffer.getLine(buffer.viewportY + y)!.translateToString(true));
}

describe("the TUI's renderers", () => {
  for (const renderer of RENDERERS) {
    it(`"${renderer}" leaves the last frame on the terminal, every row of it`, async () => {
      const tty = recordingTty(40, 8);
      const chosen = terminalRenderer(renderer, tty.out, new ManualScheduler());
      // Waits for the app's last state, not for a time: unmounting must then leave its frame drawn.
      let reachedLast!: () => void;
      const last = new Promise<void>((r) => (reachedLast = r));
      const instance = render(<Counter onLast={reachedLast} />, {
        ...chosen.options,
        patchConsole: false,
        exitOnCtrlC: false,
      });
      await last;
      instance.unmount();
      chosen.dispose();
      const screen = await screenOf(tty.written, 40, 8);
      expect(screen.join("\n")).toContain("count 3");
      expect(screen.join("\n")).toContain("steady row");
      expect(screen.join("\n")).not.toContain("count 2");
    });
  }

  it("ui.renderer picks one of the renderers, project over user, and anything else is refused", () => {
    expect(uiConfigFrom(undefined).renderer).toBe(DEFAULT_RENDERER);
    expect(uiConfigFrom({ renderer: "ink" }).renderer).toBe("ink");
    expect(uiSchema.safeParse({ renderer: "line-diff" }).success).toBe(true);
    expect(uiSchema.safeParse({ renderer: "curses" }).success).toBe(false);
    const resolved = resolveConfigSettings({
      user: { version: 1, ui: { renderer: "ink" } },
      project: { version: 1, ui: { renderer: "line-diff" } },
      projectTrust: undefined,
    });
    expect(resolved.ui.renderer).toBe("line-diff");
  });
});

/**
 * A transcript drawn on the body layer (the line-diff renderer's) shows on the terminal exactly as
 * Ink draws it without one, whether its rows are the layer's to draw or only Ink can size them,
 * and a new row reaches the screen without a stale one left behind.
 */
import { Writable } from "node:stream";
import { Box, render } from "ink";
import type React from "react";
import { describe, expect, it } from "vitest";
import { Transcript } from "../../../src/ui/components/Transcript.js";
import { BodyLayerContext } from "../../../src/ui/contexts/body-layer-context.js";
import { FrameSink } from "../../../src/ui/render/frame-sink.js";
import type { DisplayLine } from "../../../src/ui/store/entry-lines.js";
import type { TranscriptWindow } from "../../../src/ui/store/transcript-window.js";
import type { UiState } from "../../../src/ui/store/ui-state.js";
import { feed, makeTerminal } from "../native/helpers.js";
import { ManualScheduler } from "./fake-port.js";

const COLUMNS = 40;
const ROWS = 8;

async function rendered(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}

function windowOf(...texts: string[]): TranscriptWindow {
  const lines: DisplayLine[] = texts.map((text, i) => ({ text, tone: i % 2 ? "dim" : "accent", bold: i === 0 }));
  return { lines, below: 0, following: true };
}

/** Two transcripts side by side in bordered boxes, like two panes. */
function Screen({ left, right }: { left: TranscriptWindow; right: TranscriptWindow }): React.ReactElement {
  return (
    <Box width={COLUMNS} height={ROWS} flexDirection="row">
      <Box borderStyle="round" borderColor="cyan" width={20} height={6} flexDirection="column">
        <Transcript window={left} width={18} height={4} />
      </Box>
      <Box borderStyle="bold" width={20} height={6} flexDirection="column">
        <Transcript window={right} width={18} height={4} />
      </Box>
    </Box>
  );
}

/** Mounts the screen through a FrameSink, with the sink's body layer or without any, and reads the terminal. */
function mount(withLayer: boolean) {
  const term = makeTerminal(COLUMNS, ROWS, 0);
  const written: string[] = [];
  const out = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _enc, cb) {
        written.push(String(chunk));
        cb();
      },
    }),
    { columns: COLUMNS, rows: ROWS, isTTY: true },
  ) as unknown as NodeJS.WriteStream;
  const sink = new FrameSink<UiState>(out, new ManualScheduler());
  const app = (props: { left: TranscriptWindow; right: TranscriptWindow }): React.ReactElement => (
    <BodyLayerContext.Provider value={withLayer ? sink.bodies : null}>
      <Screen {...props} />
    </BodyLayerContext.Provider>
  );
  let instance: ReturnType<typeof render> | undefined;
  const show = async (left: TranscriptWindow, right: TranscriptWindow): Promise<string[]> => {
    if (instance) instance.rerender(app({ left, right }));
    else
      instance = render(app({ left, right }), {
        stdout: sink as unknown as NodeJS.WriteStream,
        debug: true,
        patchConsole: false,
        exitOnCtrlC: false,
        onRender: () => sink.frameWritten(),
      });
    await rendered();
    for (const d of written.splice(0)) await feed(term, d);
    const buffer = term.buffer.active;
    return Array.from({ length: ROWS }, (_, y) => buffer.getLine(buffer.viewportY + y)!.translateToString(true));
  };
  const close = (): void => {
    instance?.unmount();
    sink.dispose();
  };
  return { show, close, written };
}

describe("a transcript on the body layer", () => {
  it("shows the same screen as Ink draws without the layer, frame after frame", async () => {
    const frames: Array<[TranscriptWindow, TranscriptWindow]> = [
      [windowOf("first row", "second row"), windowOf("other pane")],
      [windowOf("first row", "second row", "third row"), windowOf("other pane", "a longer row than fits here")],
      [windowOf("second row", "third row", "fourth", "fifth"), windowOf("short")],
    ];
    const layered = mount(true);
    const plain = mount(false);
    for (const [left, right] of frames) {
      const screen = await layered.show(left, right);
      expect(screen).toEqual(await plain.show(left, right));
      expect(screen.join("\n")).toContain(left.lines.at(-1)!.text);
    }
    layered.close();
    plain.close();
  });

  it("leaves rows only Ink can size (wide characters) to Ink, the same screen again", async () => {
    const layered = mount(true);
    const plain = mount(false);
    const left = windowOf("漢字 wide", "plain");
    const right = windowOf("plain here");
    const screen = await layered.show(left, right);
    expect(screen).toEqual(await plain.show(left, right));
    expect(screen.join("\n")).toContain("plain here");
    layered.close();
    plain.close();
  });
});

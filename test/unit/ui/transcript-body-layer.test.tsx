/**
 * A transcript, and the focused input field, drawn on the body layer (the line-diff renderer's) show
 * on the terminal exactly as Ink draws them without one, whether their rows are the layer's to draw
 * or only Ink can size them, and a new row reaches the screen without a stale one left behind.
 */
import type { IBufferLine } from "@xterm/headless";
import type React from "react";
import { describe, expect, it } from "vitest";
import type { DisplayLine } from "../../../src/ui/store/entry-lines.js";
import type { TranscriptWindow } from "../../../src/ui/store/transcript-window.js";
import type { UiState } from "../../../src/ui/store/ui-state.js";
import { feed, makeTerminal } from "../native/helpers.js";
import { ManualScheduler } from "./fake-port.js";
import { recordingTty } from "./recording-tty.js";

// Ink styles its own text only when its colour library finds a terminal that shows colours: a
// test's stdout is none, so Ink is loaded once this says otherwise (and the styles compare too).
process.env.FORCE_COLOR = "1";
const { Box, render } = await import("ink");
const { InputLine } = await import("../../../src/ui/components/InputLine.js");
const { Transcript } = await import("../../../src/ui/components/Transcript.js");
const { BodyLayerContext } = await import("../../../src/ui/contexts/body-layer-context.js");
const { FrameSink } = await import("../../../src/ui/render/frame-sink.js");

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

/** A screen row with each cell's attributes spelled before it (i inverse, d dim, b bold, fN colour), so styles compare too. */
function cellsOf(line: IBufferLine): string {
  let out = "";
  for (let x = 0; x < line.length; x++) {
    const cell = line.getCell(x)!;
    const marks = `${cell.isInverse() ? "i" : ""}${cell.isDim() ? "d" : ""}${cell.isBold() ? "b" : ""}${cell.getFgColor() >= 0 && !cell.isFgDefault() ? `f${cell.getFgColor()}` : ""}`;
    out += marks === "" ? cell.getChars() || " " : `{${marks}}${cell.getChars() || " "}`;
  }
  return out.trimEnd();
}

/** Mounts the screen through a FrameSink, with the sink's body layer or without any, and reads the terminal. */
function mount(
  withLayer: boolean,
  draw: (props: { left: TranscriptWindow; right: TranscriptWindow }) => React.ReactElement = Screen,
) {
  const term = makeTerminal(COLUMNS, ROWS, 0);
  const { out, written } = recordingTty(COLUMNS, ROWS);
  const sink = new FrameSink<UiState>(out, new ManualScheduler());
  const app = (props: { left: TranscriptWindow; right: TranscriptWindow }): React.ReactElement => (
    <BodyLayerContext.Provider value={withLayer ? sink.bodies : null}>{draw(props)}</BodyLayerContext.Provider>
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
    return Array.from({ length: ROWS }, (_, y) => cellsOf(buffer.getLine(buffer.viewportY + y)!));
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
      expect(screen.join("\n").replace(/\{[^}]*\}/g, "")).toContain(left.lines.at(-1)!.text);
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
    expect(screen.join("\n").replace(/\{[^}]*\}/g, "")).toContain("plain here");
    layered.close();
    plain.close();
  });
});

/** A focused input line in a bordered box; the left window's first line is its draft, the right's its cursor. */
function Field({ left, right }: { left: TranscriptWindow; right: TranscriptWindow }): React.ReactElement {
  const draft = left.lines[0]?.text ?? "";
  const cursor = Number(right.lines[0]?.text ?? draft.length);
  return (
    <Box borderStyle="round" width={30} height={3}>
      <InputLine
        mode="turn"
        draft={draft}
        cursor={cursor}
        focused
        width={28}
        idleHint=""
        textOf={() => ({ value: draft, cursor })}
      />
    </Box>
  );
}

describe("the focused input field on the body layer", () => {
  it("shows the same screen as Ink's TextView: the placeholder, a draft, the cursor inside it, a draft wider than the field", async () => {
    const layered = mount(true, Field);
    const plain = mount(false, Field);
    for (const [draft, cursor] of [
      ["", 0],
      ["hello", 5],
      ["hello", 1],
      ["a draft far longer than the field is wide", 30],
      ["漢字", 2],
    ] as const) {
      const left = windowOf(draft);
      const right = windowOf(String(cursor));
      expect(await layered.show(left, right)).toEqual(await plain.show(left, right));
    }
    layered.close();
    plain.close();
  });
});

import { Writable } from "node:stream";
import { Box, render, Text, useStdout } from "ink";
import type React from "react";
import { useEffect, useState } from "react";
import { describe, expect, it } from "vitest";
import { FrameSink, RESIZE_SETTLE_MS } from "../../../src/ui/render/frame-sink.js";
import { feed, makeTerminal } from "../native/helpers.js";
import { ManualScheduler } from "./fake-port.js";

/** Lets React and Ink render what is due (no time passes on the sink's clock). */
async function rendered(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}

const MODE = "\u001b[?1000h";

/** Full-width numbered rows sized to the terminal: a row left from a wider frame shows as extra text. */
function Sized(): React.ReactElement {
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const [size, setSize] = useState({ columns: stdout.columns, rows: stdout.rows });
  useEffect(() => {
    stdout.write(MODE);
    const onResize = (): void => setSize({ columns: stdout.columns, rows: stdout.rows });
    stdout.on("resize", onResize);
    return () => void stdout.off("resize", onResize);
  }, [stdout]);
  return (
    <Box flexDirection="column" width={size.columns} height={size.rows}>
      {expectedRows(size.columns, size.rows).map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}

function expectedRows(columns: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, i) => `${i}:`.padEnd(columns, String.fromCharCode(97 + (i % 26))));
}

/** A terminal emulator behind a WriteStream-like object that can be resized. */
function fakeTty(columns: number, rows: number) {
  const term = makeTerminal(columns, rows, 0);
  const clock = new ManualScheduler();
  const written: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      written.push(String(chunk));
      cb();
    },
  }) as unknown as NodeJS.WriteStream & { columns: number; rows: number };
  out.columns = columns;
  out.rows = rows;
  out.isTTY = true;
  const resize = (c: number, r: number): void => {
    out.columns = c;
    out.rows = r;
    term.resize(c, r);
    out.emit("resize");
  };
  const settle = async (): Promise<string[]> => {
    await rendered();
    clock.advance(RESIZE_SETTLE_MS);
    await rendered();
    for (const d of written.splice(0)) await feed(term, d);
    const buffer = term.buffer.active;
    return Array.from({ length: term.rows }, (_, y) => buffer.getLine(buffer.viewportY + y)!.translateToString(true));
  };
  return { out, written, resize, settle, clock };
}

function mount(tty: ReturnType<typeof fakeTty>) {
  const sink = new FrameSink(tty.out, tty.clock);
  const instance = render(<Sized />, {
    stdout: sink as unknown as NodeJS.WriteStream,
    debug: true,
    patchConsole: false,
    exitOnCtrlC: false,
    onRender: () => sink.frameWritten(),
  });
  return { sink, instance };
}

describe("FrameSink under Ink", () => {
  it("puts Ink's frame on the terminal and passes components' mode bytes through unchanged", async () => {
    const tty = fakeTty(30, 8);
    const { sink, instance } = mount(tty);
    await rendered();
    expect(tty.written.join("")).toContain(MODE);
    expect(await tty.settle()).toEqual(expectedRows(30, 8));
    instance.unmount();
    sink.dispose();
  });

  it("leaves no row of the old frame after the terminal shrinks and grows again", async () => {
    const tty = fakeTty(40, 12);
    const { sink, instance } = mount(tty);
    expect(await tty.settle()).toEqual(expectedRows(40, 12));
    tty.resize(25, 7);
    expect(await tty.settle()).toEqual(expectedRows(25, 7));
    tty.resize(50, 15);
    expect(await tty.settle()).toEqual(expectedRows(50, 15));
    tty.resize(50, 9);
    expect(await tty.settle()).toEqual(expectedRows(50, 9));
    instance.unmount();
    sink.dispose();
  });
});

/**
 * Body rows painted between Ink frames are written where they stand (body-layer.ts takePatches,
 * frame-sink.ts): the screen must read exactly as a whole recompose of the same frame and bodies
 * draws it, styles included, beside borders, side by side, after a wide character, at a trimmed end.
 */
import type { IBufferLine } from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { BodyLayer } from "../../../src/ui/render/body-layer.js";
import { FrameSink } from "../../../src/ui/render/frame-sink.js";
import { feed, makeTerminal } from "../native/helpers.js";
import { ManualScheduler } from "./fake-port.js";
import { recordingTty } from "./recording-tty.js";

const COLUMNS = 30;
const ROWS = 6;
const BORDER = "\u001b[36m│\u001b[39m";

function cellsOf(line: IBufferLine): string {
  let out = "";
  for (let x = 0; x < line.length; x++) {
    const cell = line.getCell(x)!;
    const marks = `${cell.isBold() ? "b" : ""}${!cell.isFgDefault() ? `f${cell.getFgColor()}` : ""}${!cell.isBgDefault() ? `g${cell.getBgColor()}` : ""}`;
    out += marks === "" ? cell.getChars() || " " : `{${marks}}${cell.getChars() || " "}`;
  }
  return out.trimEnd();
}

function tty() {
  const term = makeTerminal(COLUMNS, ROWS, 0);
  const { out, written } = recordingTty(COLUMNS, ROWS);
  const sink = new FrameSink(out, new ManualScheduler());
  const screen = async (): Promise<string[]> => {
    await new Promise<void>((r) => setImmediate(r));
    for (const d of written.splice(0)) await feed(term, d);
    const buffer = term.buffer.active;
    return Array.from({ length: ROWS }, (_, y) => cellsOf(buffer.getLine(buffer.viewportY + y)!));
  };
  /** Ink writing a frame: the bare rows in one write, then its onRender. */
  const inkFrame = (lines: readonly string[]): void => {
    sink.write(lines.join("\n"));
    sink.frameWritten();
  };
  return { sink, screen, inkFrame, written };
}

type Bodies = ReadonlyArray<{ width: number; rows: string[] }>;

/** Two bodies side by side in borders, a third after a wide character, a fourth whose row Ink trimmed, a fifth after a title. */
function inkLines(slots: readonly number[]): string[] {
  const [a, b, c, d, e] = slots.map((s) => BodyLayer.marker(s));
  return [
    `\u001b[1mhead\u001b[22m ${e}             `,
    `${BORDER}${a}     ${BORDER}${b}   ${BORDER}`,
    `${BORDER}${a}     ${BORDER}${b}   ${BORDER}`,
    `${BORDER}${a}     ${BORDER}${b}   ${BORDER}`,
    `界 ${c}   ${BORDER}`,
    `> ${d}`,
  ];
}

const step = (n: number): Bodies => [
  { width: 6, rows: [`a${n}    `, `\u001b[1mbold${n}\u001b[22m `, `\u001b[31mred ${n} \u001b[39m`] },
  { width: 4, rows: [`b${n}  `, `b${n + 1}  `] },
  { width: 4, rows: [`c${n}  `] },
  { width: 5, rows: [`\u001b[44md ${n}\u001b[49m  `] },
  // Long and short in turn: the blanks a short row ends in must clear what the long one left.
  { width: 14, rows: [n % 2 ? `e${n} long words!` : `\u001b[1me${n}\u001b[22m`.padEnd(22 + String(n).length, " ")] },
];

function paintAll(sink: FrameSink, slots: readonly number[], bodies: Bodies): void {
  for (const [i, b] of bodies.entries()) sink.bodies.paint(slots[i]!, b.width, b.rows);
}

function claimAll(sink: FrameSink, n: number): number[] {
  return Array.from({ length: n }, () => sink.bodies.claim()!);
}

describe("body rows painted between Ink frames", () => {
  it("show the same screen as the whole frame recomposed with them, step after step", async () => {
    const patched = tty();
    const slots = claimAll(patched.sink, 5);
    paintAll(patched.sink, slots, step(0));
    patched.inkFrame(inkLines(slots));
    await patched.screen();
    for (let n = 1; n <= 4; n++) {
      // Some bodies change, one only partly, one not at all; Ink writes no frame meanwhile. The one
      // after a wide character (its column unknown here) changes once: the whole frame is recomposed.
      const bodies = step(n).map((b, i) =>
        (i === 1 && n % 2 === 0) || (i === 2 && n !== 3) ? step(i === 1 ? n - 1 : 0)[i]! : b,
      );
      paintAll(patched.sink, slots, bodies);
      const screen = await patched.screen();
      const whole = tty();
      paintAll(whole.sink, claimAll(whole.sink, 5), bodies);
      whole.inkFrame(inkLines(slots));
      expect(screen).toEqual(await whole.screen());
      expect(screen.join("\n")).toContain(`a${n}`);
      whole.sink.dispose();
    }
    patched.sink.dispose();
  });

  it("write only the rows that changed, where they stand", async () => {
    const { sink, screen, inkFrame, written } = tty();
    const slots = claimAll(sink, 5);
    paintAll(sink, slots, step(0));
    inkFrame(inkLines(slots));
    await screen();
    sink.bodies.paint(slots[1]!, 4, ["b0  ", "b9  "]);
    await new Promise<void>((r) => setImmediate(r));
    const data = written.join("");
    expect(data).toContain("\u001b[3;9Hb9  ");
    expect(data).not.toContain("b0");
    expect(data).not.toContain("a0");
    sink.dispose();
  });
});

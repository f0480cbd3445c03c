/**
 * Frames a second as a person sees them: the hmux client's output (pane-tap.ts) replayed after the
 * run through a headless xterm of the same size, frame by frame (the line-diffing writer puts each
 * frame in one synchronized-output block, ending in ESC [ ? 2026 l). A frame counts for the
 * focused pane when, once drawn, the screen shows a newer record of the focused session than
 * before: its harness tags every text (`<tag><n>: …`, bench/fake-chatty-harness.mjs), and the
 * largest n on screen is what the pane shows. Replayed afterwards, so parsing costs nothing
 * while the CPU is measured.
 */
import { StringDecoder } from "node:string_decoder";
import * as xtermHeadless from "@xterm/headless";
import type { TapChunk } from "./pane-tap.js";

type XtermModule = typeof xtermHeadless & { default?: typeof xtermHeadless };
const Terminal = (xtermHeadless as XtermModule).Terminal ?? (xtermHeadless as XtermModule).default!.Terminal;

const FRAME_END = "\u001b[?2026l";

export interface FrameCount {
  /** Frames written in the window. */
  readonly frames: number;
  /** Frames in the window that showed a newer record of the focused session. */
  readonly focusedFrames: number;
}

function newestShown(term: InstanceType<typeof Terminal>, tag: RegExp): number {
  const buffer = term.buffer.active;
  let newest = -1;
  for (let y = 0; y < term.rows; y++) {
    const text = buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "";
    for (const m of text.matchAll(tag)) newest = Math.max(newest, Number(m[1]));
  }
  return newest;
}

/** Counts the frames that ended between `from` and `to` (performance.now() instants). */
export async function countFrames(
  chunks: readonly TapChunk[],
  size: { readonly columns: number; readonly rows: number },
  focusedTag: string,
  window: { readonly from: number; readonly to: number },
): Promise<FrameCount> {
  const term = new Terminal({ cols: size.columns, rows: size.rows, allowProposedApi: true, scrollback: 0 });
  const write = (text: string): Promise<void> => new Promise((r) => term.write(text, r));
  const tag = new RegExp(`${focusedTag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\d+):`, "g");
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let frames = 0;
  let focusedFrames = 0;
  let newest = -1;
  for (const chunk of chunks) {
    carry += decoder.write(chunk.data);
    for (let end = carry.indexOf(FRAME_END); end !== -1; end = carry.indexOf(FRAME_END)) {
      const frame = carry.slice(0, end + FRAME_END.length);
      carry = carry.slice(end + FRAME_END.length);
      await write(frame);
      const shown = newestShown(term, tag);
      const counted = chunk.at >= window.from && chunk.at <= window.to;
      if (counted) frames++;
      if (shown > newest) {
        if (counted) focusedFrames++;
        newest = shown;
      }
    }
  }
  term.dispose();
  return { frames, focusedFrames };
}

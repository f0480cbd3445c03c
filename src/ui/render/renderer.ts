/**
 * The render options that put the TUI's frames on the terminal, one renderer or the other, through
 * Ink's public render options only (no Ink file is amended, no module hook is installed):
 * - "line-diff": Ink in debug mode (each frame written bare and unthrottled; the store already
 *   paces commits) to a FrameSink, which rewrites only the cells that changed;
 * - "ink": Ink's own incremental rendering on the terminal itself (changed lines), at Ink's
 *   default pace of at most 30 frames a second.
 * `npm run bench` (its `tui` bench) measures both on the same load in one run and says which is kept;
 * `HMUX_BENCH_RENDERERS=ink,line-diff npm run bench -- end-to-end` does so through the server. DEFAULT_RENDERER is
 * the line-diffing writer (README: Rendering).
 */
import type { RenderOptions } from "ink";
import type { Renderer } from "../../core/config/ui-schema.js";
import type { Scheduler } from "../store/app-store.js";
import type { BodyLayer } from "./body-layer.js";
import { FrameSink } from "./frame-sink.js";

type RenderMetrics = Parameters<NonNullable<RenderOptions["onRender"]>>[0];

export interface TerminalRenderer<Frame = unknown> {
  /** Ink's render options for the stream and pacing (the caller adds stdin and the rest). */
  readonly options: RenderOptions;
  /** Stops following the terminal and gives the cursor back; after Ink has unmounted. */
  dispose(): void;
  /** Where pane bodies are drawn beside Ink (line-diff only); null: Ink draws them. */
  readonly bodies: BodyLayer<Frame> | null;
}

export function terminalRenderer<Frame = unknown>(
  renderer: Renderer,
  stdout: NodeJS.WriteStream,
  scheduler: Pick<Scheduler, "after">,
  onRender?: (metrics: RenderMetrics) => void,
  /**
   * Called for each update put on the terminal (the bench counts them): line-diff, each frame the
   * writer wrote, body-layer draws without an Ink frame included; ink, each of Ink's frames (Ink
   * reports a frame it rendered unchanged as well, so this is at most what reached the terminal).
   */
  onScreenUpdate?: () => void,
): TerminalRenderer<Frame> {
  // Ink would decide from the CI variable that no one watches and draw only the last frame; a
  // terminal is watched whatever the environment says.
  const interactive = stdout.isTTY === true;
  if (renderer === "ink") {
    const inkFrame =
      onRender || onScreenUpdate
        ? (metrics: RenderMetrics) => {
            onRender?.(metrics);
            onScreenUpdate?.();
          }
        : undefined;
    return {
      options: { stdout, interactive, incrementalRendering: true, ...(inkFrame ? { onRender: inkFrame } : {}) },
      dispose: () => {},
      bodies: null,
    };
  }
  const sink = new FrameSink<Frame>(stdout, scheduler, onScreenUpdate);
  return {
    options: {
      stdout: sink as unknown as NodeJS.WriteStream,
      interactive,
      debug: true,
      onRender: (metrics) => {
        sink.frameWritten();
        onRender?.(metrics);
      },
    },
    dispose: () => sink.dispose(),
    bodies: sink.bodies,
  };
}

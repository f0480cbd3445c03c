/**
 * One native pane's terminal, outside React: the pty, the headless xterm that emulates it,
 * scrollback, input modes, and frames. Output is fed to xterm as it arrives, but frames are
 * published at a fixed cadence (30 fps focused, 4 fps in the background) and only when
 * something changed — so a flood (`yes`) costs parsing, never a render per chunk. When
 * xterm falls behind, the pty is paused: memory stays bounded and the child blocks instead.
 */

import { createRequire } from "node:module";
import type { Terminal as XTerminal } from "@xterm/headless";
import type { Clock } from "../core/exec/ports.js";
import type { PtyExit, PtyFactory, PtyProcess } from "../core/exec/pty-port.js";
import { reuseRows } from "./cells.js";
import { FOCUS_IN, FOCUS_OUT, type InputModes, ModeTracker, modeResetSequence } from "./modes.js";
import { screenReplay } from "./screen-replay.js";
import { clampScroll, type TerminalSnapshot, takeSnapshot } from "./snapshot.js";

/**
 * @xterm/headless is required by the first native pane, not imported by every process that could
 * open one: `hmux --help`, the TUI and the server each spent ~100 ms starting it (it is CommonJS,
 * which an ESM import also runs through Node's export lexer) and carried it in memory unused.
 */
let xtermClass: typeof XTerminal | undefined;
function xtermTerminal(): typeof XTerminal {
  xtermClass ??= (createRequire(import.meta.url)("@xterm/headless") as { Terminal: typeof XTerminal }).Terminal;
  return xtermClass;
}

export interface NativeTerminalOptions {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly cols: number;
  readonly rows: number;
  readonly scrollback?: number;
  readonly focusedFps?: number;
  readonly backgroundFps?: number;
  /** The pty to run in: the real one (src/spawn/native-pty.ts) from the composition root, or a scripted one. */
  readonly spawn: PtyFactory;
  /** Times the frame tick and the close grace (the root's real clock, or a test's fake one). */
  readonly clock: Clock;
  /** Bytes queued in xterm before the pty is paused / resumed. */
  readonly highWater?: number;
  readonly lowWater?: number;
  /**
   * Whether this emulator answers the UI's queries (cursor position, device attributes). A
   * client's copy of a server-owned pane does not: the server's emulator already answered.
   */
  readonly answers?: boolean;
}

/** A terminal's screen as bytes (`data`) for a fresh terminal of `cols` × `rows`. */
export interface ScreenReplay {
  readonly cols: number;
  readonly rows: number;
  readonly data: string;
}

export type FrameListener = (snapshot: TerminalSnapshot) => void;

export class NativeTerminal {
  readonly xterm: XTerminal;
  private readonly tracker: ModeTracker;
  private readonly pty: PtyProcess;
  private readonly listeners = new Set<FrameListener>();
  private readonly exitListeners = new Set<(exit: PtyExit) => void>();
  private readonly outputListeners = new Set<(chunk: Uint8Array) => void>();
  private frame: TerminalSnapshot;
  private dirty = false;
  /** The pending frame tick's handle on the clock; null while none is armed. */
  private timer: unknown = null;
  private scrollOffset = 0;
  private focused = false;
  private pending = 0;
  private paused = false;
  private disposed = false;
  /** Frames published so far (the bench counts them). */
  frames = 0;
  /** Bytes received from the pty. */
  bytesIn = 0;
  exit: PtyExit | null = null;
  readonly exited: Promise<PtyExit>;

  constructor(private readonly options: NativeTerminalOptions) {
    const Terminal = xtermTerminal();
    this.xterm = new Terminal({
      cols: Math.max(2, options.cols),
      rows: Math.max(1, options.rows),
      scrollback: options.scrollback ?? 1000,
      allowProposedApi: true,
    });
    this.tracker = new ModeTracker(this.xterm);
    // Answers to the UI's queries (cursor position, device attributes) go back to it.
    if (options.answers !== false) {
      this.xterm.onData((data) => this.pty.write(data));
      this.xterm.onBinary((data) => this.pty.write(data));
    }
    this.pty = options.spawn({
      argv: options.argv,
      cwd: options.cwd,
      env: options.env,
      cols: this.xterm.cols,
      rows: this.xterm.rows,
    });
    this.frame = takeSnapshot(this.xterm);
    this.pty.onData((chunk) => this.feed(chunk));
    this.exited = new Promise((resolve) => {
      this.pty.onExit((exit) => {
        this.exit = exit;
        this.dirty = true;
        for (const l of this.exitListeners) l(exit);
        resolve(exit);
      });
    });
    this.restartTimer();
  }

  get pid(): number {
    return this.pty.pid;
  }
  get cols(): number {
    return this.xterm.cols;
  }
  get rows(): number {
    return this.xterm.rows;
  }

  private feed(chunk: Uint8Array): void {
    if (this.disposed) return;
    this.bytesIn += chunk.byteLength;
    this.pending += chunk.byteLength;
    if (!this.paused && this.pending > (this.options.highWater ?? 1 << 20)) {
      this.paused = true;
      this.pty.pause();
    }
    // Listeners hear the chunk in the same turn xterm queues it, so a replay() asked for after a
    // chunk includes it and one asked for before it does not: the listener must send it.
    for (const l of this.outputListeners) l(chunk);
    this.xterm.write(chunk, () => {
      this.pending -= chunk.byteLength;
      this.dirty = true;
      if (this.paused && this.pending < (this.options.lowWater ?? 1 << 18)) {
        this.paused = false;
        this.pty.resume();
      }
    });
  }

  private restartTimer(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.disposed) return;
    const fps = this.focused ? (this.options.focusedFps ?? 30) : (this.options.backgroundFps ?? 4);
    const period = Math.max(1, Math.round(1000 / fps));
    // One timer re-armed after each tick: the Clock port has no interval.
    const arm = (): void => {
      this.timer = this.options.clock.setTimeout(
        () => {
          this.timer = null;
          this.tick();
          if (!this.disposed && this.timer === null) arm();
        },
        period,
        { background: true },
      );
    };
    arm();
  }

  /** Publishes a frame if anything changed since the last one. */
  tick(): void {
    if (!this.dirty || this.disposed) return;
    this.dirty = false;
    this.publish();
  }

  private publish(): void {
    const next = takeSnapshot(this.xterm, {
      scrollOffset: this.scrollOffset,
      showCursor: this.focused,
      cursorHidden: this.tracker.cursorHidden,
    });
    // Unchanged rows keep their identity, so the pane re-renders only the rows that changed.
    this.frame = { ...next, rows: reuseRows(this.frame.rows, next.rows) };
    this.scrollOffset = this.frame.scrollOffset;
    this.frames++;
    for (const l of this.listeners) l(this.frame);
  }

  snapshot(): TerminalSnapshot {
    return this.frame;
  }

  onFrame(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every chunk the pty sends, raw, from now on (a server forwards them to attached clients). */
  onOutput(listener: (chunk: Uint8Array) => void): () => void {
    this.outputListeners.add(listener);
    return () => this.outputListeners.delete(listener);
  }

  /**
   * The bytes that draw this terminal again on a fresh one of its size (screen-replay.ts), once
   * every chunk received before this call is parsed; chunks after it are not in it.
   */
  replay(history?: number): Promise<ScreenReplay> {
    const now = (): ScreenReplay => ({
      cols: this.xterm.cols,
      rows: this.xterm.rows,
      data: this.disposed
        ? ""
        : screenReplay(this.xterm, {
            modes: this.tracker.modes(),
            cursorHidden: this.tracker.cursorHidden,
            ...(history !== undefined ? { history } : {}),
          }),
    });
    if (this.disposed) return Promise.resolve(now());
    return new Promise((resolve) => this.xterm.write(new Uint8Array(0), () => resolve(now())));
  }

  onExit(listener: (exit: PtyExit) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  modes(): InputModes {
    return this.tracker.modes();
  }

  /** Keys typed into the pane. Typing returns the view to the live screen. */
  write(data: string): void {
    if (this.exit || this.disposed || data === "") return;
    if (this.scrollOffset !== 0) {
      this.scrollOffset = 0;
      this.dirty = true;
    }
    this.pty.write(data);
  }

  /** Resizes xterm and the pty together (the child gets SIGWINCH). */
  resize(cols: number, rows: number): void {
    const c = Math.max(2, Math.floor(cols));
    const r = Math.max(1, Math.floor(rows));
    if (c === this.xterm.cols && r === this.xterm.rows) return;
    this.xterm.resize(c, r);
    this.pty.resize(c, r);
    this.dirty = true;
  }

  /** Scrolls by pages (negative: back in history); 0 pages or past the bottom: live. */
  scroll(pages: number): void {
    const step = Math.max(1, this.xterm.rows - 1);
    this.scrollOffset = clampScroll(this.xterm, this.scrollOffset - pages * step);
    this.publish();
  }

  get scrolledBack(): number {
    return this.scrollOffset;
  }

  /**
   * Focus moves in or out. Leaving: the UI hears focus-out if it asked for focus reports,
   * and the returned bytes reset, on the real terminal, every input mode the UI had on, so
   * nothing it enabled outlives its focus (bracketed paste excepted: the TUI keeps it on). Entering: focus-in for the UI.
   */
  setFocused(focused: boolean): string {
    if (focused === this.focused) return "";
    this.focused = focused;
    const modes = this.tracker.modes();
    if (modes.focusReporting) this.write(focused ? FOCUS_IN : FOCUS_OUT);
    this.restartTimer();
    this.dirty = true;
    // Bracketed paste on the real terminal is the TUI's own, on for as long as it runs (pastes
    // reach a pane as pastes through it), so leaving a pane never turns it off.
    return focused ? "" : modeResetSequence({ ...modes, bracketedPaste: false });
  }

  get isFocused(): boolean {
    return this.focused;
  }

  /** Synchronous last resort (process exit): hang up the pane's process group. */
  killNow(): void {
    if (!this.exit) this.pty.kill("SIGHUP");
  }

  /** Hang up (SIGHUP, then SIGKILL after `graceMs`) and release xterm. */
  async close(graceMs = 1500): Promise<void> {
    if (!this.exit) {
      this.pty.kill("SIGHUP");
      const { clock } = this.options;
      const after = (ms: number): Promise<"timeout"> =>
        new Promise((r) => clock.setTimeout(() => r("timeout"), ms, { background: true }));
      if ((await Promise.race([this.exited, after(graceMs)])) === "timeout") {
        this.pty.kill("SIGKILL");
        await Promise.race([this.exited, after(500)]);
      }
    }
    this.dispose();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.tracker.dispose();
    this.xterm.dispose();
    this.listeners.clear();
    this.outputListeners.clear();
  }
}

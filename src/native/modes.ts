/**
 * Input modes a native UI turns on, and the bytes that turn them off again. xterm tracks
 * the DEC modes; the kitty keyboard stack, modifyOtherKeys and cursor visibility are
 * observed here through parser hooks that never swallow the sequence.
 */
import type { IDisposable, Terminal } from "@xterm/headless";

export type MouseMode = "none" | "x10" | "vt200" | "drag" | "any";

export interface InputModes {
  readonly applicationCursor: boolean;
  readonly bracketedPaste: boolean;
  readonly focusReporting: boolean;
  readonly mouse: MouseMode;
  /** Depth of the kitty keyboard flag stack the UI pushed (0: legacy keys). */
  readonly kittyDepth: number;
  /** Flags in force at the top of that stack. */
  readonly kittyFlags: number;
  /** xterm modifyOtherKeys level (0: off). */
  readonly modifyOtherKeys: number;
}

export const NO_MODES: InputModes = {
  applicationCursor: false,
  bracketedPaste: false,
  focusReporting: false,
  mouse: "none",
  kittyDepth: 0,
  kittyFlags: 0,
  modifyOtherKeys: 0,
};

/** Focus-in / focus-out reports a UI asked for with DECSET 1004. */
export const FOCUS_IN = "\u001b[I";
export const FOCUS_OUT = "\u001b[O";

/**
 * Bytes that return a terminal to plain input: every mode in `modes` that is on is turned
 * off (kitty: the whole stack popped). Empty when nothing was on.
 */
export function modeResetSequence(modes: InputModes): string {
  let out = "";
  if (modes.kittyDepth > 0) out += `\u001b[<${modes.kittyDepth}u`;
  else if (modes.kittyFlags !== 0) out += "\u001b[=0;1u";
  if (modes.modifyOtherKeys !== 0) out += "\u001b[>4;0m";
  if (modes.bracketedPaste) out += "\u001b[?2004l";
  if (modes.focusReporting) out += "\u001b[?1004l";
  if (modes.mouse !== "none") out += "\u001b[?1000l\u001b[?1002l\u001b[?1003l\u001b[?1006l\u001b[?1015l";
  if (modes.applicationCursor) out += "\u001b[?1l";
  return out;
}

function first(params: (number | number[])[], fallback: number): number {
  const p = params[0];
  const v = Array.isArray(p) ? p[0] : p;
  return v === undefined || v === -1 ? fallback : v;
}

/** Watches one terminal's stream for the modes xterm does not track itself. */
export class ModeTracker implements IDisposable {
  private kitty: number[] = [];
  private kittyBase = 0;
  private otherKeys = 0;
  cursorHidden = false;
  private readonly hooks: IDisposable[];

  constructor(private readonly terminal: Terminal) {
    const p = terminal.parser;
    this.hooks = [
      // CSI > flags u: push; CSI < n u: pop n; CSI = flags ; mode u: set/or/clear the top.
      p.registerCsiHandler({ prefix: ">", final: "u" }, (params) => {
        this.kitty.push(first(params, 0));
        if (this.kitty.length > 32) this.kitty.shift();
        return false;
      }),
      p.registerCsiHandler({ prefix: "<", final: "u" }, (params) => {
        const n = Math.max(1, first(params, 1));
        this.kitty.splice(Math.max(0, this.kitty.length - n));
        return false;
      }),
      p.registerCsiHandler({ prefix: "=", final: "u" }, (params) => {
        const flags = first(params, 0);
        const mode = Array.isArray(params[1]) ? (params[1][0] ?? 1) : (params[1] ?? 1);
        const top = this.kitty.length > 0 ? this.kitty[this.kitty.length - 1]! : this.kittyBase;
        const next = mode === 2 ? top | flags : mode === 3 ? top & ~flags : flags;
        if (this.kitty.length > 0) this.kitty[this.kitty.length - 1] = next;
        else this.kittyBase = next;
        return false;
      }),
      p.registerCsiHandler({ prefix: ">", final: "m" }, (params) => {
        if (first(params, -1) === 4) {
          const level = params[1];
          this.otherKeys = Array.isArray(level) ? (level[0] ?? 0) : (level ?? 0);
        }
        return false;
      }),
      p.registerCsiHandler({ prefix: "?", final: "h" }, (params) => {
        if (params.includes(25)) this.cursorHidden = false;
        return false;
      }),
      p.registerCsiHandler({ prefix: "?", final: "l" }, (params) => {
        if (params.includes(25)) this.cursorHidden = true;
        return false;
      }),
    ];
  }

  modes(): InputModes {
    const m = this.terminal.modes;
    return {
      applicationCursor: m.applicationCursorKeysMode,
      bracketedPaste: m.bracketedPasteMode,
      focusReporting: m.sendFocusMode,
      mouse: m.mouseTrackingMode,
      kittyDepth: this.kitty.length,
      kittyFlags: this.kitty.length > 0 ? this.kitty[this.kitty.length - 1]! : this.kittyBase,
      modifyOtherKeys: this.otherKeys,
    };
  }

  dispose(): void {
    for (const h of this.hooks) h.dispose();
  }
}

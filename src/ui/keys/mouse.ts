/**
 * Mouse reports in the TUI's input, separated from keyboard text. hmux asks the terminal for
 * SGR reports (CSI ?1000h + ?1006h): `ESC [ < button ; column ; row M|m`, 1-based cells.
 * Button 64 is wheel up, 65 wheel down; every other report is swallowed unused.
 * A terminal without SGR support sends the legacy form `ESC [ M` + three bytes (each value
 * + 32), which is recognised too so its bytes never land in the input line as text.
 *
 * The filter reads the terminal's input one key at a time (key-extent.ts): a report is one key,
 * but one still incomplete when a read ends is a key of its own, and the rest arrives with the
 * next read as plain characters. The filter keeps such a partial report and accepts its
 * continuation only directly after it and only briefly, so text the user types is never read
 * as a mouse report.
 */

export interface WheelReport {
  readonly kind: "wheel";
  readonly direction: "up" | "down";
  /** 1-based terminal column and row of the pointer. */
  readonly column: number;
  readonly row: number;
}

export interface OtherMouseReport {
  readonly kind: "other";
}

export type MouseReport = WheelReport | OtherMouseReport;

export interface FilteredInput {
  readonly reports: readonly MouseReport[];
  /** What is left for the keyboard handlers; null when the whole event was mouse input. */
  readonly rest: string | null;
}

export const MOUSE_REPORTING_ON = "\u001b[?1000h\u001b[?1006h";
export const MOUSE_REPORTING_OFF = "\u001b[?1006l\u001b[?1000l";

const SGR_PREFIX = "\u001b[<";
const LEGACY_PREFIX = "\u001b[M";
/** A continuation later than this is not part of the partial report (it was typed). */
export const PENDING_MS = 150;
/** No SGR report is longer ("ESC [ < 65;65535;65535 M" is 20). */
const MAX_SGR_LENGTH = 24;

/** Rows one wheel notch moves a transcript. */
export const WHEEL_ROWS = 3;

const WHEEL_UP = 64;
const WHEEL_DOWN = 65;

function report(button: number, column: number, row: number): MouseReport {
  // Bits 2–4 carry shift/alt/ctrl; a modified wheel is still a wheel.
  const base = button & ~0b11100;
  if (base === WHEEL_UP || base === WHEEL_DOWN) {
    return { kind: "wheel", direction: base === WHEEL_UP ? "up" : "down", column, row };
  }
  return { kind: "other" };
}

function sgrReport(body: string): MouseReport {
  // body: "b;x;y" (digits and semicolons only, checked by the caller).
  const [b, x, y] = body.split(";").map((s) => Number.parseInt(s, 10));
  if (b === undefined || x === undefined || y === undefined || [b, x, y].some((n) => Number.isNaN(n)))
    return { kind: "other" };
  return report(b, x, y);
}

function legacyReport(bytes: string): MouseReport {
  const [b, x, y] = [...bytes].map((c) => c.codePointAt(0)! - 32);
  return report(b!, x!, y!);
}

type Pending = { readonly form: "sgr" | "legacy"; text: string; at: number };

/** One filter per input stream: it carries a partial report from one event to the next. */
export class MouseInputFilter {
  private pending: Pending | null = null;

  /** One key of the terminal's input (raw, ESC included) at time `now` (ms). */
  feed(event: string, now: number): FilteredInput {
    const reports: MouseReport[] = [];
    let text = event;
    if (this.pending) {
      const fresh = now - this.pending.at <= PENDING_MS && !text.startsWith("\u001b");
      const used = fresh ? this.continuePending(text, reports) : 0;
      if (!fresh) this.pending = null;
      text = text.slice(used);
      if (this.pending) return { reports, rest: null };
    }
    while (text.startsWith(SGR_PREFIX) || text.startsWith(LEGACY_PREFIX)) {
      const used = text.startsWith(SGR_PREFIX)
        ? this.startSgr(text, now, reports)
        : this.startLegacy(text, now, reports);
      if (used === 0) break;
      text = text.slice(used);
    }
    return { reports, rest: text === "" ? null : text };
  }

  /** Whether a partial report is waiting for its continuation. */
  get waiting(): boolean {
    return this.pending !== null;
  }

  private startSgr(text: string, now: number, reports: MouseReport[]): number {
    const match = /^\u001b\[<([0-9;]*)([Mm])?/.exec(text)!;
    if (match[2] !== undefined) {
      reports.push(sgrReport(match[1]!));
      return match[0].length;
    }
    // Only digits and semicolons so far: a partial report, unless something else follows.
    if (match[0].length < text.length || match[0].length > MAX_SGR_LENGTH) return 0;
    this.pending = { form: "sgr", text, at: now };
    return text.length;
  }

  private startLegacy(text: string, now: number, reports: MouseReport[]): number {
    const needed = LEGACY_PREFIX.length + 3;
    if (text.length >= needed) {
      reports.push(legacyReport(text.slice(LEGACY_PREFIX.length, needed)));
      return needed;
    }
    this.pending = { form: "legacy", text, at: now };
    return text.length;
  }

  /** Consumes the continuation of the pending report from `text`; returns how many chars. */
  private continuePending(text: string, reports: MouseReport[]): number {
    const pending = this.pending!;
    if (pending.form === "legacy") {
      const missing = LEGACY_PREFIX.length + 3 - pending.text.length;
      const take = [...text].slice(0, missing).join("");
      pending.text += take;
      if (pending.text.length === LEGACY_PREFIX.length + 3) {
        reports.push(legacyReport(pending.text.slice(LEGACY_PREFIX.length)));
        this.pending = null;
      }
      return take.length;
    }
    const match = /^([0-9;]*)([Mm])?/.exec(text)!;
    const body = pending.text.slice(SGR_PREFIX.length) + match[1]!;
    if (body.length + SGR_PREFIX.length + 1 > MAX_SGR_LENGTH) {
      this.pending = null;
      return 0;
    }
    if (match[2] !== undefined) {
      reports.push(sgrReport(body));
      this.pending = null;
      return match[0].length;
    }
    if (match[0].length < text.length) {
      // Something other than a report's bytes: the partial report ends here, unused.
      this.pending = null;
      return match[0].length;
    }
    pending.text += match[1]!;
    return match[0].length;
  }
}

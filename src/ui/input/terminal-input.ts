/**
 * The input stream hmux hands Ink (render's `stdin`, render-tui.ts), fed from the terminal.
 *
 * Ink reads a stream by calling read() until it returns null and hands each read to its parser,
 * which cuts only at escape sequences. So each read() here returns one unit (keys/key-bursts.ts):
 * one key, or one bracketed paste whole, markers included (Ink's usePaste hands its text to the
 * text fields, never to useInput). Because Ink handles each read before taking the next:
 * - the unit's raw bytes are recorded while Ink handles it (`raw`), for keys Ink names not (F1);
 * - a key that opens a dialog holds the rest of its burst (`flow.held`): read() returns null until
 *   the dialog listens and releases them, or HOLD_LIMIT_MS passes;
 * - the terminal's reports (mouse wheel, focus) are taken out as they arrive (`takeReports`).
 *
 * Of a TTY stdin Ink uses isTTY, setRawMode, setEncoding, ref, unref, read() and the "readable"
 * event (node_modules/ink/build/components/App.js): all but read() are the terminal's. The
 * terminal is read only while Ink listens, so a paused TUI leaves its input to whoever has it.
 */

import { EventEmitter } from "node:events";
import { StringDecoder } from "node:string_decoder";
import type { KeyFlow, RawInput } from "../contexts/keys-context.js";
import { InputAssembler, type InputUnit, PASTE_END, PASTE_START } from "../keys/key-bursts.js";
import type { Scheduler } from "../store/app-store.js";

/** What hmux reads of the terminal (process.stdin, or a test's fake one). */
export interface TerminalSource {
  readonly isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  ref?(): unknown;
  unref?(): unknown;
  read(): string | Buffer | null;
  on(event: "readable", listener: () => void): unknown;
  removeListener(event: "readable", listener: () => void): unknown;
}

/** One key's bytes in, what is not a terminal report out ("" when the whole key was one). */
export type ReportTaker = (key: string) => string;

/** How long held keys wait for the dialog that holds them before they go on regardless. */
export const HOLD_LIMIT_MS = 250;

export class TerminalInput extends EventEmitter {
  /** The bytes of the unit Ink is handling ("" between reads and for a paste). */
  readonly raw: RawInput = { current: "" };
  readonly flow: KeyFlow;
  private readonly assembler = new InputAssembler();
  private readonly queue: InputUnit[] = [];
  private readonly takers: ReportTaker[] = [];
  private readonly decoder = new StringDecoder("utf8");
  /** Cancels the hold limit's timer; undefined while none runs. */
  private cancelLimit: (() => void) | undefined;

  constructor(
    private readonly terminal: TerminalSource,
    private readonly timers: Pick<Scheduler, "after">,
  ) {
    super();
    this.flow = { held: false, release: () => this.release() };
    // Ink attaches its "readable" listener while some hook wants raw input; the terminal follows.
    this.on("newListener", (event: string | symbol) => {
      if (event === "readable" && this.listenerCount("readable") === 0) this.attach();
    });
    this.on("removeListener", (event: string | symbol) => {
      if (event === "readable" && this.listenerCount("readable") === 0) this.detach();
    });
  }

  get isTTY(): boolean {
    return this.terminal.isTTY === true;
  }

  setRawMode(raw: boolean): this {
    this.terminal.setRawMode?.(raw);
    return this;
  }

  setEncoding(encoding: BufferEncoding): this {
    this.terminal.setEncoding(encoding);
    return this;
  }

  ref(): this {
    this.terminal.ref?.();
    return this;
  }

  unref(): this {
    this.terminal.unref?.();
    return this;
  }

  /** The next unit for Ink; null when none is waiting or the rest are held. */
  read(): string | null {
    const unit = this.flow.held ? undefined : this.queue.shift();
    if (unit === undefined) {
      this.raw.current = "";
      if (this.flow.held && this.queue.length > 0) this.armLimit();
      return null;
    }
    if (unit.kind === "paste") {
      this.raw.current = "";
      return PASTE_START + unit.text + PASTE_END;
    }
    this.raw.current = unit.data;
    return unit.data;
  }

  /** Takes reports out of every key read from now on (outside pastes), after earlier takers; returns the undo. */
  takeReports(taker: ReportTaker): () => void {
    this.takers.push(taker);
    return () => {
      const at = this.takers.indexOf(taker);
      if (at !== -1) this.takers.splice(at, 1);
    };
  }

  private readonly onTerminalReadable = (): void => {
    let chunk: string | Buffer | null;
    while ((chunk = this.terminal.read()) !== null) {
      this.enqueue(typeof chunk === "string" ? chunk : this.decoder.write(chunk));
    }
    this.offer();
  };

  private enqueue(read: string): void {
    for (const unit of this.assembler.feed(read)) {
      if (unit.kind === "paste") {
        this.queue.push(unit);
        continue;
      }
      let data = unit.data;
      for (const take of this.takers) {
        data = take(data);
        if (data === "") break;
      }
      if (data !== "") this.queue.push({ kind: "key", data });
    }
  }

  /** Tells Ink there is something to read, unless it is held. */
  private offer(): void {
    if (this.queue.length === 0) return;
    if (this.flow.held) this.armLimit();
    else this.emit("readable");
  }

  private release(): void {
    this.flow.held = false;
    this.cancelLimit?.();
    this.cancelLimit = undefined;
    this.offer();
  }

  private armLimit(): void {
    if (this.cancelLimit !== undefined) return;
    this.cancelLimit = this.timers.after(HOLD_LIMIT_MS, () => {
      this.cancelLimit = undefined;
      this.release();
    });
  }

  private attach(): void {
    this.terminal.on("readable", this.onTerminalReadable);
    // Units read before a pause are offered once Ink's listener is on (it is added after this).
    if (this.queue.length > 0) queueMicrotask(() => this.offer());
  }

  private detach(): void {
    this.terminal.removeListener("readable", this.onTerminalReadable);
  }
}

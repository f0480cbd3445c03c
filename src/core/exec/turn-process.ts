/**
 * The running half of a turn: one child, its two output streams split into lines and fed
 * to the decoder, hmux's own watchdogs (wall clock and stream idle), and a cleanup that
 * signals the whole process group TERM, then KILL after a grace.
 */

import { type ConcludeInput, INTERRUPT_ABORT } from "../conclude.js";
import type { JsonObject, StreamDecoder } from "../decoder.js";
import type { FailureSummary, HarnessEvent } from "../events.js";
import { failure, failureEvent } from "../failure.js";
import type { HarnessName } from "../harness-names.js";
import { type LineItem, LineSplitter } from "../line-splitter.js";
import { EventQueue } from "./event-queue.js";
import type { Invocation } from "./invocation.js";
import type { ChildProcessHandle, Clock, ExitStatus, FileSystemPort, Spawner } from "./ports.js";

/** Which of hmux's own stops ended the process ("gave-up": the decoder said the harness never will). */
export type Watchdog = "timeout" | "stall" | "abort" | "gave-up";

export interface TurnProcessOptions {
  readonly harness: HarnessName;
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly invocation: Invocation;
  readonly decoder: StreamDecoder;
  readonly timeoutMs?: number;
  readonly stallMs?: number;
  readonly killGraceMs: number;
  readonly maxLineBytes?: number;
  readonly signal?: AbortSignal;
}

const STDERR_TAIL_LINES = 20;
/** Events queued for a slow consumer before the child's output is paused, and resumed again. */
const HIGH_WATER = 1024;
const LOW_WATER = 256;
/** Invalid-UTF-8 reports per stream before they are only counted (a binary dump would flood). */
const MAX_ENCODING_REPORTS = 5;

type Stream = "stdout" | "stderr";

export class TurnProcess {
  private readonly queue = new EventQueue<HarnessEvent>();
  private readonly splitters: Record<Stream, LineSplitter>;
  private readonly lineNumbers: Record<Stream, number> = { stdout: 0, stderr: 0 };
  private readonly encodingReports: Record<Stream, number> = { stdout: 0, stderr: 0 };
  /**
   * What concludeTurn reads, kept compact so a long turn holds no event history: every
   * failure and limit in order, plus the latest assistant message (question detection).
   */
  private readonly significant: HarnessEvent[] = [];
  private lastAssistantMessage: HarnessEvent | undefined;
  private readonly stderrTail: string[] = [];
  private watchdog: Watchdog | null = null;
  private child: ChildProcessHandle | undefined;
  private exitStatus: ExitStatus | undefined;
  private exitPromise: Promise<ExitStatus> | undefined;
  private timers: { timeout?: unknown; stall?: unknown; kill?: unknown } = {};
  private stopping = false;
  private paused = false;
  private decoderEnded = false;
  /** stdout lines that were / were not JSON objects: a JSON-mode harness that printed none is broken. */
  private jsonRecords = 0;
  private textLines = 0;
  private readonly onAbort = () => this.stop("abort");

  constructor(
    private readonly deps: { readonly spawner: Spawner; readonly clock: Clock; readonly fs: FileSystemPort },
    private readonly options: TurnProcessOptions,
  ) {
    const bound = options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes };
    this.splitters = { stdout: new LineSplitter(bound), stderr: new LineSplitter(bound) };
  }

  start(): void {
    const { invocation } = this.options;
    const needsPipe = invocation.stdin === "pipe" || invocation.stdinData !== undefined;
    const child = this.deps.spawner.spawn({
      argv: this.options.argv,
      cwd: this.options.cwd,
      env: this.options.env,
      stdin: needsPipe ? "pipe" : "close",
    });
    this.child = child;
    child.onStdout((chunk) => this.onChunk("stdout", chunk));
    child.onStderr((chunk) => this.onChunk("stderr", chunk));
    this.exitPromise = child.exited.then((status) => this.onExit(status));

    if (invocation.stdinData !== undefined) {
      void child.write(invocation.stdinData).then((ok) => {
        if (!ok && this.exitStatus === undefined) {
          this.record(
            failure("transport", `could not write the prompt to ${this.options.harness}'s stdin (broken pipe)`),
          );
          this.stop(null);
        }
      });
    }
    if (invocation.stdin === "close" && invocation.stdinData !== undefined) child.endStdin();

    const { timeoutMs, stallMs, signal } = this.options;
    if (timeoutMs && timeoutMs > 0)
      this.timers.timeout = this.deps.clock.setTimeout(() => this.stop("timeout"), timeoutMs);
    if (stallMs && stallMs > 0) this.armStall();
    if (signal) {
      if (signal.aborted) this.stop("abort");
      else signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  async next(): Promise<HarnessEvent | undefined> {
    const event = await this.queue.next();
    if (this.paused && this.queue.size <= LOW_WATER) this.resumeOutput();
    return event;
  }

  /** After the queue drained: everything concludeTurn needs to decide how the turn ended. */
  async finish(): Promise<Omit<ConcludeInput, "escalateQuestions" | "matchers">> {
    const exit = await (this.exitPromise ?? Promise.resolve({ code: null, signal: null }));
    const events = this.lastAssistantMessage ? [...this.significant, this.lastAssistantMessage] : [...this.significant];
    return {
      events,
      exit,
      watchdog: this.watchdog === "timeout" || this.watchdog === "stall" ? this.watchdog : null,
      aborted: this.watchdog === "abort",
      interrupted: this.watchdog === "abort" && this.options.signal?.reason === INTERRUPT_ABORT,
      gaveUp: this.watchdog === "gave-up",
      stderrTail: [...this.stderrTail],
    };
  }

  /** Idempotent cleanup: no process, timer or listener outlives the turn. */
  async dispose(): Promise<void> {
    this.options.signal?.removeEventListener("abort", this.onAbort);
    if (this.exitStatus === undefined && this.child) this.stop(this.watchdog ?? "abort");
    this.resumeOutput(); // a paused pipe would otherwise hold the child's exit hostage
    await this.exitPromise;
    // Anything still in the group after its leader exited is a leftover: never an orphan.
    if (this.child) this.child.kill("SIGKILL");
    this.clearTimers();
    this.queue.close();
  }

  private onChunk(stream: Stream, chunk: Uint8Array): void {
    if (this.stallMsActive() && !this.paused) this.armStall();
    let items: LineItem[];
    try {
      items = this.splitters[stream].push(chunk);
    } catch (err) {
      this.internal(err);
      return;
    }
    for (const item of items) this.onLine(stream, item);
  }

  private onLine(stream: Stream, item: LineItem): void {
    const n = ++this.lineNumbers[stream];
    if (item.kind === "oversized") {
      const message = `${this.options.harness} wrote a ${stream} line of ${item.bytes} bytes (line ${n}), over hmux's ${item.limit}-byte line bound; that line was discarded and reading continued (HMUX_MAX_LINE_BYTES raises the bound)`;
      if (stream === "stdout") this.record(failure("native", message));
      else this.emit({ kind: "error", message });
      return;
    }
    if (item.invalidUtf8) this.reportEncoding(stream, n);
    if (stream === "stderr") {
      this.stderrTail.push(item.text);
      if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
    }
    this.decode(stream, item.text);
  }

  private reportEncoding(stream: Stream, line: number): void {
    const count = ++this.encodingReports[stream];
    if (count > MAX_ENCODING_REPORTS) return;
    const message =
      `${this.options.harness} wrote invalid UTF-8 on ${stream} line ${line}; the bad bytes were replaced with U+FFFD` +
      (count === MAX_ENCODING_REPORTS ? " (further lines with invalid UTF-8 are not reported)" : "");
    // A JSON protocol is always valid UTF-8: on stdout this is a broken stream, on stderr just noise.
    if (stream === "stdout" && count === 1) this.record(failure("native", message));
    else this.emit({ kind: "error", message });
  }

  private decode(stream: Stream, line: string): void {
    const { decoder } = this.options;
    try {
      const record = stream === "stdout" ? parseObject(line) : undefined;
      if (record) this.jsonRecords++;
      else if (stream === "stdout" && line.trim() !== "") this.textLines++;
      this.emitAll(record ? decoder.record(record) : decoder.text(line, stream));
      if (decoder.giveUp?.() !== undefined) this.stop("gave-up");
    } catch (err) {
      this.internal(err);
    }
  }

  private onExit(status: ExitStatus): ExitStatus {
    this.exitStatus = status;
    this.clearTimers();
    try {
      for (const stream of ["stdout", "stderr"] as const) {
        for (const item of this.splitters[stream].end()) this.onLine(stream, item);
      }
      if (!this.decoderEnded) {
        this.decoderEnded = true;
        this.emitAll(this.options.decoder.end());
      }
      this.checkStreamShape(status);
    } catch (err) {
      this.internal(err);
    }
    this.queue.close();
    return status;
  }

  /**
   * Every one-shot turn runs the harness in a JSON stream mode. A process that exited 0 having
   * printed text but not one JSON record did not speak that protocol (a wrong binary, a wrapper
   * printing an error): without this it would look like a clean, empty turn.
   */
  private checkStreamShape(status: ExitStatus): void {
    if (status.code !== 0 || status.spawnError || this.watchdog || this.jsonRecords > 0 || this.textLines === 0) return;
    this.record(
      failure(
        "native",
        `${this.options.harness} exited 0 but printed no JSON events (${this.textLines} line(s) of plain text): ` +
          `this is not the stream hmux asked for — is ${this.options.argv[0]} really ${this.options.harness}? The text is in the raw events.`,
      ),
    );
  }

  /** Stop the child: TERM its group now, KILL it after the grace. */
  private stop(reason: Watchdog | null): void {
    if (this.stopping || this.exitStatus !== undefined || !this.child) return;
    this.stopping = true;
    if (reason) this.watchdog = reason;
    this.clearTimer("timeout");
    this.clearTimer("stall");
    this.child.kill("SIGTERM");
    this.timers.kill = this.deps.clock.setTimeout(() => this.child?.kill("SIGKILL"), this.options.killGraceMs);
  }

  private stallMsActive(): boolean {
    return !!this.options.stallMs && this.options.stallMs > 0 && !this.stopping && this.exitStatus === undefined;
  }

  private armStall(): void {
    this.clearTimer("stall");
    this.timers.stall = this.deps.clock.setTimeout(() => this.stop("stall"), this.options.stallMs!);
  }

  private clearTimer(name: "timeout" | "stall" | "kill"): void {
    const handle = this.timers[name];
    if (handle !== undefined) this.deps.clock.clearTimeout(handle);
    this.timers[name] = undefined;
  }

  private clearTimers(): void {
    this.clearTimer("timeout");
    this.clearTimer("stall");
    this.clearTimer("kill");
  }

  private emitAll(events: readonly HarnessEvent[]): void {
    for (const event of events) this.emit(event);
  }

  private emit(event: HarnessEvent): void {
    if (event.kind === "failure" || event.kind === "limit") {
      this.significant.push(event);
    } else if (event.kind === "message" && event.role === "assistant" && !event.thinking) {
      this.lastAssistantMessage = event;
    } else if (event.kind === "done") {
      return; // a decoder never ends the turn; the supervisor does
    }
    this.queue.push(event);
    if (!this.paused && this.queue.size >= HIGH_WATER && this.exitStatus === undefined && this.child?.pause) {
      this.paused = true;
      // A slow consumer is not a silent harness: the idle budget waits while we hold the pipe.
      this.clearTimer("stall");
      this.child.pause();
    }
  }

  private resumeOutput(): void {
    if (!this.paused) return;
    this.paused = false;
    this.child?.resume?.();
    if (this.stallMsActive()) this.armStall();
  }

  private record(summary: FailureSummary): void {
    this.emit(failureEvent(summary));
  }

  private internal(err: unknown): void {
    this.record(
      failure(
        "transport",
        `hmux internal error reading ${this.options.harness}'s output: ${err instanceof Error ? err.message : String(err)}`,
      ),
    );
  }
}

function parseObject(line: string): JsonObject | undefined {
  // Cheap pre-check: most non-JSON lines never reach JSON.parse.
  let i = 0;
  while (i < line.length && (line[i] === " " || line[i] === "\t")) i++;
  if (line[i] !== "{") return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

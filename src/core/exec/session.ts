/**
 * The session runtime: one harness process, many turns, driven only through the injected
 * Spawner and Clock. It owns turn framing, dispositions, the stall budget and the process's
 * life; H6's control machine (run by MachineDriver) owns lifecycle, pending calls, deadlines,
 * census and every command.result.
 */

import { channelCapabilities } from "../control/capabilities.js";
import type { ControlCommand, DecisionMode, Frame } from "../control/machine-types.js";
import type { CommandOutcome, Decider, Disposition, Lifecycle, SessionEvent } from "../control/types.js";
import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import { failure, killedBySignal, reduceFailures } from "../failure.js";
import { type LineItem, LineSplitter } from "../line-splitter.js";
import { composeAnswer, composePrompt, detectQuestion } from "../question.js";
import { type CommandResultEvent, commandResultOf, MachineDriver } from "./machine-driver.js";
import type { ChildProcessHandle, ExitStatus } from "./ports.js";
import { SerialQueue } from "./serial-queue.js";
import type { BridgeOutput } from "./session-bridge.js";
import { commandToWire } from "./session-commands.js";
import { refusedAtStart } from "./session-start.js";
import type {
  ClosedEvent,
  LineAnswer,
  SessionHandle,
  SessionPlan,
  SessionPorts,
  SessionSnapshot,
} from "./session-types.js";
import { routeStdinLine } from "./stdin-line-router.js";
import { parseStdoutLine } from "./stdout-line.js";

interface OpenTurn {
  readonly turnId: string;
  readonly id: string | null;
  failures: FailureSummary[];
  question?: string;
  lastAssistantText?: string;
  stallTimer?: unknown;
}
type Ending = { readonly cause: ClosedEvent["cause"]; readonly failure?: FailureSummary };

const LIMIT_CLASSES = new Set(["rate-limit", "usage-limit", "quota"]);

export function createSession(plan: SessionPlan, ports: SessionPorts): SessionHandle {
  return new Session(plan, ports);
}

function modeOf(plan: SessionPlan): DecisionMode {
  return plan.approvals === "allow" ? "observe" : plan.approvals === "frame" ? "frame" : "ask";
}

class Session implements SessionHandle {
  readonly sessionId: string;
  readonly harness;
  readonly closed: Promise<ClosedEvent>;
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private readonly machine: MachineDriver;
  private child: ChildProcessHandle | null = null;
  private turn: OpenTurn | null = null;
  private turnCount: number;
  private heldSends: string[] = [];
  private openQuestion: string | null = null;
  /** The question protocol rides the first text this process writes; the harness keeps it in its history. */
  private preambleSent = false;
  private frameText: string | null = null;
  private harnessSessionId: string | null = null;
  private readonly serial = new SerialQueue();
  private writes: Promise<boolean> = Promise.resolve(true);
  private readyResolve!: (ok: boolean) => void;
  private readonly ready = new Promise<boolean>((r) => (this.readyResolve = r));
  private turnEnded: Array<() => void> = [];
  private ending: Ending | null = null;
  private finished = false;
  private resolveClosed!: (e: ClosedEvent) => void;

  constructor(
    private readonly plan: SessionPlan,
    private readonly ports: SessionPorts,
  ) {
    this.sessionId = plan.sessionId;
    this.harness = plan.harness;
    this.turnCount = plan.turnsBefore ?? 0;
    this.closed = new Promise((r) => (this.resolveClosed = r));
    const caps = plan.bridge.capabilities;
    this.machine = new MachineDriver(
      {
        sessionId: plan.sessionId,
        harness: plan.harness,
        channel: caps.channel,
        mode: modeOf(plan),
        headless: plan.approvals === "deny",
        harnessTimeoutMs: channelCapabilities(caps.channel).harnessTimeoutMs,
        posture: caps.posture,
        ...(plan.decisionBudgetMs !== undefined ? { decisionBudgetMs: plan.decisionBudgetMs } : {}),
        ...(plan.classify ? { classify: plan.classify } : {}),
        ...(plan.headlessDenyReason ? { headlessDenyReason: plan.headlessDenyReason } : {}),
        ...(plan.frame ? { frame: plan.frame } : {}),
      },
      plan.bridge,
      ports.clock,
      {
        emit: (e) => this.emit(e),
        write: (lines) => this.write(lines),
        message: (mode, text) =>
          mode === "inject" ? this.inject(text) : void this.write(this.plan.bridge.encodeSteer(text) ?? []),
        frame: (frame: Frame) => (this.frameText = frame.text ?? `hmux: this step admits ${frame.admits.join(", ")}`),
        halt: () => this.shutDown({ cause: "killed" }, true),
      },
    );
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): SessionSnapshot {
    const s = this.machine.state;
    return {
      lifecycle: s.lifecycle,
      turnId: this.turn?.turnId ?? null,
      pending: s.pending,
      harnessSessionId: this.harnessSessionId,
      frame: s.frame.inForce,
      posture: s.posture,
      census: s.census,
    };
  }

  async start(): Promise<void> {
    const refusals = refusedAtStart(
      this.plan.bridge.capabilities,
      modeOf(this.plan),
      this.plan.requiredControls ?? [],
      this.plan.classify !== undefined,
    );
    if (refusals.length > 0) {
      for (const r of refusals) this.emit(r);
      const names = refusals.map((r) => (r.kind === "command.result" ? r.id?.replace(/^start\//, "") : "")).join(", ");
      const f = failure(
        "rejected",
        `this session's configuration needs ${names}, which the ${this.harness} session channel cannot honour`,
      );
      this.emit({ kind: "failure", ...f });
      this.finished = true;
      const closed: ClosedEvent = { kind: "closed", exitCode: null, cause: "failed", failure: f };
      this.emit(closed);
      this.resolveClosed(closed);
      return;
    }
    this.emit({
      kind: "session",
      sessionId: this.sessionId,
      harness: this.harness,
      origin: this.plan.origin,
      escalateQuestions: this.plan.escalateQuestions,
    });
    const child = this.ports.spawner.spawn({ ...this.plan.spawn, stdin: "pipe" });
    this.child = child;
    const out = new LineSplitter();
    const err = new LineSplitter();
    child.onStdout((chunk) => {
      for (const l of out.push(chunk)) this.onItem(l, "stdout");
    });
    child.onStderr((chunk) => {
      for (const l of err.push(chunk)) this.onItem(l, "stderr");
    });
    void child.exited.then((status) => {
      for (const l of out.end()) this.onItem(l, "stdout");
      for (const l of err.end()) this.onItem(l, "stderr");
      this.onExit(status);
    });
    const { lines, readyAtOnce } = this.plan.bridge.start();
    if (lines.length > 0) void this.write(lines);
    if (readyAtOnce) this.becomeReady();
  }

  send(id: string, text: string): Promise<Disposition> {
    return this.inOrder(() => this.deliver(id, text));
  }

  answer(id: string, text: string): Promise<Disposition> {
    return this.inOrder(async () => {
      if (this.openQuestion === null || this.turn !== null)
        return this.disposition(id, { disposition: "rejected", reason: "no-open-question" });
      return this.deliver(id, composeAnswer(this.openQuestion, text));
    });
  }

  command(command: ControlCommand, decider: Decider = "program"): Promise<CommandOutcome> {
    return this.inOrder(async () => {
      const outcome = commandResultOf(
        this.machine.input({ type: "command-value", value: commandToWire(command), decider }),
        command.id,
      );
      await this.writes; // what the command delivered has reached the harness's stdin (or failed)
      return outcome;
    });
  }

  handleLine(line: string, decider: Decider = "program"): Promise<LineAnswer> {
    return routeStdinLine(
      {
        inOrder: (task) => this.inOrder(task),
        reportBadLine: (event) => this.emit(event),
        commandLine: async (commandLine, by) => {
          const result = this.machine
            .input({ type: "command-line", line: commandLine, decider: by })
            .find((e): e is CommandResultEvent => e.kind === "command.result");
          await this.writes; // what the command delivered has reached the harness's stdin (or failed)
          return result ?? null;
        },
        send: (id, text) => this.send(id, text),
        answer: (id, text) => this.answer(id, text),
        close: () => this.close(),
      },
      line,
      decider,
    );
  }

  async close(): Promise<ClosedEvent> {
    if (this.isOver()) return this.closed;
    await this.inOrder(async () => {
      if (this.turn !== null && this.child) await new Promise<void>((r) => this.turnEnded.push(r));
    });
    this.shutDown({ cause: "clean" });
    return this.closed;
  }

  async abort(cause: "killed" | "failed"): Promise<ClosedEvent> {
    this.shutDown({ cause }, true);
    return this.closed;
  }

  // ——— internals ———

  private inOrder<T>(task: () => Promise<T>): Promise<T> {
    return this.serial.run(task);
  }

  private async deliver(id: string, text: string): Promise<Disposition> {
    if (this.ending !== null || !this.child) return this.disposition(id, { disposition: "rejected", reason: "closed" });
    if (!(await this.ready) || this.ending !== null)
      return this.disposition(id, { disposition: "rejected", reason: "closed" });
    const turnOpen = this.turn !== null;
    const ok = await this.write(
      this.plan.bridge.encodeSend(this.withPreamble(this.withFrame(text, turnOpen)), turnOpen),
    );
    if (!ok) {
      const d = this.disposition(id, { disposition: "rejected", reason: "write-failed" });
      this.emit({ kind: "error", message: "the harness's stdin pipe broke; the session is closing" });
      this.shutDown({ cause: "crash", failure: failure("transport", "the harness's stdin pipe broke") }, true);
      return d;
    }
    this.openQuestion = null;
    if (!turnOpen) this.openTurn(id);
    else if (this.plan.bridge.capabilities.midTurnSend === "next-turn") this.heldSends.push(id);
    return this.disposition(id, { disposition: "started" });
  }

  /** message.inject between turns: a send with no caller id. */
  private inject(text: string): void {
    if (this.ending !== null || this.turn !== null) return;
    void this.write(this.plan.bridge.encodeSend(this.withFrame(text, false), false));
    this.openTurn(null);
  }

  private withPreamble(text: string): string {
    if (this.preambleSent) return text;
    this.preambleSent = true;
    return composePrompt(text, this.plan.escalateQuestions ? "session" : "no-escalate");
  }

  private withFrame(text: string, turnOpen: boolean): string {
    if (turnOpen || this.frameText === null) return text;
    const framed = `${this.frameText}\n\n${text}`;
    this.frameText = null;
    return framed;
  }

  private disposition(id: string, d: Disposition): Disposition {
    this.emit({ kind: "disposition", id, ...d });
    return d;
  }

  private openTurn(id: string | null): void {
    this.turnCount += 1;
    this.turn = { turnId: `${this.sessionId}:turn-${this.turnCount}`, id, failures: [] };
    this.emit({ kind: "turn", turnId: this.turn.turnId, id });
    this.machine.input({ type: "turn-started", turnId: this.turn.turnId });
    this.armStall();
  }

  private endTurn(cause: ExitCause | undefined, exitCode: number | null, given?: FailureSummary): void {
    const turn = this.turn;
    if (!turn) return;
    this.ports.clock.clearTimeout(turn.stallTimer);
    if (cause === undefined) this.questionAtTurnEnd(turn);
    const f = given ?? reduceFailures(turn.failures);
    const resolved: ExitCause =
      cause ??
      (turn.question !== undefined
        ? "awaiting-input"
        : f
          ? LIMIT_CLASSES.has(f.class)
            ? "limit"
            : "failed"
          : "clean");
    this.turn = null;
    this.machine.input({ type: "turn-ended", turnId: turn.turnId, awaitingInput: resolved === "awaiting-input" });
    this.emit({ kind: "done", exitCode, cause: resolved, ...(f ? { failure: f } : {}) });
    if (resolved === "awaiting-input" && turn.question !== undefined) this.openQuestion = turn.question;
    const held = this.heldSends.shift();
    if (held !== undefined && this.ending === null) this.openTurn(held);
    if (this.turn === null) for (const r of this.turnEnded.splice(0)) r();
  }

  /**
   * A turn that ended on its own with an hcn-question block as the last assistant content
   * asked the caller: a question event, then done awaiting-input. A malformed block is a task
   * failure, so the caller sees why no question arrived.
   */
  private questionAtTurnEnd(turn: OpenTurn): void {
    if (!this.plan.escalateQuestions || turn.question !== undefined || turn.lastAssistantText === undefined) return;
    const found = detectQuestion(turn.lastAssistantText);
    if (found.kind === "question") {
      turn.question = found.question;
      this.emit({
        kind: "question",
        question: found.question,
        options: found.options,
        ...(found.recommended !== undefined ? { recommended: found.recommended } : {}),
      });
    } else if (found.kind === "malformed") {
      const f = failure("task", `malformed hcn-question block: ${found.reason}`);
      this.emit({ kind: "error", message: f.message });
      this.emit({ kind: "failure", ...f });
      turn.failures.push(f);
    }
  }

  private armStall(): void {
    const turn = this.turn;
    const ms = this.plan.stallMs ?? 0;
    if (!turn || ms <= 0) return;
    this.ports.clock.clearTimeout(turn.stallTimer);
    if (this.machine.state.pending.length > 0) return; // waiting on a decision is not a stall
    turn.stallTimer = this.ports.clock.setTimeout(() => {
      if (this.turn !== turn) return;
      const f = failure("stall", `the turn produced no output for ${ms}ms (the --stall budget)`);
      this.emit({ kind: "failure", ...f });
      this.endTurn("stall", null, f);
      this.shutDown({ cause: "stall", failure: f }, true);
    }, ms);
  }

  private onItem(item: LineItem, stream: "stdout" | "stderr"): void {
    if (item.kind === "line") return this.onLine(item.text, stream);
    this.emit({
      kind: "error",
      message: `a ${stream} line of ${item.bytes} bytes exceeded the ${item.limit}-byte limit and was skipped`,
    });
  }

  private onLine(line: string, stream: "stdout" | "stderr"): void {
    if (this.finished) return;
    if (this.turn) this.armStall();
    const classified = stream === "stdout" ? parseStdoutLine(line) : { kind: "text" as const, text: line };
    if (classified.kind === "text" && classified.text.trim() === "") return;
    this.apply(
      classified.kind === "json"
        ? this.plan.bridge.record(classified.record)
        : this.plan.bridge.text(classified.text, stream),
    );
  }

  private apply(outputs: readonly BridgeOutput[]): void {
    for (const o of outputs) {
      switch (o.kind) {
        case "event":
          this.harnessEvent(o.event);
          break;
        case "approval":
          this.machine.input({ type: "tool-call-requested", call: o.ask });
          this.armStall();
          break;
        case "pre-tool-check":
          this.machine.input({ type: "pre-tool-check", call: o.ask });
          this.armStall();
          break;
        case "approval-withdrawn":
          this.machine.input({ type: "call-cleared", callId: o.callId, reason: "native-resolved" });
          this.armStall();
          break;
        case "turn-end":
          this.endTurn(o.cause, null, o.failure);
          break;
        case "write":
          void this.write(o.lines);
          break;
        case "ready":
          this.becomeReady();
          break;
        case "fatal":
          this.emit({ kind: "failure", ...o.failure });
          this.shutDown({ cause: "failed", failure: o.failure }, true);
          break;
      }
    }
  }

  private harnessEvent(event: HarnessEvent): void {
    if (event.kind === "done") return; // the runtime owns turn framing
    if (event.kind === "identity") this.harnessSessionId = event.sessionId;
    if (event.kind === "failure" && this.turn) {
      const { kind: _kind, ...summary } = event;
      this.turn.failures.push(summary);
    }
    if (event.kind === "question" && this.turn) this.turn.question = event.question;
    if (event.kind === "message" && event.role === "assistant" && !event.thinking && this.turn)
      this.turn.lastAssistantText = event.text;
    this.emit(event);
  }

  private becomeReady(): void {
    if (this.machine.state.lifecycle === "starting") this.machine.input({ type: "ready" });
    this.readyResolve(true);
  }

  private write(lines: readonly string[]): Promise<boolean> {
    const child = this.child;
    if (!child || lines.length === 0) return Promise.resolve(child !== null);
    const data = lines.map((l) => `${l}\n`).join("");
    this.writes = this.writes.then(
      (prev) => (prev ? child.write(data) : false),
      () => false,
    );
    return this.writes;
  }

  /** Pending calls are denied (by the machine) before anything stops the harness; then EOF, grace, signals. */
  private shutDown(ending: Ending, now = false): void {
    if (this.ending !== null || this.finished) return;
    this.ending = ending;
    this.readyResolve(false);
    const lifecycle: Lifecycle = this.machine.state.lifecycle;
    if (lifecycle !== "closing" && lifecycle !== "closed" && lifecycle !== "failed") {
      this.machine.input({
        type: "close-requested",
        reason: ending.cause === "clean" ? "the session was closed" : `the session is ending (${ending.cause})`,
      });
    }
    const child = this.child;
    if (!child) return this.finish(ending, null);
    child.endStdin();
    const clock = this.ports.clock;
    const term = clock.setTimeout(
      () => {
        child.kill("SIGTERM");
        const kill = clock.setTimeout(() => child.kill("SIGKILL"), 5000);
        void child.exited.then(() => clock.clearTimeout(kill));
      },
      now ? 0 : (this.plan.closeGraceMs ?? 5000),
    );
    void child.exited.then(() => clock.clearTimeout(term));
  }

  private onExit(status: ExitStatus): void {
    this.apply(this.plan.bridge.end());
    // Nobody can answer a call the dead process asked: cleared as a failed channel, never "decided".
    for (const call of this.machine.state.pending)
      this.machine.input({ type: "call-cleared", callId: call.callId, reason: "channel-failed" });
    if (status.spawnError) {
      const f = failure("transport", `could not start ${this.harness}: ${status.spawnError}`);
      this.emit({ kind: "failure", ...f });
      this.ending = { cause: "crash", failure: f };
    }
    const unexpected = this.ending === null;
    if (this.turn) {
      const f = !unexpected
        ? undefined
        : status.signal
          ? killedBySignal(this.harness, status.signal)
          : failure("transport", `${this.harness} exited (code ${status.code}) during a turn`);
      this.endTurn(unexpected ? "crash" : this.ending?.cause === "stall" ? "stall" : "killed", status.code, f);
    }
    this.readyResolve(false);
    this.finish(
      this.ending ?? {
        cause: "crash",
        failure: status.signal
          ? killedBySignal(this.harness, status.signal)
          : failure("transport", `${this.harness} exited unexpectedly (code ${status.code})`),
      },
      status.code,
    );
  }

  private finish(ending: Ending, exitCode: number | null): void {
    if (this.finished) return;
    this.finished = true;
    for (const r of this.turnEnded.splice(0)) r();
    this.readyResolve(false);
    // Behind every queued intent, so their rejections come first and `closed` is the last event.
    void this.inOrder(async () => {
      this.machine.stopTimers();
      const emitted = this.machine.input({
        type: "process-exited",
        exitCode,
        cause: ending.cause,
        ...(ending.failure ? { failure: ending.failure } : {}),
      });
      const closed = emitted.find((e): e is ClosedEvent => e.kind === "closed") ?? {
        kind: "closed",
        exitCode,
        cause: ending.cause,
        ...(ending.failure ? { failure: ending.failure } : {}),
      };
      this.resolveClosed(closed);
    });
  }

  private isOver(): boolean {
    return this.finished;
  }

  private emit(event: SessionEvent): void {
    this.ports.record?.(event);
    for (const l of [...this.listeners]) l(event);
  }
}

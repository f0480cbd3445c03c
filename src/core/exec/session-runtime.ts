/**
 * The one session runtime: a SessionHandle over a transport (one long-lived process, or one
 * process per turn). The pure control machine (src/core/control/machine.ts) holds the
 * session's state: lifecycle, turns, held sends, the open question, pending calls, deadlines
 * and how the session ends. This class feeds it intents and harness facts with the clock's
 * `now`, and carries out its effects in order: writes and stops through the transport,
 * deadlines and the stall watch through the clock, events to subscribers.
 */
import { initialState, step } from "../control/machine.js";
import type {
  ControlCommand,
  ControlConfig,
  ControlEffect,
  ControlInput,
  ControlState,
  SentDecision,
} from "../control/machine-types.js";
import type { CommandOutcome, Decider, Decision, Disposition, SessionEvent } from "../control/types.js";
import type { FailureSummary } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import type { Clock } from "./ports.js";
import { SerialQueue } from "./serial-queue.js";
import { commandToWire } from "./session-commands.js";
import type { SessionTransport, TransportSink } from "./session-transport.js";
import type { ClosedEvent, CommandResultEvent, LineAnswer, SessionHandle, SessionSnapshot } from "./session-types.js";
import { routeStdinLine } from "./stdin-line-router.js";

export interface RuntimeSetup {
  readonly control: ControlConfig;
  readonly origin: "fresh" | "resumed";
  readonly escalateQuestions: boolean;
  /** Refusals found before anything runs (a configuration the channel cannot honour), and the failure they end in. */
  readonly refusedAtStart: readonly SessionEvent[];
  readonly refusalFailure: (names: string) => FailureSummary;
  /** Per-turn inactivity budget in ms the runtime watches; 0 or absent: the transport watches its own, or nobody. */
  readonly stallMs?: number;
}

export interface RuntimePorts {
  readonly clock: Clock;
  /** Every event, in order, before any subscriber sees it (the journal). */
  readonly record?: (event: SessionEvent) => void;
}

export function createSessionRuntime(
  setup: RuntimeSetup,
  transport: SessionTransport,
  ports: RuntimePorts,
): SessionHandle {
  return new SessionRuntime(setup, transport, ports);
}

class SessionRuntime implements SessionHandle {
  readonly sessionId: string;
  readonly harness: HarnessName;
  readonly closed: Promise<ClosedEvent>;
  private resolveClosed!: (e: ClosedEvent) => void;
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private state: ControlState;
  private readonly serial = new SerialQueue();
  private readonly deadlines = new Map<string, unknown>();
  private stallTimer: unknown;
  private watchedTurn: string | null = null;
  private started = false;
  /** The harness process (or the last turn's) is gone: nothing more comes from it. */
  private gone = false;
  private finished = false;
  private readyResolve!: (ok: boolean) => void;
  private readonly ready = new Promise<boolean>((r) => (this.readyResolve = r));
  private turnIdle: Array<() => void> = [];
  /** The write of the send being carried out, when the transport knows its result only later. */
  private pendingWrite: { readonly id: string; readonly turnOpen: boolean; readonly ok: Promise<boolean> } | null =
    null;
  private readonly dispositions = new Map<string, Disposition>();

  constructor(
    private readonly setup: RuntimeSetup,
    private readonly transport: SessionTransport,
    private readonly ports: RuntimePorts,
  ) {
    this.sessionId = setup.control.sessionId;
    this.harness = setup.control.harness;
    this.closed = new Promise((r) => (this.resolveClosed = r));
    this.state = initialState(setup.control);
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): SessionSnapshot {
    const s = this.state;
    return {
      lifecycle: s.lifecycle,
      turnId: s.turn?.id ?? null,
      pending: s.pending,
      harnessSessionId: s.harnessSessionId,
      frame: s.frame.inForce,
      posture: s.posture,
      census: s.census,
      rules: s.rules,
    };
  }

  async start(): Promise<void> {
    if (this.started || this.finished) return;
    const refusals = this.setup.refusedAtStart;
    if (refusals.length > 0) {
      for (const r of refusals) this.emit(r);
      const names = refusals.map((r) => (r.kind === "command.result" ? r.id?.replace(/^start\//, "") : "")).join(", ");
      const f = this.setup.refusalFailure(names);
      this.emit({ kind: "failure", ...f });
      this.finished = true;
      this.readyResolve(false);
      const closed: ClosedEvent = { kind: "closed", exitCode: null, cause: "failed", failure: f };
      this.emit(closed);
      this.resolveClosed(closed);
      return;
    }
    this.emit({
      kind: "session",
      sessionId: this.sessionId,
      harness: this.harness,
      origin: this.setup.origin,
      escalateQuestions: this.setup.escalateQuestions,
    });
    this.started = true;
    const sink: TransportSink = {
      input: (input) => this.fromHarness(input),
      emit: (event) => this.emit(event),
      activity: () => this.watchStall(),
    };
    this.transport.start(sink);
  }

  note(event: SessionEvent): void {
    this.emit(event);
  }

  send(id: string, text: string): Promise<Disposition> {
    return this.inOrder(() => this.intent(id, { type: "send", id, text }));
  }

  answer(id: string, text: string): Promise<Disposition> {
    return this.inOrder(() => this.intent(id, { type: "answer", id, text }));
  }

  command(command: ControlCommand, decider: Decider = "program"): Promise<CommandOutcome> {
    return this.inOrder(async () => {
      const outcome = commandResultOf(
        this.input({ type: "command-value", value: commandToWire(command), decider }),
        command.id,
      );
      await this.transport.flushed(); // what the command delivered has reached the harness (or failed)
      return outcome;
    });
  }

  handleLine(line: string, decider: Decider = "program", via?: string): Promise<LineAnswer> {
    return routeStdinLine(
      {
        inOrder: (task) => this.inOrder(task),
        reportBadLine: (event) => this.emit(event),
        commandLine: async (commandLine, by, through) => {
          const result = this.input({
            type: "command-line",
            line: commandLine,
            decider: by,
            ...(through !== undefined ? { via: through } : {}),
          }).find((e): e is CommandResultEvent => e.kind === "command.result");
          await this.transport.flushed();
          return result ?? null;
        },
        send: (id, text) => this.send(id, text),
        answer: (id, text) => this.answer(id, text),
        close: () => this.close(),
      },
      line,
      decider,
      via,
    );
  }

  /** Lets an open turn finish, then ends the harness (EOF, grace, signals; a process per turn has nothing more to stop). */
  async close(): Promise<ClosedEvent> {
    if (this.finished) return this.closed;
    await this.inOrder(async () => {
      if (this.state.turn !== null && this.started && !this.gone) await new Promise<void>((r) => this.turnIdle.push(r));
    });
    this.end("clean", false);
    return this.closed;
  }

  async abort(cause: "killed" | "failed"): Promise<ClosedEvent> {
    this.end(cause, true);
    return this.closed;
  }

  // ——— internals ———

  private inOrder<T>(task: () => Promise<T>): Promise<T> {
    return this.serial.run(task);
  }

  /** A send or answer: one disposition, after the transport took the text (or could not). */
  private async intent(id: string, input: ControlInput): Promise<Disposition> {
    if (this.started) await this.ready;
    this.dispositions.delete(id);
    this.input(input);
    const write = this.pendingWrite;
    this.pendingWrite = null;
    if (write) this.input({ type: "send-written", id, turnOpen: write.turnOpen, ok: await write.ok });
    const d = this.dispositions.get(id);
    this.dispositions.delete(id);
    return d ?? { disposition: "rejected", reason: "closed" };
  }

  private end(cause: "clean" | "killed" | "failed", now: boolean): void {
    if (this.finished || this.state.ending !== null) return;
    this.input({
      type: "close-requested",
      reason: cause === "clean" ? "the session was closed" : `the session is ending (${cause})`,
      cause,
      now,
    });
  }

  private fromHarness(input: ControlInput): void {
    if (this.gone) return;
    this.input(input);
    if (input.type !== "harness-gone") return;
    this.gone = true;
    this.finish(input.exitCode);
  }

  /** One machine step: the new state first (carrying an effect can feed the machine again), then its effects in order. */
  private input(input: ControlInput): SessionEvent[] {
    const result = step(this.state, input, this.ports.clock.now());
    this.state = result.state;
    const emitted: SessionEvent[] = [];
    for (const effect of result.effects) {
      if (effect.type === "emit") emitted.push(effect.event);
      this.carry(effect);
    }
    this.afterStep();
    return emitted;
  }

  private afterStep(): void {
    const s = this.state;
    if (s.ending !== null || this.gone) this.readyResolve(false);
    else if (s.harnessReady) this.readyResolve(true);
    const turnId = s.turn?.id ?? null;
    if (turnId !== this.watchedTurn) {
      this.watchedTurn = turnId;
      this.watchStall();
    }
    if (turnId === null) for (const r of this.turnIdle.splice(0)) r();
  }

  private carry(effect: ControlEffect): void {
    switch (effect.type) {
      case "emit":
        return this.emit(effect.event);
      case "deliver-send": {
        const resume = this.state.harnessSessionId;
        const ok = this.transport.send(effect.text, effect.turnOpen, resume);
        if (effect.id === null) return; // an injection opened its turn already; a broken pipe shows on the next send
        if (typeof ok === "boolean")
          return void this.input({ type: "send-written", id: effect.id, turnOpen: effect.turnOpen, ok });
        this.pendingWrite = { id: effect.id, turnOpen: effect.turnOpen, ok };
        return;
      }
      case "deliver-decision": {
        const decision = deliverable(effect.decision);
        if (decision === null) return; // silence: the channel's own pipeline answers
        void this.transport.decide(effect.callId, effect.ref, decision).then((ok) => {
          if (!ok)
            this.input({ type: "delivery-failed", callId: effect.callId, reason: "the harness's stdin is closed" });
        });
        return;
      }
      case "deliver-interrupt":
        // Where the channel has no in-band interrupt the turn is the process, so stopping it is the interrupt.
        if (!this.transport.interrupt()) this.end("killed", true);
        return;
      case "deliver-halt":
        return this.stopHarness(true);
      case "deliver-message":
        return this.transport.steer(effect.text);
      case "deliver-permission":
        return this.transport.setPermission(effect.posture);
      case "arm-deadline": {
        this.clearDeadline(effect.callId);
        const ms = Math.max(0, effect.at - this.ports.clock.now());
        this.deadlines.set(
          effect.callId,
          this.ports.clock.setTimeout(() => {
            this.deadlines.delete(effect.callId);
            this.input({ type: "tick" });
          }, ms),
        );
        return;
      }
      case "clear-deadline":
        return this.clearDeadline(effect.callId);
      case "continue-call":
        return this.transport.continueCall(effect.callId, effect.ref);
      case "stop-harness":
        return this.stopHarness(effect.now);
    }
  }

  private stopHarness(now: boolean): void {
    if (this.gone || this.finished) return;
    if (!this.started) {
      this.gone = true;
      this.finish(null);
      return;
    }
    this.transport.stop(now);
  }

  private clearDeadline(callId: string): void {
    const t = this.deadlines.get(callId);
    if (t !== undefined) this.ports.clock.clearTimeout(t);
    this.deadlines.delete(callId);
  }

  /** The stall budget runs while a turn is open and no call waits on a decision (waiting on one is not a stall). */
  private watchStall(): void {
    const clock = this.ports.clock;
    if (this.stallTimer !== undefined) clock.clearTimeout(this.stallTimer);
    this.stallTimer = undefined;
    const ms = this.setup.stallMs ?? 0;
    const turn = this.state.turn;
    if (ms <= 0 || !turn || this.state.pending.length > 0 || this.gone) return;
    this.stallTimer = clock.setTimeout(() => {
      this.stallTimer = undefined;
      if (this.state.turn?.id === turn.id && !this.gone) this.input({ type: "stalled", ms });
    }, ms);
  }

  private finish(exitCode: number | null): void {
    if (this.finished) return;
    this.finished = true;
    for (const r of this.turnIdle.splice(0)) r();
    this.readyResolve(false);
    // Behind every queued intent, so their rejections come first and `closed` is the last event.
    void this.inOrder(async () => {
      for (const id of [...this.deadlines.keys()]) this.clearDeadline(id);
      if (this.stallTimer !== undefined) this.ports.clock.clearTimeout(this.stallTimer);
      const ending = this.state.ending ?? { cause: "crash" as const };
      const emitted = this.input({
        type: "process-exited",
        exitCode,
        cause: ending.cause,
        ...(ending.failure ? { failure: ending.failure } : {}),
      });
      const found = emitted.find((e): e is ClosedEvent => e.kind === "closed");
      const closed: ClosedEvent = found ?? {
        kind: "closed",
        exitCode,
        cause: ending.cause,
        ...(ending.failure ? { failure: ending.failure } : {}),
      };
      if (!found) this.emit(closed);
      this.resolveClosed(closed);
    });
  }

  private emit(event: SessionEvent): void {
    if (event.kind === "disposition") {
      const { kind: _kind, id, ...d } = event;
      this.dispositions.set(id, d as Disposition);
    }
    this.ports.record?.(event);
    for (const l of [...this.listeners]) l(event);
  }
}

/** The command.result a step emitted for command `id`; a step that emitted none is a bug, answered MALFORMED. */
export function commandResultOf(events: readonly SessionEvent[], id: string): CommandOutcome {
  const found = events.find((e): e is CommandResultEvent => e.kind === "command.result" && e.id === id);
  return (
    found?.outcome ?? { result: "refused", refused: { code: "MALFORMED", reason: "the command produced no result" } }
  );
}

/** What a transport can write: an `ask` has nobody further to go to here, so it is a deny with its reason. */
function deliverable(sent: SentDecision): Exclude<Decision, { decision: "abstain" }> | null {
  switch (sent.decision) {
    case "allow":
      return { decision: "allow" };
    case "deny":
      return { decision: "deny", reason: sent.reason };
    case "replace":
      return { decision: "replace", input: sent.input };
    case "ask":
      return { decision: "deny", reason: sent.reason };
    case "silent":
      return null;
  }
}

/**
 * The one-shot session runtime: a SessionHandle over harnesses that run one process per turn
 * (muse exec, cursor agent -p). Each send runs one turn through runTurn, continuing the
 * harness's own session id the previous turn's identity announced; the framing is the process
 * session's (session first, `turn` + harness events + a turn-scoped `done` per turn, one
 * disposition per send/answer, closed last). H6's control machine owns lifecycle and every
 * command.result, so refusal codes match the process sessions; interrupt and halt kill the
 * running turn's process group (the table's `kill the process group`).
 *
 * hmux keeps no queue and a one-shot harness cannot hold text while a turn runs, so a send
 * during a turn is rejected with reason `turn-in-progress`.
 */
import { initialState } from "../control/machine.js";
import type {
  ControlCommand,
  ControlEffect,
  ControlInput,
  ControlState,
  DecisionMode,
} from "../control/machine-types.js";
import type { CommandOutcome, ControlEvent, Decider, Disposition, SessionEvent } from "../control/types.js";
import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import { composeAnswer, composePrompt } from "../question.js";
import { type CommandResultEvent, commandResultOf, stepAndCarry } from "./machine-driver.js";
import type { OneShotPorts, OneShotSessionPlan } from "./oneshot-session-types.js";
import { runTurn } from "./run-turn.js";
import { SerialQueue } from "./serial-queue.js";
import { commandToWire } from "./session-commands.js";
import { refusedAtStart } from "./session-start.js";
import type { ClosedEvent, LineAnswer, SessionHandle, SessionSnapshot } from "./session-types.js";
import { routeStdinLine } from "./stdin-line-router.js";

export const TURN_IN_PROGRESS = "turn-in-progress";

interface RunningTurn {
  readonly turnId: string;
  readonly abort: AbortController;
  readonly finished: Promise<void>;
}

type Ending = { readonly cause: ClosedEvent["cause"]; readonly failure?: FailureSummary };

export function createOneShotSession(plan: OneShotSessionPlan, ports: OneShotPorts): SessionHandle {
  return new OneShotSession(plan, ports);
}

function modeOf(plan: Pick<OneShotSessionPlan, "approvals">): DecisionMode {
  return plan.approvals === "allow" ? "observe" : plan.approvals === "frame" ? "frame" : "ask";
}

/**
 * The refusals before anything runs. Observe (`--approvals allow`) claims no check: the
 * harness's own permission system decides every call and hmux only records what streams
 * past, so it needs no tool.decide channel (unless the caller requires one by name). Ask,
 * deny (headless) and frame all need hmux to answer calls, which these channels cannot carry.
 */
export function oneShotStartRefusals(
  plan: Pick<OneShotSessionPlan, "harness" | "channel" | "approvals" | "requiredControls" | "classify">,
): ControlEvent[] {
  const mode = modeOf(plan);
  const required = plan.requiredControls ?? [];
  const caps = { harness: plan.harness, channel: plan.channel, posture: null, midTurnSend: "next-turn" as const };
  const events = refusedAtStart(caps, mode, required, mode !== "observe" && plan.classify !== undefined);
  if (mode !== "observe" || required.includes("tool.decide")) return events;
  return events.filter((e) => !(e.kind === "command.result" && e.id === "start/tool.decide"));
}

class OneShotSession implements SessionHandle {
  readonly sessionId: string;
  readonly harness: HarnessName;
  readonly closed: Promise<ClosedEvent>;
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private control: ControlState;
  private turn: RunningTurn | null = null;
  private turnCount: number;
  private harnessSessionId: string | null;
  private openQuestion: string | null = null;
  /** The question protocol rides the first turn this runtime runs; the harness keeps it in its history. */
  private preambleSent = false;
  private started = false;
  private ending: Ending | null = null;
  private finished = false;
  private readonly serial = new SerialQueue();
  private resolveClosed!: (e: ClosedEvent) => void;

  constructor(
    private readonly plan: OneShotSessionPlan,
    private readonly ports: OneShotPorts,
  ) {
    this.sessionId = plan.sessionId;
    this.harness = plan.harness;
    this.turnCount = plan.turnsBefore ?? 0;
    this.harnessSessionId = plan.resume ?? null;
    this.closed = new Promise((r) => (this.resolveClosed = r));
    this.control = initialState({
      sessionId: plan.sessionId,
      harness: plan.harness,
      channel: plan.channel,
      mode: modeOf(plan),
      headless: plan.approvals === "deny",
      harnessTimeoutMs: null,
      posture: null,
      ...(plan.classify ? { classify: plan.classify } : {}),
    });
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): SessionSnapshot {
    const s = this.control;
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
    if (this.started) return;
    this.started = true;
    const refusals = oneShotStartRefusals(this.plan);
    if (refusals.length > 0) {
      for (const r of refusals) this.emit(r);
      const names = refusals.map((r) => (r.kind === "command.result" ? r.id?.replace(/^start\//, "") : "")).join(", ");
      const f: FailureSummary = {
        class: "rejected",
        retryable: false,
        message: `this session's configuration needs ${names}, which the ${this.harness} one-shot channel cannot honour (it has no per-call approval channel; --approvals allow lets ${this.harness}'s own permission system decide)`,
      };
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
    this.input({ type: "ready" }); // no process lives between turns: ready at once
  }

  send(id: string, text: string): Promise<Disposition> {
    return this.inOrder(async () => this.deliver(id, text));
  }

  answer(id: string, text: string): Promise<Disposition> {
    return this.inOrder(async () => {
      if (this.turn !== null) return this.disposition(id, { disposition: "rejected", reason: TURN_IN_PROGRESS });
      if (this.openQuestion === null)
        return this.disposition(id, { disposition: "rejected", reason: "no-open-question" });
      return this.deliver(id, composeAnswer(this.openQuestion, text));
    });
  }

  command(command: ControlCommand, decider: Decider = "program"): Promise<CommandOutcome> {
    return this.inOrder(async () =>
      commandResultOf(this.input({ type: "command-value", value: commandToWire(command), decider }), command.id),
    );
  }

  handleLine(line: string, decider: Decider = "program"): Promise<LineAnswer> {
    return routeStdinLine(
      {
        inOrder: (task) => this.inOrder(task),
        reportBadLine: (event) => this.emit(event),
        commandLine: async (commandLine, by) =>
          this.input({ type: "command-line", line: commandLine, decider: by }).find(
            (e): e is CommandResultEvent => e.kind === "command.result",
          ) ?? null,
        send: (id, text) => this.send(id, text),
        answer: (id, text) => this.answer(id, text),
        close: () => this.close(),
      },
      line,
      decider,
    );
  }

  /** Lets the running turn finish, then closes: no process outlives a turn, so nothing else to stop. */
  async close(): Promise<ClosedEvent> {
    if (this.finished) return this.closed;
    await this.inOrder(async () => {
      await this.turn?.finished;
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

  private deliver(id: string, text: string): Disposition {
    if (!this.started || this.ending !== null || this.finished)
      return this.disposition(id, { disposition: "rejected", reason: "closed" });
    if (this.turn !== null) return this.disposition(id, { disposition: "rejected", reason: TURN_IN_PROGRESS });
    this.openQuestion = null;
    this.runTurn(id, this.withPreamble(text));
    return this.disposition(id, { disposition: "started" });
  }

  private withPreamble(text: string): string {
    if (this.preambleSent) return text;
    this.preambleSent = true;
    return composePrompt(text, this.plan.escalateQuestions ? "turn" : "no-escalate");
  }

  private disposition(id: string, d: Disposition): Disposition {
    this.emit({ kind: "disposition", id, ...d });
    return d;
  }

  /** Opens the turn (its `turn` event comes before the send's disposition) and runs it in the background. */
  private runTurn(id: string, prompt: string): void {
    this.turnCount += 1;
    const turnId = `${this.sessionId}:turn-${this.turnCount}`;
    const abort = new AbortController();
    const request = this.plan.turn({
      prompt,
      ...(this.harnessSessionId !== null ? { resume: this.harnessSessionId } : {}),
    });
    this.emit({ kind: "turn", turnId, id });
    this.input({ type: "turn-started", turnId });
    const events = runTurn(this.ports, {
      ...request,
      signal: abort.signal,
      escalateQuestions: this.plan.escalateQuestions,
      ...(this.plan.stallMs ? { stallMs: this.plan.stallMs } : {}),
    });
    // Started a microtask later, so the turn is on record before any of its events arrive.
    const finished = Promise.resolve().then(() => this.consume(turnId, events));
    this.turn = { turnId, abort, finished };
  }

  private async consume(turnId: string, events: AsyncGenerator<HarnessEvent, void, undefined>): Promise<void> {
    let done: Extract<HarnessEvent, { kind: "done" }> | undefined;
    let question: string | undefined;
    try {
      for await (const event of events) {
        if (event.kind === "done") {
          done = event; // the runtime emits it after the machine hears the turn ended
          continue;
        }
        if (event.kind === "identity") this.harnessSessionId = event.sessionId;
        if (event.kind === "question") question = event.question;
        this.emit(event);
      }
    } catch (err) {
      // runTurn never throws; a subscriber that threw lands here and the turn still ends.
      const message = `hmux internal error during the turn: ${err instanceof Error ? err.message : String(err)}`;
      done = {
        kind: "done",
        exitCode: null,
        cause: "failed",
        failure: { class: "transport", retryable: false, message },
      };
    }
    const cause: ExitCause = done?.cause ?? "failed";
    if (this.turn?.turnId === turnId) this.turn = null;
    this.input({ type: "turn-ended", turnId, awaitingInput: cause === "awaiting-input" });
    this.emit(
      done ?? {
        kind: "done",
        exitCode: null,
        cause: "failed",
        failure: {
          class: "transport",
          retryable: false,
          message: "hmux internal error: the turn ended without a done",
        },
      },
    );
    if (cause === "awaiting-input" && question !== undefined) this.openQuestion = question;
  }

  /** The machine's effects, in order. Decisions, messages, frames and permissions never come: the table refuses them. */
  private input(input: ControlInput): ControlEvent[] {
    return stepAndCarry(
      this.control,
      input,
      this.ports.clock.now(),
      (next) => (this.control = next),
      (effect) => this.carry(effect),
    );
  }

  private carry(effect: ControlEffect): void {
    switch (effect.type) {
      case "emit":
        return this.emit(effect.event);
      // The turn is the process: interrupting it kills its group; the session takes the next send.
      case "deliver-interrupt":
        return this.turn?.abort.abort();
      case "deliver-halt":
        return this.shutDown({ cause: "killed" }, true);
      default:
        return;
    }
  }

  /** Stops taking sends; `now` kills the running turn's group instead of letting it finish. */
  private shutDown(ending: Ending, now = false): void {
    if (this.ending !== null || this.finished) return;
    this.ending = ending;
    const lifecycle = this.control.lifecycle;
    if (lifecycle !== "closing" && lifecycle !== "closed" && lifecycle !== "failed") {
      this.input({
        type: "close-requested",
        reason: ending.cause === "clean" ? "the session was closed" : `the session is ending (${ending.cause})`,
      });
    }
    const turn = this.turn;
    if (now) turn?.abort.abort();
    void (turn?.finished ?? Promise.resolve()).then(() => this.finish(ending));
  }

  private finish(ending: Ending): void {
    if (this.finished) return;
    this.finished = true;
    // Behind every queued intent, so their rejections come first and `closed` is the last event.
    void this.inOrder(async () => {
      const emitted = this.input({
        type: "process-exited",
        exitCode: null,
        cause: ending.cause,
        ...(ending.failure ? { failure: ending.failure } : {}),
      });
      const closed = emitted.find((e): e is ClosedEvent => e.kind === "closed") ?? {
        kind: "closed",
        exitCode: null,
        cause: ending.cause,
        ...(ending.failure ? { failure: ending.failure } : {}),
      };
      if (!emitted.some((e) => e.kind === "closed")) this.emit(closed);
      this.resolveClosed(closed);
    });
  }

  private emit(event: SessionEvent): void {
    this.ports.record?.(event);
    for (const l of [...this.listeners]) l(event);
  }
}

/**
 * The session runtime: one harness process, many turns, driven only through the injected
 * Spawner and Clock. It owns turn framing, dispositions, the stall budget and process
 * lifetime; tool-call bookkeeping and commands live in SessionControl (session-control.ts).
 */
import type { CommandOutcome, Decider, Disposition, Lifecycle, SessionEvent } from "../control/types.js";
import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import { failure } from "../failure.js";
import type { ChildProcessHandle, ExitStatus } from "./ports.js";
import type { BridgeOutput } from "./session-bridge.js";
import { parseSessionLine, type Command } from "./session-commands.js";
import { SessionControl } from "./session-control.js";
import { classifyLine } from "./session-lines.js";
import { LineSplitter, type LineItem } from "../lines.js";
import type { ClosedEvent, LineAnswer, SessionHandle, SessionPlan, SessionPorts, SessionSnapshot } from "./session-types.js";
import { refusedAtStart } from "./session-start.js";

interface OpenTurn { readonly turnId: string; readonly id: string | null; failure?: FailureSummary; question?: string; stallTimer?: unknown }

const LIMIT_CLASSES = new Set(["rate-limit", "usage-limit", "quota"]);

export function createSession(plan: SessionPlan, ports: SessionPorts): SessionHandle {
  return new Session(plan, ports);
}

class Session implements SessionHandle {
  readonly sessionId: string;
  readonly harness;
  readonly closed: Promise<ClosedEvent>;
  private readonly listeners = new Set<(e: SessionEvent) => void>();
  private readonly control: SessionControl;
  private child: ChildProcessHandle | null = null;
  private lifecycle: Lifecycle = "starting";
  private turn: OpenTurn | null = null;
  private turnCount: number;
  private heldSends: string[] = [];
  private openQuestion: string | null = null;
  private harnessSessionId: string | null = null;
  private serial: Promise<unknown> = Promise.resolve();
  private writes: Promise<boolean> = Promise.resolve(true);
  private readyResolve!: (ok: boolean) => void;
  private readonly ready = new Promise<boolean>((r) => (this.readyResolve = r));
  private turnEnded: Array<() => void> = [];
  private ending: { cause: ClosedEvent["cause"]; failure?: FailureSummary } | null = null;
  private resolveClosed!: (e: ClosedEvent) => void;
  private exitStatus: ExitStatus | null = null;
  private finished = false;

  constructor(private readonly plan: SessionPlan, private readonly ports: SessionPorts) {
    this.sessionId = plan.sessionId;
    this.harness = plan.harness;
    this.turnCount = plan.turnsBefore ?? 0;
    this.closed = new Promise((r) => (this.resolveClosed = r));
    this.control = new SessionControl(plan, ports.clock, {
      emit: (e) => this.emit(e),
      write: (lines) => this.write(lines),
      turnOpen: () => this.turn !== null,
      setLifecycle: (to, reason) => this.setLifecycle(to, reason),
      halt: () => void this.abort("killed"),
    });
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): SessionSnapshot {
    return { lifecycle: this.lifecycle, turnId: this.turn?.turnId ?? null, pending: this.control.pending(), harnessSessionId: this.harnessSessionId };
  }

  async start(): Promise<void> {
    const refusals = refusedAtStart(this.plan.bridge.capabilities, this.plan.requiredControls ?? []);
    if (refusals.length > 0) {
      for (const r of refusals) this.emit(r);
      const f = failure("rejected", `this session's configuration needs ${refusals.map((r) => r.id?.slice("start/".length)).join(", ")} and the ${this.harness} session channel cannot deliver it`);
      this.emit({ kind: "failure", ...f });
      this.finish({ cause: "failed", failure: f }, null);
      return;
    }
    this.emit({ kind: "session", sessionId: this.sessionId, harness: this.harness, origin: this.plan.origin, escalateQuestions: this.plan.escalateQuestions });
    const child = this.ports.spawner.spawn({ ...this.plan.spawn, stdin: "pipe" });
    this.child = child;
    const out = new LineSplitter();
    const err = new LineSplitter();
    child.onStdout((chunk) => out.push(chunk).forEach((l) => this.onItem(l, "stdout")));
    child.onStderr((chunk) => err.push(chunk).forEach((l) => this.onItem(l, "stderr")));
    void child.exited.then((status) => {
      out.end().forEach((l) => this.onItem(l, "stdout"));
      err.end().forEach((l) => this.onItem(l, "stderr"));
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
      if (this.openQuestion === null || this.turn !== null) return this.disposition(id, { disposition: "rejected", reason: "no-open-question" });
      const composed = `The user answered the question: "${this.openQuestion}" with: ${text}. Continue accordingly.`;
      return this.deliver(id, composed);
    });
  }

  command(command: Command, decider: Decider = "program"): Promise<CommandOutcome> {
    return this.inOrder(() => this.control.command(command, decider, this.ending !== null || this.isOver()));
  }

  handleLine(line: string, decider: Decider = "program"): Promise<LineAnswer> {
    const parsed = parseSessionLine(line);
    switch (parsed.kind) {
      case "blank":
        return Promise.resolve(null);
      case "bad-op":
        return this.inOrder(async () => this.emitted({ kind: "error", message: parsed.message }));
      case "bad-command":
        return this.inOrder(async () =>
          this.emitted({ kind: "command.result", id: parsed.id, outcome: { result: "refused", refused: { code: "MALFORMED", reason: parsed.message } } }));
      case "command":
        return this.command(parsed.command, decider).then((outcome) => ({ kind: "command.result", id: parsed.command.id, outcome }));
      case "op": {
        const op = parsed.op;
        if (op.op === "close") return this.close().then(() => null);
        const id = op.id;
        return (op.op === "send" ? this.send(id, op.text) : this.answer(id, op.text)).then((d) => ({ kind: "disposition", id, ...d }));
      }
    }
  }

  async close(): Promise<ClosedEvent> {
    if (this.isOver()) return this.closed;
    await this.inOrder(async () => {
      if (this.turn !== null && this.child) await new Promise<void>((r) => this.turnEnded.push(r));
    });
    if (!this.isOver()) this.shutDown({ cause: "clean" });
    return this.closed;
  }

  async abort(cause: "killed" | "failed"): Promise<ClosedEvent> {
    if (!this.isOver()) {
      this.control.abandonAll("halt");
      this.shutDown({ cause }, true);
    }
    return this.closed;
  }

  // ——— internals ———

  private inOrder<T>(task: () => Promise<T>): Promise<T> {
    const next = this.serial.then(task, task);
    this.serial = next.catch(() => undefined);
    return next;
  }

  private async deliver(id: string, text: string): Promise<Disposition> {
    if (this.ending !== null || !this.child) return this.disposition(id, { disposition: "rejected", reason: "closed" });
    if (!(await this.ready) || this.ending !== null) return this.disposition(id, { disposition: "rejected", reason: "closed" });
    const turnOpen = this.turn !== null;
    const ok = await this.write(this.plan.bridge.encodeSend(text, turnOpen));
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

  private disposition(id: string, d: Disposition): Disposition {
    this.emit({ kind: "disposition", id, ...d });
    return d;
  }

  private openTurn(id: string | null): void {
    this.turnCount += 1;
    this.turn = { turnId: `${this.sessionId}:turn-${this.turnCount}`, id };
    this.emit({ kind: "turn", turnId: this.turn.turnId, id });
    this.setLifecycle("running");
    this.armStall();
  }

  private endTurn(cause: ExitCause | undefined, exitCode: number | null, given?: FailureSummary): void {
    const turn = this.turn;
    if (!turn) return;
    this.ports.clock.clearTimeout(turn.stallTimer);
    this.control.closeWindow("turn-ended");
    const f = given ?? turn.failure;
    const resolved: ExitCause = cause ?? (turn.question !== undefined ? "awaiting-input" : f ? (LIMIT_CLASSES.has(f.class) ? "limit" : "failed") : "clean");
    this.turn = null;
    this.emit({ kind: "done", exitCode, cause: resolved, ...(f ? { failure: f } : {}) });
    if (resolved === "awaiting-input" && turn.question !== undefined) this.openQuestion = turn.question;
    if (this.ending === null) this.setLifecycle(resolved === "awaiting-input" ? "awaiting-input" : "idle");
    const held = this.heldSends.shift();
    if (held !== undefined && this.ending === null) this.openTurn(held);
    if (this.turn === null) this.turnEnded.splice(0).forEach((r) => r());
  }

  private armStall(): void {
    const turn = this.turn;
    const ms = this.plan.stallMs ?? 0;
    if (!turn || ms <= 0) return;
    this.ports.clock.clearTimeout(turn.stallTimer);
    if (this.control.pending().length > 0) return; // waiting on a decision is not a stall
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
    this.emit({ kind: "error", message: `a ${stream} line of ${item.bytes} bytes exceeded the ${item.limit}-byte limit and was skipped` });
  }

  private onLine(line: string, stream: "stdout" | "stderr"): void {
    if (this.isOver()) return;
    if (this.turn) this.armStall();
    const classified = stream === "stdout" ? classifyLine(line) : { kind: "text" as const, text: line };
    if (classified.kind === "text" && classified.text.trim() === "") return;
    const outputs = classified.kind === "json" ? this.plan.bridge.record(classified.record) : this.plan.bridge.text(classified.text, stream);
    this.apply(outputs);
  }

  private apply(outputs: readonly BridgeOutput[]): void {
    for (const o of outputs) {
      switch (o.kind) {
        case "event": this.harnessEvent(o.event); break;
        case "approval": this.control.ask(o.ask); if (this.turn) this.armStall(); break;
        case "approval-withdrawn": this.control.withdrawn(o.callId); if (this.turn) this.armStall(); break;
        case "turn-end": this.endTurn(o.cause, null, o.failure); break;
        case "write": void this.write(o.lines); break;
        case "ready": this.becomeReady(); break;
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
      this.turn.failure = summary;
    }
    if (event.kind === "question" && this.turn) this.turn.question = event.question;
    this.emit(event);
  }

  private becomeReady(): void {
    if (this.lifecycle === "starting") this.setLifecycle("idle");
    this.readyResolve(true);
  }

  private write(lines: readonly string[]): Promise<boolean> {
    const child = this.child;
    if (!child || lines.length === 0) return Promise.resolve(child !== null);
    const data = lines.map((l) => `${l}\n`).join("");
    this.writes = this.writes.then((prev) => (prev ? child.write(data) : false), () => false);
    return this.writes;
  }

  private shutDown(ending: { cause: ClosedEvent["cause"]; failure?: FailureSummary }, now = false): void {
    if (this.ending !== null) return;
    this.ending = ending;
    this.readyResolve(false);
    this.setLifecycle("closing");
    const child = this.child;
    if (!child) return this.finish(ending, null);
    if (!now) this.control.abandonAll("close");
    child.endStdin();
    const clock = this.ports.clock;
    const grace = now ? 0 : this.plan.closeGraceMs ?? 5000;
    const term = clock.setTimeout(() => {
      child.kill("SIGTERM");
      const kill = clock.setTimeout(() => child.kill("SIGKILL"), 5000);
      void child.exited.then(() => clock.clearTimeout(kill));
    }, grace);
    void child.exited.then(() => clock.clearTimeout(term));
  }

  private onExit(status: ExitStatus): void {
    this.exitStatus = status;
    this.apply(this.plan.bridge.end());
    this.control.closeWindow("process-ended");
    if (status.spawnError) {
      const f = failure("transport", `could not start ${this.harness}: ${status.spawnError}`);
      this.emit({ kind: "failure", ...f });
      this.ending = { cause: "crash", failure: f };
    }
    const unexpected = this.ending === null;
    if (this.turn) {
      const f = unexpected ? failure("transport", `${this.harness} exited (code ${status.code}, signal ${status.signal}) during a turn`) : undefined;
      this.endTurn(unexpected ? "crash" : this.ending?.cause === "stall" ? "stall" : "killed", status.code, f);
    }
    this.readyResolve(false);
    this.finish(this.ending ?? { cause: "crash", failure: failure("transport", `${this.harness} exited unexpectedly (code ${status.code}, signal ${status.signal})`) }, status.code);
  }

  private finish(ending: { cause: ClosedEvent["cause"]; failure?: FailureSummary }, exitCode: number | null): void {
    if (this.finished) return;
    this.finished = true;
    this.turnEnded.splice(0).forEach((r) => r());
    this.readyResolve(false);
    // Behind every queued intent, so their rejections come first and `closed` is the last event.
    void this.inOrder(async () => {
      this.setLifecycle(ending.cause === "clean" ? "closed" : "failed", ending.cause);
      const closed: ClosedEvent = { kind: "closed", exitCode: exitCode ?? this.exitStatus?.code ?? null, cause: ending.cause, ...(ending.failure ? { failure: ending.failure } : {}) };
      this.emit(closed);
      this.resolveClosed(closed);
    });
  }

  private isOver(): boolean {
    return this.finished || this.lifecycle === "closed" || this.lifecycle === "failed";
  }

  private setLifecycle(to: Lifecycle, reason?: string): void {
    if (to === this.lifecycle) return;
    const from = this.lifecycle;
    this.lifecycle = to;
    this.emit({ kind: "state", from, to, ...(reason ? { reason } : {}) });
  }

  private emitted<E extends SessionEvent>(event: E): E {
    this.emit(event);
    return event;
  }

  private emit(event: SessionEvent): void {
    this.ports.record?.(event);
    for (const l of [...this.listeners]) l(event);
  }
}

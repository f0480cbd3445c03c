/**
 * The transport of a harness that runs one process per turn (muse exec, cursor agent -p): each
 * send runs one turn through runTurn, continuing the harness's own session id the previous
 * turn's identity announced. Nothing lives between turns, so nothing can take text while a
 * turn runs (the machine refuses it), and interrupting a turn kills that turn's process group
 * (the capability table's "kill the process group"); the session takes the next send.
 */
import type { HarnessEvent } from "../events.js";
import type { OneShotPorts, OneShotSessionPlan } from "./oneshot-session-types.js";
import { runTurn } from "./run-turn.js";
import type { SessionTransport, TransportSink } from "./session-transport.js";

interface RunningTurn {
  readonly abort: AbortController;
  readonly finished: Promise<void>;
}

export class PerTurnTransport implements SessionTransport {
  private sink: TransportSink | null = null;
  private turn: RunningTurn | null = null;
  private stopped = false;

  constructor(
    private readonly plan: Pick<OneShotSessionPlan, "turn" | "escalateQuestions" | "stallMs">,
    private readonly ports: OneShotPorts,
  ) {}

  /** No process lives between turns: ready at once. */
  start(sink: TransportSink): void {
    this.sink = sink;
    sink.input({ type: "ready" });
  }

  /** Runs the turn in the background; its events start a microtask later, after the machine opened the turn. */
  send(text: string, _turnOpen: boolean, resume: string | null): boolean {
    const abort = new AbortController();
    const request = this.plan.turn({ prompt: text, ...(resume !== null ? { resume } : {}) });
    const events = runTurn(this.ports, {
      ...request,
      signal: abort.signal,
      escalateQuestions: this.plan.escalateQuestions,
      ...(this.plan.stallMs ? { stallMs: this.plan.stallMs } : {}),
    });
    const turn: RunningTurn = { abort, finished: Promise.resolve().then(() => this.consume(turn, events)) };
    this.turn = turn;
    return true;
  }

  /** No per-call channel: the capability table refuses every decision before it gets here. */
  decide(): Promise<boolean> {
    return Promise.resolve(false);
  }

  continueCall(): void {}

  /** The turn is the process: interrupting it kills its group. */
  interrupt(): boolean {
    this.turn?.abort.abort();
    return true;
  }

  steer(): void {}

  setPermission(): void {}

  /** A running turn is let finish (or killed `now`); then nothing is left, and the harness is gone. */
  stop(now: boolean): void {
    const turn = this.turn;
    if (now) turn?.abort.abort();
    if (this.stopped) return;
    this.stopped = true;
    void (turn?.finished ?? Promise.resolve()).then(() =>
      this.sink?.input({ type: "harness-gone", exitCode: null, signal: null }),
    );
  }

  flushed(): Promise<unknown> {
    return Promise.resolve();
  }

  private async consume(turn: RunningTurn, events: AsyncGenerator<HarnessEvent, void, undefined>): Promise<void> {
    const sink = this.sink;
    let done: Extract<HarnessEvent, { kind: "done" }> | undefined;
    try {
      for await (const event of events) {
        if (event.kind === "done")
          done = event; // the machine emits the turn's done when it hears the turn ended
        else sink?.input({ type: "harness-event", event });
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
    if (this.turn === turn) this.turn = null;
    const ended = done ?? {
      kind: "done",
      exitCode: null,
      cause: "failed",
      failure: { class: "transport", retryable: false, message: "hmux internal error: the turn ended without a done" },
    };
    sink?.input({
      type: "turn-ended",
      awaitingInput: ended.cause === "awaiting-input",
      outcome: { cause: ended.cause, exitCode: ended.exitCode, ...(ended.failure ? { failure: ended.failure } : {}) },
    });
  }
}

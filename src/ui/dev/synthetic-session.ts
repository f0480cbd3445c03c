/**
 * A SessionPort that talks at a fixed rate without any process: turns of streamed tokens,
 * tool calls with results, usage. Used by the bench (8 panes × 100 events/s) and by the
 * TUI's offline preview; it is never a stand-in for a real harness in tests of one.
 */

import type { CommandOutcome, Decision, SessionEvent } from "../../core/control/types.js";
import type { HarnessName } from "../../core/harness-names.js";
import type { IntentOutcome, SessionInfo, SessionListener, SessionPort } from "../session-port.js";
import type { Scheduler } from "../store/app-store.js";

const WORDS = "the quick brown fox reads a file then runs the tests and writes a short summary of what changed".split(
  " ",
);

export interface SyntheticOptions {
  /** Named by the caller: the UI knows no harness of its own. */
  readonly harness: HarnessName;
  readonly eventsPerSecond: number;
  readonly seed?: number;
  /** Its cadence and the time it emits what is owed by (the root's scheduler, or a test's). */
  readonly scheduler: Pick<Scheduler, "every" | "now">;
}

const OK: CommandOutcome = { result: "ok" };

export class SyntheticSession implements SessionPort {
  readonly info: SessionInfo;
  private readonly listeners = new Set<SessionListener>();
  private stop: (() => void) | null = null;
  private n = 0;
  private turn = 0;
  private rng: number;
  emitted = 0;

  constructor(private readonly options: SyntheticOptions) {
    this.rng = options.seed ?? 1;
    this.info = {
      harness: options.harness,
      model: "synthetic",
      effort: "medium",
      label: options.harness,
      settings: [{ key: "model", value: "synthetic", tier: "arg" }],
      support: { steer: true, inject: true, abstain: true, replace: true, denyReason: true },
    };
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: SessionEvent): void {
    this.emitted++;
    for (const l of this.listeners) l(e);
  }

  private random(): number {
    // xorshift: deterministic per seed, so runs are comparable.
    this.rng ^= this.rng << 13;
    this.rng ^= this.rng >>> 17;
    this.rng ^= this.rng << 5;
    return ((this.rng >>> 0) % 10_000) / 10_000;
  }

  /** One event of the endless script. */
  step(): void {
    const i = this.n++ % 60;
    if (i === 0) {
      this.turn++;
      this.emit({ kind: "state", from: "idle", to: "running" });
      this.emit({ kind: "turn", turnId: `t${this.turn}`, id: null });
    } else if (i === 20 || i === 40) {
      this.emit({
        kind: "tool",
        phase: "call",
        callId: `c${this.turn}-${i}`,
        name: "Bash",
        input: { command: `npm test -- --shard ${i}` },
      });
    } else if (i === 21 || i === 41) {
      this.emit({
        kind: "tool",
        phase: "result",
        callId: `c${this.turn}-${i - 1}`,
        output: "ok 42 tests",
        isError: this.random() < 0.1,
      });
    } else if (i === 58) {
      this.emit({ kind: "usage", inputTokens: 1200, outputTokens: 300, costUsd: 0.004 });
    } else if (i === 59) {
      this.emit({ kind: "done", exitCode: 0, cause: "clean" });
      this.emit({ kind: "state", from: "running", to: "idle" });
    } else {
      const word = WORDS[Math.floor(this.random() * WORDS.length)]!;
      this.emit({ kind: "token", text: i % 9 === 0 ? `${word}\n` : `${word} ` });
    }
  }

  /** Starts talking (the store calls this once subscribed). */
  async start(): Promise<void> {
    this.begin();
  }

  private begin(): void {
    const { scheduler } = this.options;
    // Emit what the wall clock says is owed, so a late timer (a busy event loop) does not
    // lower the offered load: the bench measures the UI at the stated rate.
    const t0 = scheduler.now();
    let sent = 0;
    this.stop = scheduler.every(10, () => {
      const owed = Math.floor(((scheduler.now() - t0) / 1000) * this.options.eventsPerSecond);
      while (sent < owed) {
        sent++;
        this.step();
      }
    });
  }

  async send(): Promise<IntentOutcome> {
    return { disposition: "started" };
  }
  async answer(): Promise<IntentOutcome> {
    return { disposition: "started" };
  }
  async decide(_callId: string, _decision: Decision): Promise<CommandOutcome> {
    return OK;
  }
  async interrupt(): Promise<CommandOutcome> {
    return OK;
  }
  async halt(): Promise<CommandOutcome> {
    this.stop?.();
    this.emit({ kind: "closed", exitCode: 0, cause: "killed" });
    return OK;
  }
  async close(): Promise<void> {
    this.stop?.();
    this.stop = null;
  }
}

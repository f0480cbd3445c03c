/** A SessionPort whose events the test pushes and whose intents the test reads back. */
import type { CommandOutcome, Decision, SessionEvent } from "../../../src/core/control/types.js";
import type {
  ControlSnapshot,
  InputSupport,
  SessionInfo,
  SessionListener,
  SessionPort,
} from "../../../src/ui/session-port.js";

export type Intent =
  | { kind: "send"; text: string; mode: "turn" | "steer" | "inject" }
  | { kind: "answer"; text: string }
  | { kind: "decide"; callId: string; decision: Decision; scope?: "session" | "path" }
  | { kind: "revoke-rule"; ruleId: string }
  | { kind: "interrupt" }
  | { kind: "halt" }
  | { kind: "resume" }
  | { kind: "close" };

const OK: CommandOutcome = { result: "ok" };

export class FakePort implements SessionPort {
  readonly intents: Intent[] = [];
  private readonly listeners = new Set<SessionListener>();
  readonly info: SessionInfo;
  controlSnapshot: ControlSnapshot | undefined;
  nextOutcome: CommandOutcome = OK;

  constructor(info: Partial<Omit<SessionInfo, "support">> & { support?: Partial<InputSupport> } = {}) {
    this.info = {
      harness: info.harness ?? "claude",
      model: info.model ?? "sonnet",
      effort: info.effort ?? "high",
      label: info.label,
      settings: info.settings ?? [],
      support: { steer: false, inject: false, abstain: true, replace: true, denyReason: true, ...info.support },
      ...(info.initialPrompt ? { initialPrompt: info.initialPrompt } : {}),
      ...(info.resumable ? { resumable: true } : {}),
      ...(info.workspace ? { workspace: info.workspace } : {}),
      ...(info.detachable ? { detachable: true } : {}),
    };
  }
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(...events: SessionEvent[]): void {
    for (const e of events) for (const l of this.listeners) l(e);
  }
  private done(intent: Intent): Promise<CommandOutcome> {
    this.intents.push(intent);
    return Promise.resolve(this.nextOutcome);
  }
  send(text: string, mode: "turn" | "steer" | "inject"): Promise<CommandOutcome> {
    return this.done({ kind: "send", text, mode });
  }
  answer(text: string): Promise<CommandOutcome> {
    return this.done({ kind: "answer", text });
  }
  decide(callId: string, decision: Decision, scope?: "session" | "path"): Promise<CommandOutcome> {
    return this.done({ kind: "decide", callId, decision, ...(scope ? { scope } : {}) });
  }
  revokeRule(ruleId: string): Promise<CommandOutcome> {
    return this.done({ kind: "revoke-rule", ruleId });
  }
  interrupt(): Promise<CommandOutcome> {
    return this.done({ kind: "interrupt" });
  }
  halt(): Promise<CommandOutcome> {
    return this.done({ kind: "halt" });
  }
  resume(): Promise<CommandOutcome> {
    return this.done({ kind: "resume" });
  }
  async close(): Promise<void> {
    this.intents.push({ kind: "close" });
  }
  control(): ControlSnapshot | undefined {
    return this.controlSnapshot;
  }
}

/** A manual clock: `every` callbacks run only when the test advances time. */
export class ManualScheduler {
  time = 1_700_000_000_000;
  /** `ms` null: a one-shot timer, gone once it has fired. */
  private readonly timers: Array<{ ms: number | null; next: number; fn: () => void }> = [];
  now(): number {
    return this.time;
  }
  every(ms: number, fn: () => void): () => void {
    const t = { ms, next: this.time + ms, fn };
    this.timers.push(t);
    return () => this.cancel(t);
  }
  after(ms: number, fn: () => void): () => void {
    const t = { ms: null, next: this.time + ms, fn };
    this.timers.push(t);
    return () => this.cancel(t);
  }
  private cancel(t: { ms: number | null; next: number; fn: () => void }): void {
    const i = this.timers.indexOf(t);
    if (i >= 0) this.timers.splice(i, 1);
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.time = due.next;
      if (due.ms === null) this.cancel(due);
      else due.next += due.ms;
      due.fn();
    }
    this.time = end;
  }
}

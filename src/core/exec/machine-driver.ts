/**
 * Runs the pure control machine (src/core/control/machine.ts) for one session: feeds it
 * facts and commands with the clock's `now`, and carries out its effects in order through
 * the session's bridge (decisions, interrupts, messages), the clock (deadlines) and the
 * runtime (halt, frame text). The machine owns lifecycle, pending calls, census and every
 * command.result; this class owns only timers and I/O.
 */
import { channelCapabilities } from "../control/capabilities.js";
import { initialState, step } from "../control/machine.js";
import type {
  ControlConfig,
  ControlEffect,
  ControlInput,
  ControlState,
  Frame,
  SentDecision,
} from "../control/machine-types.js";
import type { CommandOutcome, ControlEvent, Decision } from "../control/types.js";
import type { Clock } from "./ports.js";
import type { SessionBridge } from "./session-bridge.js";

export interface MachineDriverHost {
  emit(event: ControlEvent): void;
  /** Writes lines to the harness in call order; false when stdin is broken. */
  write(lines: readonly string[]): Promise<boolean>;
  /** A message for the conversation: inject between turns (a send), or steer the running turn. */
  message(mode: "inject" | "steer", text: string): void;
  /** Frame text the next turn must carry. */
  frame(frame: Frame): void;
  /** Stop the session: kill the process group. */
  halt(reason: string): void;
}

export class MachineDriver {
  private current: ControlState;
  private readonly timers = new Map<string, unknown>();

  constructor(
    config: ControlConfig,
    private readonly bridge: SessionBridge,
    private readonly clock: Clock,
    private readonly host: MachineDriverHost,
  ) {
    this.current = initialState(config);
  }

  get state(): ControlState {
    return this.current;
  }

  /** One input; returns the events it emitted (so a line can find its own command.result). */
  input(input: ControlInput): ControlEvent[] {
    return stepAndCarry(
      this.current,
      input,
      this.clock.now(),
      (next) => (this.current = next),
      (effect) => this.carry(effect),
    );
  }

  private carry(effect: ControlEffect): void {
    switch (effect.type) {
      case "emit":
        return this.host.emit(effect.event);
      case "deliver-decision": {
        const decision = deliverable(effect.decision);
        if (decision === null) return; // silence: the channel's own pipeline answers
        const write = this.host.write(this.bridge.encodeDecision(effect.callId, effect.ref, decision));
        void write.then((ok) => {
          if (!ok)
            this.input({ type: "delivery-failed", callId: effect.callId, reason: "the harness's stdin is closed" });
        });
        return;
      }
      case "deliver-interrupt": {
        const lines = this.bridge.encodeInterrupt();
        // Every adapter must deliver interrupt: where the channel has no in-band way, the
        // turn is the process, so stopping the process is the interrupt.
        if (lines === null)
          return this.host.halt("interrupt: this channel has no in-band interrupt, so the process was stopped");
        if (lines.length > 0) void this.host.write(lines);
        return;
      }
      case "deliver-halt":
        return this.host.halt(effect.reason);
      case "deliver-message":
        return this.host.message(effect.mode, effect.text);
      case "deliver-permission": {
        const lines = this.bridge.encodePermission(effect.posture);
        if (lines) void this.host.write(lines);
        return;
      }
      case "deliver-frame":
        return this.host.frame(effect.frame);
      case "arm-deadline": {
        this.clear(effect.callId);
        const ms = Math.max(0, effect.at - this.clock.now());
        this.timers.set(
          effect.callId,
          this.clock.setTimeout(() => {
            this.timers.delete(effect.callId);
            this.input({ type: "tick" });
          }, ms),
        );
        return;
      }
      case "clear-deadline":
        return this.clear(effect.callId);
      case "continue-call": {
        const lines = this.bridge.encodeContinue?.(effect.callId, effect.ref) ?? [];
        if (lines.length > 0) void this.host.write(lines);
        return;
      }
    }
  }

  /** Every armed deadline is dropped (the session is over). */
  stopTimers(): void {
    for (const id of [...this.timers.keys()]) this.clear(id);
  }

  private clear(callId: string): void {
    const t = this.timers.get(callId);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.delete(callId);
  }
}

/** What the bridge can write: an `ask` has nobody further to go to here, so it is a deny with its reason. */
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

export function harnessTimeoutOf(config: Pick<ControlConfig, "channel">): number | null {
  return channelCapabilities(config.channel).harnessTimeoutMs;
}

/**
 * One control-machine step: the new state is committed first (carrying an effect can feed the
 * machine again), then each effect is carried out in order; returns the events it emitted (so a
 * command line can find its own command.result).
 */
export function stepAndCarry(
  state: ControlState,
  input: ControlInput,
  now: number,
  commit: (next: ControlState) => void,
  carry: (effect: ControlEffect) => void,
): ControlEvent[] {
  const result = step(state, input, now);
  commit(result.state);
  const emitted: ControlEvent[] = [];
  for (const effect of result.effects) {
    if (effect.type === "emit") emitted.push(effect.event);
    carry(effect);
  }
  return emitted;
}

export type CommandResultEvent = Extract<ControlEvent, { kind: "command.result" }>;

/** The command.result a step emitted for command `id`; a step that emitted none is a bug, answered MALFORMED. */
export function commandResultOf(events: readonly ControlEvent[], id: string): CommandOutcome {
  const found = events.find((e): e is CommandResultEvent => e.kind === "command.result" && e.id === id);
  return (
    found?.outcome ?? { result: "refused", refused: { code: "MALFORMED", reason: "the command produced no result" } }
  );
}

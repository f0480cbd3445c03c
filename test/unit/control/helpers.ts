import { initialState, step } from "../../../src/core/control/machine.js";
import type {
  ControlConfig,
  ControlEffect,
  ControlInput,
  ControlState,
} from "../../../src/core/control/machine-types.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { channelRow } from "./channel-rows.js";

export function config(overrides: Partial<ControlConfig> = {}): ControlConfig {
  return {
    sessionId: "s-1",
    harness: "claude",
    channel: channelRow("claude-control"),
    mode: "ask",
    headless: false,
    harnessTimeoutMs: null,
    decisionBudgetMs: 10_000,
    ...overrides,
  };
}

/** A tiny driver: feeds inputs at given times and keeps every effect in order. */
export class Session {
  state: ControlState;
  readonly effects: ControlEffect[] = [];
  now = 1_000;
  constructor(cfg: ControlConfig = config()) {
    this.state = initialState(cfg);
  }
  feed(input: ControlInput, at?: number): ControlEffect[] {
    if (at !== undefined) this.now = at;
    const r = step(this.state, input, this.now);
    this.state = r.state;
    this.effects.push(...r.effects);
    return [...r.effects];
  }
  start(): this {
    this.feed({ type: "ready" });
    this.feed({ type: "turn-started", turnId: "t-1" });
    return this;
  }
  ask(callId: string, input: unknown = { command: "ls" }, tool = "Bash", canonical = "shell"): ControlEffect[] {
    return this.feed({ type: "tool-call-requested", call: { callId, tool, canonical, input, ref: `req-${callId}` } });
  }
  command(obj: Record<string, unknown>, decider: "person" | "program" = "program"): ControlEffect[] {
    return this.feed({
      type: "command-line",
      line: JSON.stringify({ format: "metaharness.command/1", ...obj }),
      decider,
    });
  }
  decide(id: string, callId: string, decision: Record<string, unknown>): ControlEffect[] {
    return this.command({ id, command: "tool.decide", call_id: callId, decision });
  }
  events(): SessionEvent[] {
    return this.effects.flatMap((e) => (e.type === "emit" ? [e.event] : []));
  }
}

export const deliveries = (effects: readonly ControlEffect[]) =>
  effects.filter((e): e is Extract<ControlEffect, { type: "deliver-decision" }> => e.type === "deliver-decision");
export const results = (effects: readonly ControlEffect[]) =>
  effects.flatMap((e) => (e.type === "emit" && e.event.kind === "command.result" ? [e.event] : []));
/** The lines the harness would receive, in order, as short labels. */
export const written = (effects: readonly ControlEffect[]) =>
  effects.flatMap((e) => {
    if (e.type === "deliver-decision") return [`${e.decision.decision}:${e.callId}`];
    if (e.type === "deliver-interrupt") return ["interrupt"];
    if (e.type === "deliver-halt") return ["halt"];
    return [];
  });

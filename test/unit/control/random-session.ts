/** Seeded random control sessions for the machine's property tests. */
import { initialState, step } from "../../../src/core/control/machine.js";
import type {
  ControlConfig,
  ControlEffect,
  ControlInput,
  ControlState,
} from "../../../src/core/control/machine-types.js";
import { CHANNEL_ROWS, channelRow } from "./channel-rows.js";
import { Rng } from "./random.js";

const CALL_IDS = ["t1", "t2", "t3", "t4"];
const INPUTS = [{ command: "ls" }, { command: "rm -rf /" }];

function randomCommandLine(rng: Rng, n: number, state: ControlState): string {
  const id = rng.chance(0.08) ? `c-${rng.int(3)}` : `c-${n}`; // reused ids on purpose
  const pendingIds = state.pending.map((p) => p.callId);
  const callId = pendingIds.length > 0 && rng.chance(0.7) ? rng.pick(pendingIds) : rng.pick([...CALL_IDS, "ghost"]);
  const base = { format: "metaharness.command/1", id };
  const decide = (decision: unknown, flat = false) =>
    flat && typeof decision === "object"
      ? { ...base, command: "tool.decide", call_id: callId, ...(decision as object) }
      : { ...base, command: "tool.decide", call_id: callId, decision };
  const common: (() => unknown)[] = [
    () => decide({ decision: "allow" }),
    () => decide({ decision: "allow" }, true),
    () => decide({ decision: "deny", reason: "no" }, rng.chance(0.5)),
    () => decide({ decision: "replace", input: { command: "ls -1" } }),
    () => decide({ decision: "abstain" }),
    () => ({ ...base, command: "message.inject", text: "note" }),
    () => ({ ...base, command: "steer", text: "go left" }),
    () => ({
      ...base,
      command: "permission.set",
      posture: rng.pick(["default", "plan", "bypassPermissions", "untrusted", "nope"]),
    }),
    () => ({ ...base, command: "frame.set", frame: { admits: rng.chance(0.5) ? ["read"] : ["shell"] } }),
    () => ({ ...base, command: "interrupt", reason: "stop" }),
  ];
  const rare: (() => unknown)[] = [
    () => decide({ decision: "deny", reason: "  " }),
    () => ({ ...base, command: "halt", reason: "done" }),
    () => ({ ...base, command: "fly" }),
    () => ({ id }),
    () => ({ ...base, format: "metaharness.command/2", command: "halt", reason: "x" }),
  ];
  if (rng.chance(0.03)) return "{not json";
  return JSON.stringify(rng.pick(rng.chance(0.9) ? common : rare)());
}

const QUESTION_BLOCK = '```hcn-question\n{"question":"which env?","options":["a","b"]}\n```';

/** What the harness or the transport says about turns, texts and the process (the runtime's inputs). */
function randomTurnInput(rng: Rng, n: number, writes: readonly string[]): ControlInput {
  const r = rng.int(100);
  if (r < 22) return { type: "send", id: `in-${n}`, text: rng.pick(["go", "more"]) };
  if (r < 30) return { type: "answer", id: `in-${n}`, text: "prod" };
  if (r < 48 && writes.length > 0)
    return { type: "send-written", id: rng.pick(writes), turnOpen: rng.chance(0.3), ok: rng.chance(0.92) };
  if (r < 70) {
    const event = rng.pick([
      { kind: "message", role: "assistant", text: rng.chance(0.5) ? QUESTION_BLOCK : "done" } as const,
      { kind: "message", role: "assistant", text: "```hcn-question\n{}\n```" } as const,
      { kind: "identity", harness: "muse", sessionId: `h-${n}`, authority: "harness-minted" } as const,
      { kind: "failure", class: "rate-limit", retryable: true, message: "slow down" } as const,
      { kind: "question", question: "which?", options: [] } as const,
      { kind: "done", exitCode: 0, cause: "clean" } as const,
    ]);
    return { type: "harness-event", event };
  }
  if (r < 88)
    return {
      type: "turn-ended",
      outcome: rng.chance(0.5)
        ? { exitCode: null }
        : {
            exitCode: rng.pick([0, 1, null]),
            cause: rng.pick(["clean", "failed", "awaiting-input", "killed"] as const),
          },
    };
  if (r < 91) return { type: "stalled", ms: 1_000 };
  if (r < 94)
    return { type: "harness-failed", failure: { class: "native", retryable: false, message: "bad handshake" } };
  if (r < 97)
    return {
      type: "close-requested",
      reason: "closing",
      cause: rng.pick(["clean", "killed", "failed"] as const),
      now: rng.chance(0.5),
    };
  return { type: "harness-gone", exitCode: rng.pick([0, 1, null]), signal: null };
}

export function randomInput(rng: Rng, n: number, state: ControlState, writes: readonly string[] = []): ControlInput {
  if (rng.chance(0.3)) return randomTurnInput(rng, n, writes);
  const r = rng.int(100);
  if (r < 4) return { type: "ready" };
  if (r < 12) return { type: "turn-started", turnId: `turn-${n}` };
  if (r < 17) return { type: "turn-ended", awaitingInput: rng.chance(0.3) };
  if (r < 42) {
    const callId = rng.chance(0.75) ? `t${n}` : rng.pick(CALL_IDS);
    const input = rng.chance(0.1) ? INPUTS[1] : { command: `ls ${callId}` };
    const call = { callId, tool: rng.pick(["Bash", "Read"]), canonical: rng.pick(["shell", "read"]), input };
    // A hook check (claude's PreToolUse callback) sees the call before any ask does.
    if (r >= 37) return { type: "pre-tool-check", call: { ...call, ref: `pre-${n}` } };
    return { type: "tool-call-requested", call: { ...call, ref: `ref-${n}` } };
  }
  if (r < 44)
    return {
      type: "call-cleared",
      callId: rng.pick(CALL_IDS),
      reason: rng.pick(["native-resolved", "channel-failed"] as const),
    };
  if (r < 46)
    return rng.chance(0.7)
      ? { type: "delivery-failed", callId: rng.pick(CALL_IDS), reason: "EPIPE" }
      : { type: "decider-gone", reason: "peer left" };
  if (r < 56) return { type: "tick" };
  if (r < 97)
    return {
      type: "command-line",
      line: randomCommandLine(rng, n, state),
      decider: rng.pick(["person", "program"] as const),
    };
  if (r < 99) return { type: "close-requested", reason: "pane closed" };
  return {
    type: "process-exited",
    exitCode: rng.pick([0, 1, null]),
    cause: rng.pick(["clean", "crash", "killed"] as const),
  };
}

export function randomConfig(rng: Rng): ControlConfig {
  return {
    sessionId: "s",
    harness: "claude",
    // One-process-per-turn channels (muse, cursor) are drawn too: their sends, turns and ending go through the same machine.
    channel: rng.chance(0.2)
      ? channelRow(rng.pick(["muse-oneshot", "cursor-oneshot"]))
      : rng.pick(
          CHANNEL_ROWS.filter((c) => !["codex-exec", "pi-rpc", "muse-oneshot", "cursor-oneshot"].includes(c.id)),
        ),
    midTurnSend: rng.pick(["next-turn", "joins-turn", "refused"] as const),
    questions: { escalate: rng.chance(0.6), preamble: rng.pick(["session", "turn"] as const) },
    turnsBefore: rng.pick([0, 0, 3]),
    mode: rng.pick(["ask", "ask", "frame", "observe"] as const),
    headless: rng.chance(0.2),
    harnessTimeoutMs: rng.pick([null, 1, 30_000, 60_000]),
    decisionBudgetMs: rng.pick([50, 5_000, 60_000]),
    ...(rng.chance(0.3)
      ? {
          classify: ({ input }: { input: unknown }) => ({
            classification: JSON.stringify(input).includes("rm") ? ("gated" as const) : ("safe" as const),
            why: "test policy",
          }),
        }
      : {}),
  };
}

export interface Trace {
  steps: {
    input: ControlInput;
    before: ControlState;
    after: ControlState;
    effects: readonly ControlEffect[];
    now: number;
  }[];
}

export function runRandom(seed: number, length = 120): Trace {
  const rng = new Rng(seed);
  let state = initialState(randomConfig(rng));
  let now = 1_000;
  const steps: Trace["steps"] = [];
  /** Sends handed to the transport and not yet reported written. */
  const writes: string[] = [];
  for (let n = 0; n < length; n++) {
    now += rng.pick([0, 1, 10, 100, 100, 3_000]);
    const input = randomInput(rng, n, state, writes);
    const r = step(state, input, now);
    for (const e of r.effects) if (e.type === "deliver-send" && e.id !== null) writes.push(e.id);
    if (input.type === "send-written") writes.splice(writes.indexOf(input.id), 1);
    steps.push({ input, before: state, after: r.state, effects: r.effects, now });
    state = r.state;
  }
  return { steps };
}

const cache = new Map<number, Trace>();
/** The same seed always gives the same trace; computed once per test file. */
export function trace(seed: number): Trace {
  let t = cache.get(seed);
  if (!t) {
    t = runRandom(seed);
    cache.set(seed, t);
  }
  return t;
}

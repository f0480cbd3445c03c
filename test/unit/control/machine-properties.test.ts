/**
 * Properties of the control machine over random input sequences (seeded, replayable): whatever
 * the harness and the deciders do, in whatever order, the guarantees hold.
 */
import { describe, expect, it } from "vitest";
import { initialState, step } from "../../../src/core/control/machine.js";
import type { ControlEffect } from "../../../src/core/control/machine-types.js";
import type { Lifecycle } from "../../../src/core/control/types.js";
import { Rng } from "./random.js";
import { randomConfig, randomInput, trace } from "./random-session.js";

const SEEDS = Array.from({ length: 300 }, (_, i) => i + 1);

describe("control machine properties (300 seeded random sessions)", () => {
  it("the random sessions are not vacuous: they reach every refusal code, every delivery and every lifecycle", () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        seen.add(`lifecycle:${s.after.lifecycle}`);
        for (const e of s.effects) {
          if (e.type === "deliver-decision") seen.add(`sent:${e.decision.decision}:${e.decider}`);
          else if (e.type !== "emit") seen.add(e.type);
          else if (e.event.kind === "command.result" && e.event.outcome.result === "refused")
            seen.add(`refused:${e.event.outcome.refused.code}`);
          else if (e.event.kind === "warning") seen.add(`warning:${e.event.code}`);
        }
      }
    }
    for (const code of ["MALFORMED", "UNSUPPORTED_CONTROL", "UNKNOWN_CALL", "TOO_LATE", "SHADOWED"])
      expect(seen).toContain(`refused:${code}`);
    for (const l of [
      "starting",
      "idle",
      "running",
      "awaiting-approval",
      "awaiting-input",
      "closing",
      "closed",
      "failed",
    ])
      expect(seen).toContain(`lifecycle:${l}`);
    for (const k of [
      "sent:allow:program",
      "sent:deny:person",
      "sent:replace:program",
      "sent:deny:deadline",
      "sent:deny:hmux",
      "sent:allow:policy",
      "sent:allow:observe",
      "deliver-interrupt",
      "deliver-halt",
      "deliver-message",
      "deliver-permission",
      "deliver-send",
      "stop-harness",
      "arm-deadline",
      "clear-deadline",
      "warning:REQUEST_MUTATED",
      "warning:PENDING_CALL_ABANDONED",
    ]) {
      expect(seen).toContain(k);
    }
  });

  it("every command line gets exactly one command.result, under its id or null", () => {
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        const resultsHere = s.effects.filter((e) => e.type === "emit" && e.event.kind === "command.result");
        if (s.input.type === "command-line") {
          expect(resultsHere, `seed ${seed}`).toHaveLength(1);
          let id: unknown = null;
          try {
            id = (JSON.parse(s.input.line) as { id?: unknown }).id ?? null;
          } catch {
            id = null;
          }
          const got = (resultsHere[0] as Extract<ControlEffect, { type: "emit" }>).event;
          expect(got.kind === "command.result" && got.id, `seed ${seed}`).toBe(typeof id === "string" ? id : null);
        } else {
          expect(resultsHere, `seed ${seed}`).toHaveLength(0);
        }
      }
    }
  });

  it("no answer is delivered for a request that was not made, and no request is answered twice", () => {
    for (const seed of SEEDS) {
      const presented = new Set<string>();
      const answered = new Set<string>();
      for (const s of trace(seed).steps) {
        if (s.input.type === "tool-call-requested" || s.input.type === "pre-tool-check")
          presented.add(`${s.input.call.callId}@${String(s.input.call.ref)}`);
        for (const e of s.effects) {
          if (e.type !== "deliver-decision") continue;
          const key = `${e.callId}@${String(e.ref)}`;
          expect(presented.has(key), `seed ${seed}: ${key} answered but never requested`).toBe(true);
          expect(answered.has(key), `seed ${seed}: ${key} answered twice`).toBe(false);
          answered.add(key);
        }
      }
    }
  });

  it("every hook check is answered exactly once, in its own step: continued or decided, never left waiting", () => {
    let checks = 0;
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        if (s.input.type !== "pre-tool-check") continue;
        checks++;
        const ref = s.input.call.ref;
        const answers = s.effects.filter(
          (e) => (e.type === "continue-call" || e.type === "deliver-decision") && e.ref === ref,
        );
        expect(answers, `seed ${seed}: hook check ${String(ref)}`).toHaveLength(1);
      }
    }
    expect(checks).toBeGreaterThan(100);
  });

  it("a pending call is settled exactly once: decided or cleared, never both, never twice", () => {
    for (const seed of SEEDS) {
      const t = trace(seed);
      const opened = new Map<string, number>();
      const cleared = new Map<string, number>();
      for (const s of t.steps) {
        for (const e of s.effects) {
          if (e.type !== "emit") continue;
          if (e.event.kind === "approval-request")
            opened.set(e.event.call.callId, (opened.get(e.event.call.callId) ?? 0) + 1);
          if (e.event.kind === "approval-cleared") cleared.set(e.event.callId, (cleared.get(e.event.callId) ?? 0) + 1);
        }
      }
      const last = t.steps.at(-1)!.after;
      for (const [callId, count] of opened) {
        expect(count, `seed ${seed}: ${callId} opened twice`).toBe(1);
        const stillPending = last.pending.some((p) => p.callId === callId) ? 1 : 0;
        expect((cleared.get(callId) ?? 0) + stillPending, `seed ${seed}: ${callId}`).toBe(1);
      }
      const decided = last.settled.values().filter((c) => c.outcome === "decided").length;
      const c = last.census;
      expect(c.allowed + c.denied + c.replaced + c.abstained, `seed ${seed}: census`).toBe(decided);
    }
  });

  it("before an interrupt, halt or close reaches the harness, every pending call is denied with why", () => {
    let exercised = 0;
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        const stop = s.effects.findIndex((e) => e.type === "deliver-interrupt" || e.type === "deliver-halt");
        const closing = s.input.type === "close-requested";
        if (stop < 0 && !closing) continue;
        expect(s.after.pending, `seed ${seed}`).toEqual([]);
        for (const call of s.before.pending) {
          const i = s.effects.findIndex(
            (e) => e.type === "deliver-decision" && e.callId === call.callId && e.decision.decision === "deny",
          );
          const undeliverable = s.effects.some(
            (e) => e.type === "emit" && e.event.kind === "warning" && e.event.code === "UNDELIVERABLE",
          );
          if (!undeliverable) {
            expect(i, `seed ${seed}: ${call.callId} not denied`).toBeGreaterThanOrEqual(0);
            if (stop >= 0) expect(i, `seed ${seed}: deny after the stop`).toBeLessThan(stop);
            exercised++;
          }
        }
      }
    }
    expect(exercised).toBeGreaterThan(20);
  });

  it("closed and failed are terminal, and nothing is delivered to a closed session but a deny to a hook still waiting", () => {
    for (const seed of SEEDS) {
      let ended = false;
      for (const s of trace(seed).steps) {
        if (ended) {
          expect(["closed", "failed"], `seed ${seed}`).toContain(s.after.lifecycle);
          expect(s.after.lifecycle).toBe(s.before.lifecycle);
          // A harness's hook that asks after close must still get an answer (else it hangs): a deny, to that hook only.
          const hookRef = s.input.type === "pre-tool-check" ? s.input.call.ref : undefined;
          const isHookDeny = (e: ControlEffect) =>
            e.type === "deliver-decision" &&
            hookRef !== undefined &&
            e.ref === hookRef &&
            e.decision.decision === "deny";
          expect(
            s.effects.filter(
              (e) =>
                (e.type.startsWith("deliver-") || e.type === "arm-deadline" || e.type === "continue-call") &&
                !isHookDeny(e),
            ),
            `seed ${seed}`,
          ).toEqual([]);
        }
        if (s.after.lifecycle === "closed" || s.after.lifecycle === "failed") ended = true;
      }
    }
  });

  it("every lifecycle change is a state event, and the events chain from the old state to the new", () => {
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        let current: Lifecycle = s.before.lifecycle;
        for (const e of s.effects) {
          if (e.type === "emit" && e.event.kind === "state") {
            expect(e.event.from, `seed ${seed}`).toBe(current);
            expect(e.event.to).not.toBe(e.event.from);
            current = e.event.to;
          }
        }
        expect(current, `seed ${seed}`).toBe(s.after.lifecycle);
      }
    }
  });

  it("no pending call outlives its deadline past the step that sees the time", () => {
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        for (const p of s.after.pending) {
          if (p.deadlineAt !== null && p.deadlineAt <= s.now) {
            // only a call opened in this very step with a zero budget may still be waiting for the next tick
            expect(p.openedAt, `seed ${seed}: ${p.callId} outlived its deadline`).toBe(s.now);
          }
        }
      }
    }
  });

  it("every send and answer gets one disposition: at once, or when the transport reports its write", () => {
    let written = 0;
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        const dispositions = (id: string) =>
          s.effects.filter((e) => e.type === "emit" && e.event.kind === "disposition" && e.event.id === id).length;
        if (s.input.type === "send" || s.input.type === "answer") {
          const id = s.input.id;
          const handed = s.effects.filter((e) => e.type === "deliver-send" && e.id === id).length;
          expect(dispositions(id) + handed, `seed ${seed}: ${id}`).toBe(1);
        } else if (s.input.type === "send-written") {
          written++;
          expect(dispositions(s.input.id), `seed ${seed}: ${s.input.id}`).toBe(1);
        }
      }
    }
    expect(written).toBeGreaterThan(50);
  });

  it("once the session's ending is decided it never changes, no send is taken, and the harness is stopped only then", () => {
    let after = 0;
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        if (s.before.ending !== null) expect(s.after.ending, `seed ${seed}`).toEqual(s.before.ending);
        if (s.effects.some((e) => e.type === "stop-harness")) expect(s.after.ending, `seed ${seed}`).not.toBeNull();
        if (s.before.ending === null || s.input.type !== "send") continue;
        after++;
        expect(
          s.effects.filter((e) => e.type === "deliver-send"),
          `seed ${seed}`,
        ).toEqual([]);
        expect(
          s.effects.find((e) => e.type === "emit" && e.event.kind === "disposition"),
          `seed ${seed}`,
        ).toMatchObject({ event: { disposition: "rejected", reason: "closed" } });
      }
    }
    expect(after).toBeGreaterThan(20);
  });

  it("a turn's done is emitted only for an open turn, once, and the turn is closed by it", () => {
    let dones = 0;
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        const events = s.effects.flatMap((e) => (e.type === "emit" ? [e.event] : []));
        const done = events.filter((e) => e.kind === "done").length;
        if (done === 0) continue;
        dones++;
        expect(done, `seed ${seed}`).toBe(1);
        expect(s.before.turn, `seed ${seed}`).not.toBeNull();
        const reopened = events.findIndex((e) => e.kind === "turn") > events.findIndex((e) => e.kind === "done");
        if (!reopened) expect(s.after.turn, `seed ${seed}`).toBeNull();
      }
    }
    expect(dones).toBeGreaterThan(50);
  });

  it("an answer is taken only for an open question with no turn running; a one-process-per-turn harness takes no send mid-turn", () => {
    for (const seed of SEEDS) {
      for (const s of trace(seed).steps) {
        if (s.input.type !== "answer" && s.input.type !== "send") continue;
        const handed = s.effects.some((e) => e.type === "deliver-send");
        if (s.input.type === "answer" && handed) {
          expect(s.before.openQuestion, `seed ${seed}`).not.toBeNull();
          expect(s.before.turn, `seed ${seed}`).toBeNull();
        }
        if (handed && s.before.config.midTurnSend === "refused") expect(s.before.turn, `seed ${seed}`).toBeNull();
      }
    }
  });

  it("the input state is never mutated by a step", () => {
    for (const seed of SEEDS.slice(0, 50)) {
      const rng = new Rng(seed);
      let state = initialState(randomConfig(rng));
      for (let n = 0; n < 60; n++) {
        const snapshot = JSON.stringify(state);
        const r = step(state, randomInput(rng, n, state), 1_000 + n * 100);
        expect(JSON.stringify(state)).toBe(snapshot);
        state = r.state;
      }
    }
  });
});

/** Pieces both session runtimes (one process, one process per turn) share. */
import { step } from "../control/machine.js";
import type { ControlEffect, ControlInput, ControlState } from "../control/machine-types.js";
import type { CommandOutcome, ControlEvent } from "../control/types.js";

/** Runs tasks one after another, in call order; a failed task does not stop the ones behind it. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

/**
 * One control-machine step: the new state is committed first (carrying an effect can feed the
 * machine again), then each effect is carried out in order; returns the events it emitted (so a
 * command line can find its own command.result).
 */
export function stepAndCarry(state: ControlState, input: ControlInput, now: number, commit: (next: ControlState) => void, carry: (effect: ControlEffect) => void): ControlEvent[] {
  const result = step(state, input, now);
  commit(result.state);
  const emitted: ControlEvent[] = [];
  for (const effect of result.effects) {
    if (effect.type === "emit") emitted.push(effect.event);
    carry(effect);
  }
  return emitted;
}

/** The command.result a step emitted for command `id`; a step that emitted none is a bug, answered MALFORMED. */
export function commandResultOf(events: readonly ControlEvent[], id: string): CommandOutcome {
  const found = events.find((e): e is Extract<ControlEvent, { kind: "command.result" }> => e.kind === "command.result" && e.id === id);
  return found?.outcome ?? { result: "refused", refused: { code: "MALFORMED", reason: "the command produced no result" } };
}

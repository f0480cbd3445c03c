/** Pieces both session runtimes (one process, one process per turn) share. */
import { step } from "../control/machine.js";
import type { ControlEffect, ControlInput, ControlState } from "../control/machine-types.js";
import type { CommandOutcome, ControlEvent, Decider, Disposition } from "../control/types.js";
import type { EventOf } from "../events.js";

type ErrorEvent = EventOf<"error">;

import { parseSessionLine } from "./session-commands.js";
import type { LineAnswer } from "./session-types.js";

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

/** The command.result a step emitted for command `id`; a step that emitted none is a bug, answered MALFORMED. */
export function commandResultOf(events: readonly ControlEvent[], id: string): CommandOutcome {
  const found = events.find(
    (e): e is Extract<ControlEvent, { kind: "command.result" }> => e.kind === "command.result" && e.id === id,
  );
  return (
    found?.outcome ?? { result: "refused", refused: { code: "MALFORMED", reason: "the command produced no result" } }
  );
}

export type CommandResultEvent = Extract<ControlEvent, { kind: "command.result" }>;

/** What a runtime does for each kind of stdin line; the routing between them is the same for all. */
export interface LineRuntime {
  /** Runs after everything queued before it. */
  inOrder<T>(task: () => Promise<T>): Promise<T>;
  /** Emits the error event for a line that is not a well-formed op. */
  reportBadLine(event: ErrorEvent): void;
  /** Feeds a metaharness.command/1 line to the control machine; its command.result, if any. */
  commandLine(line: string, decider: Decider): Promise<CommandResultEvent | null>;
  send(id: string, text: string): Promise<Disposition>;
  answer(id: string, text: string): Promise<Disposition>;
  close(): Promise<unknown>;
}

/** One stdin line of a machine session (an op or a command) → its own answer, in order. */
export function handleSessionLine(runtime: LineRuntime, line: string, decider: Decider): Promise<LineAnswer> {
  const parsed = parseSessionLine(line);
  switch (parsed.kind) {
    case "blank":
      return Promise.resolve(null);
    case "bad-op":
      return runtime.inOrder(async () => {
        const event: ErrorEvent = { kind: "error", message: parsed.message };
        runtime.reportBadLine(event);
        return event;
      });
    case "command":
      return runtime.inOrder(() => runtime.commandLine(parsed.line, decider));
    case "op": {
      const op = parsed.op;
      if (op.op === "close") return runtime.close().then(() => null);
      const id = op.id;
      return (op.op === "send" ? runtime.send(id, op.text) : runtime.answer(id, op.text)).then((d) => ({
        kind: "disposition",
        id,
        ...d,
      }));
    }
  }
}

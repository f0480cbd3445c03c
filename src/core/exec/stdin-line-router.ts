/** Routes one stdin line of a machine session (an op or a command) to the runtime that answers it. */
import type { Decider, Disposition } from "../control/types.js";
import type { EventOf } from "../events.js";
import { MAX_LINE_BYTES, parseSessionLine } from "./session-commands.js";
import type { CommandResultEvent, LineAnswer } from "./session-types.js";

type ErrorEvent = EventOf<"error">;

/** What a runtime does for each kind of stdin line; the routing between them is the same for all. */
export interface StdinLineTarget {
  /** Runs after everything queued before it. */
  inOrder<T>(task: () => Promise<T>): Promise<T>;
  /** Emits the error event for a line that is not a well-formed op, or the MALFORMED result for an unread line. */
  reportBadLine(event: ErrorEvent | CommandResultEvent): void;
  /** Feeds a metaharness.command/1 line to the control machine; its command.result, if any. */
  commandLine(line: string, decider: Decider, via?: string): Promise<CommandResultEvent | null>;
  send(id: string, text: string): Promise<Disposition>;
  answer(id: string, text: string): Promise<Disposition>;
  close(): Promise<unknown>;
}

/** One stdin line → its own answer, in order; `via` names the client a decision came through. */
export function routeStdinLine(
  target: StdinLineTarget,
  line: string,
  decider: Decider,
  via?: string,
): Promise<LineAnswer> {
  const parsed = parseSessionLine(line);
  switch (parsed.kind) {
    case "blank":
      return Promise.resolve(null);
    case "bad-op":
      return target.inOrder(async () => {
        const event: ErrorEvent = { kind: "error", message: parsed.message };
        target.reportBadLine(event);
        return event;
      });
    case "unread":
      return target.inOrder(async () => {
        const event: CommandResultEvent = {
          kind: "command.result",
          id: null,
          outcome: {
            result: "refused",
            refused: {
              code: "MALFORMED",
              reason: `the line is ${parsed.bytes} bytes, over the ${MAX_LINE_BYTES}-byte limit, and was not read`,
            },
          },
        };
        target.reportBadLine(event);
        return event;
      });
    case "command":
      return target.inOrder(() => target.commandLine(parsed.line, decider, via));
    case "op": {
      const op = parsed.op;
      if (op.op === "close") return target.close().then(() => null);
      const id = op.id;
      return (op.op === "send" ? target.send(id, op.text) : target.answer(id, op.text)).then((d) => ({
        kind: "disposition",
        id,
        ...d,
      }));
    }
  }
}

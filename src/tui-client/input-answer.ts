/** What an `input` reply's answer means to the TUI: a send's or answer's Disposition, a command's CommandOutcome. */
import type { CommandOutcome, Disposition } from "../core/control/types.js";
import type { InputAnswer } from "../protocol/replies.js";

/** A send's or answer's answer as the TUI's Disposition. */
export function dispositionOf(answer: InputAnswer): Disposition {
  switch (answer.kind) {
    case "disposition":
      return answer.disposition === "started"
        ? { disposition: "started" }
        : { disposition: "rejected", reason: answer.reason ?? answer.disposition };
    case "error":
      return { disposition: "rejected", reason: answer.message };
    case "command.result":
      return answer.outcome.result === "ok"
        ? { disposition: "started" }
        : { disposition: "rejected", reason: answer.outcome.refused.reason };
    case "accepted":
      return { disposition: "started" };
  }
}

/** A command's answer as the TUI's CommandOutcome. */
export function outcomeOf(answer: InputAnswer): CommandOutcome {
  switch (answer.kind) {
    case "command.result":
      return answer.outcome;
    case "error":
      return { result: "refused", refused: { code: "MALFORMED", reason: answer.message } };
    case "disposition":
      return answer.disposition === "started"
        ? { result: "ok" }
        : { result: "refused", refused: { code: "TOO_LATE", reason: answer.reason ?? answer.disposition } };
    case "accepted":
      return { result: "ok" };
  }
}

/**
 * Output the store may hold for a session the person is not looking at (app-store.ts): a
 * background pane and the rail show a session's view only at the next catch-up anyway
 * (publish.ts), so its transcript output is folded then, in one batch, instead of one state a
 * record. Only events that change what its pane shows: anything that can make a session need
 * the person (an approval, a question, a failure, a turn's end) or answer what they are doing is
 * folded at once, with what was held before it.
 */
import type { SessionEvent } from "../../core/control/types.js";
import { QUESTION_FENCE_TAG } from "../../core/question.js";
import type { Msg } from "./messages.js";

/** An event that changes only what the session's pane shows: its transcript, notices and counters. */
export function onlyShown(event: SessionEvent): boolean {
  switch (event.kind) {
    case "token":
    case "tool":
    case "usage":
    case "context":
    case "raw":
    case "progress":
      return true;
    case "message":
      // An assistant message can ask the person a question in its text (question.ts).
      return event.role === "assistant" && !event.text.includes(QUESTION_FENCE_TAG);
    default:
      return false;
  }
}

/**
 * Messages that read nothing of another session's output, so held output may stay held past
 * them: session output itself, the clock, and typing into the focused field (a key's echo never
 * waits for other sessions' folding). Every other message sees every session as it is.
 */
export function keepsHeld(msg: Msg): boolean {
  switch (msg.kind) {
    case "session-event":
    case "session-events":
    case "clock":
    case "edit-input":
    case "paste-input":
    case "set-draft":
    case "key-ignored":
    case "terminal-focus":
      return true;
    default:
      return false;
  }
}

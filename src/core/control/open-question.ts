/**
 * When a question the session asked (a `question` event) stops waiting for its answer. One rule
 * for everything that follows a session's events: the TUI's question widget and the server
 * bringing an open question back to a client whose replay window starts after it.
 */
import type { SessionEvent } from "./types.js";

export type QuestionEvent = Extract<SessionEvent, { kind: "question" }>;

/**
 * An asked question is over once the session moves to any state but awaiting-input (an answer
 * opened the next turn, or the session is ending), or once it closed.
 */
export function endsQuestion(event: SessionEvent): boolean {
  return event.kind === "closed" || (event.kind === "state" && event.to !== "awaiting-input");
}

/** The question still waiting after `event`, given the one waiting before it (a new question replaces it). */
export function openQuestionAfter(open: QuestionEvent | null, event: SessionEvent): QuestionEvent | null {
  if (event.kind === "question") return event;
  return endsQuestion(event) ? null : open;
}

/**
 * What a person sent or answered, as the session keeps it: a user message, journaled with the
 * session's own events so a later attach (a restored or resumed session's too) shows it where
 * it was said. A harness such as claude never echoes what it is sent, so this is the only copy.
 * One message is bounded (MAX_SAID_CHARS, the bound on a first prompt): longer text keeps its
 * start and says how much is not kept, rather than a journal line of any length.
 */
import type { SessionEvent } from "./types.js";

export const MAX_SAID_CHARS = 256 * 1024;

export type SaidMessage = Extract<SessionEvent, { kind: "message" }>;

export function saidMessage(text: string, max: number = MAX_SAID_CHARS): SaidMessage {
  if (text.length <= max) return { kind: "message", role: "user", text };
  const cut = text.slice(0, max);
  return {
    kind: "message",
    role: "user",
    text: `${cut}\n… (${text.length - max} more characters were sent but are not kept here)`,
  };
}

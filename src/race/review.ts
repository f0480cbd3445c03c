/**
 * Cross-review: another harness reads each contestant's diff against the race's prompt and writes
 * a short verdict, shown in the scorecard. The reviewer runs read-only in the contestant's
 * worktree (a launch that cannot make it read-only is refused, never run writable) and is gated as
 * any turn is; its verdict is its last answer, cut short.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { ReviewScore } from "./scorecard-schema.js";

/** What the reviewer is shown of a diff; a longer one is cut, and the prompt says so. */
export const MAX_REVIEW_DIFF_CHARS = 24_000;
export const MAX_VERDICT_CHARS = 400;

export function reviewPrompt(task: string, contestant: string, patch: string): string {
  const cut = patch.length > MAX_REVIEW_DIFF_CHARS;
  const shown = cut ? `${patch.slice(0, MAX_REVIEW_DIFF_CHARS)}\n[… the diff goes on; cut here]` : patch;
  return [
    `You review one answer to a coding task. Do not change any file. The task was:`,
    "",
    task,
    "",
    `Here is ${contestant}'s change to the repository (git diff against where it started):`,
    "",
    "```diff",
    shown,
    "```",
    "",
    "Answer in one or two sentences: does the change do what the task asks, and is anything wrong with it?",
  ].join("\n");
}

/** The reviewer's last answer (not its thinking), on one line and cut short; null when it said nothing. */
export function verdictOf(events: readonly SessionEvent[]): string | null {
  const said = events.filter(
    (e): e is Extract<SessionEvent, { kind: "message" }> =>
      e.kind === "message" && e.role === "assistant" && !e.thinking,
  );
  const text = said.at(-1)?.text.replace(/\s+/g, " ").trim() ?? "";
  if (text === "") return null;
  return text.length > MAX_VERDICT_CHARS ? `${text.slice(0, MAX_VERDICT_CHARS - 1)}…` : text;
}

/** A review's score from its turn's events. */
export function reviewScore(reviewer: string, events: readonly SessionEvent[]): ReviewScore {
  const done = [...events].reverse().find((e) => e.kind === "done");
  const cause = done?.kind === "done" ? done.cause : "failed";
  return { reviewer, verdict: verdictOf(events), outcome: cause };
}

/**
 * The warnings a restoring server adds to a session it brings back after its server died
 * (src/server/restore.ts). The TUI shows these in the transcript: each says something was lost.
 */
/** A call was waiting for a decision when the server died: nobody approved it, hmux did not run it. */
export const LOST_CALL_WARNING = "CALL_LOST";
/** The journal ended mid-line: it was restored up to its last whole event. */
export const JOURNAL_CUT_WARNING = "JOURNAL_CUT";
/** The server running the session died; the session waits, detached, for a resume. */
export const SERVER_DIED_WARNING = "SERVER_DIED";
/** A question was waiting for its answer when the server died: a resume asks it again. */
export const QUESTION_WAITING_WARNING = "QUESTION_WAITING";
/** `server.autoResume` could not resume it: it stays detached (the message says why). */
export const AUTO_RESUME_FAILED_WARNING = "AUTO_RESUME_FAILED";

export const RESTORE_WARNINGS: ReadonlySet<string> = new Set([
  LOST_CALL_WARNING,
  JOURNAL_CUT_WARNING,
  SERVER_DIED_WARNING,
  QUESTION_WAITING_WARNING,
  AUTO_RESUME_FAILED_WARNING,
]);

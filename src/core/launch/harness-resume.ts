/**
 * The harness's own session to continue, if any: decided here for every entry point that resumes
 * (hmux resume, hmux session --resume, a TUI pane). A session resumed before its first turn has
 * no conversation to continue, and a harness may keep nothing for it (pi writes no session file
 * before a turn and refuses the id: "No session found matching …"; claude never says its id
 * before one), so the harness starts fresh under the same hmux session — its id, name, journal,
 * state dir and settings stay; only the harness's own, empty, conversation is new.
 */
export function harnessResumeOf(options: {
  /** The harness's own session id hmux would continue. */
  readonly resume?: string | undefined;
  /** Turns hmux knows ran before (absent: unknown, as for a bare harness id a user names). */
  readonly turnsBefore?: number | undefined;
}): string | undefined {
  return options.turnsBefore === 0 ? undefined : options.resume;
}

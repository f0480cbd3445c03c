/**
 * What the TUI's race asks of whoever runs races (the hmux server, through src/tui-client; or
 * src/race in the TUI's own process): start one — every contestant's session opened in its own
 * worktree, refused as a whole before anything opens when it cannot stand —, its scorecard once
 * every first turn ended, and ending it. The runner decides all of it (tallies, the check, git's
 * view, the record); the UI only shows what it says, from its effect runner.
 */

import type { Scorecard } from "../race/scorecard-schema.js";
import type { SessionPort } from "./session-port.js";

export interface RaceStartRequest {
  /** The name asked for; the runner suffixes it when taken (the start says the name it got). */
  readonly name: string;
  readonly prompt: string;
  readonly harnesses: readonly string[];
  /** The check command run in each worktree after its turn; null for none. */
  readonly check: string | null;
}

/** A contestant as the start left it: its session's port, or why it could not open. */
export type RaceContestantStart =
  | { readonly harness: string; readonly port: SessionPort }
  | { readonly harness: string; readonly failed: string };

export interface RaceStart {
  /** The race's name as the runner recorded it. */
  readonly race: string;
  readonly contestants: readonly RaceContestantStart[];
  /** What is worth telling (a taken name). */
  readonly notes: readonly string[];
}

export interface RacePort {
  start(request: RaceStartRequest): Promise<RaceStart>;
  /** The scorecard, once every contestant's first turn ended (the check may still be running: it resolves after). */
  score(race: string): Promise<Scorecard>;
  /** Ends the contestants' sessions, merges the winner into the base, removes the other worktrees; what was done, in words. */
  pick(race: string, harness: string): Promise<string>;
  /** Ends the contestants' sessions and removes every worktree that loses no work; what was done, in words. */
  discard(race: string): Promise<string>;
}

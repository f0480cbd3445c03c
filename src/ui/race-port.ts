/**
 * What the TUI's race needs beyond starting panes (the pane launcher does that, worktree on): the
 * scoring after every contestant's turn (the check in each worktree, git's view of what changed,
 * the scorecard recorded so `hmux race pick|discard|ls` find it), and ending the race. The
 * composition root implements it on src/race; the UI only calls it from its effect runner.
 */

import type { Scorecard } from "../race/scorecard-schema.js";
import type { Tally } from "../race/tally.js";

export interface RaceContestantRun {
  readonly harness: string;
  /** The hmux workspace (registry name) its pane runs in. */
  readonly workspace: string;
  /** Its first turn's wall time, less the time it waited for a person. */
  readonly wallMs: number;
  /** The time that turn waited for a person (a decision on a held call), shown apart. */
  readonly personWaitMs?: number;
  /** Its session's events folded by src/race/tally.ts, up to the end of its first turn. */
  readonly tally: Tally;
  /** Settings its harness could not express, as its pane's resolved settings say. */
  readonly planDivergences: readonly { readonly key: string; readonly value: unknown; readonly reason: string }[];
}

export interface RaceScoreRequest {
  readonly race: string;
  readonly prompt: string;
  /** The check command run in each worktree after its turn; null for none. */
  readonly check: string | null;
  readonly contestants: readonly RaceContestantRun[];
}

export interface RacePort {
  /**
   * Set when this TUI cannot race at all: why, and what to do instead. A race started from the
   * dialog is then refused before any contestant starts, with these words.
   */
  readonly refusal?: string;
  score(request: RaceScoreRequest): Promise<Scorecard>;
  /** Merges the winner into the base and removes the other worktrees; resolves to what was done, in words. */
  pick(race: string, harness: string): Promise<string>;
  /** Removes every contestant's worktree (never one holding work found nowhere else); what was done, in words. */
  discard(race: string): Promise<string>;
}

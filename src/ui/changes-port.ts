/**
 * What the changes view asks of a session's git worktree, as plain data: the files and diff
 * against the base or of one turn, the branch's ahead/behind, and commit / merge / discard.
 * The TUI calls it only from the effect runner; the git work behind it is the app's
 * (src/tui-client/workspace-changes.ts), through the git CLI.
 */

import type { ErrorCode } from "../core/error-codes.js";
import { HmuxError } from "../core/hmux-error.js";

export interface ChangedFile {
  readonly path: string;
  /** The old path of a rename. */
  readonly from?: string;
  /** null for a binary file. */
  readonly added: number | null;
  readonly removed: number | null;
}

export interface BranchStatus {
  readonly ahead: number;
  readonly behind: number;
  /** Files with uncommitted changes. */
  readonly dirty: number;
}

/** "base": the worktree now against its base; "turn": what one turn changed. */
export type ChangesScope = { readonly kind: "base" } | { readonly kind: "turn"; readonly turn: number | null };

export interface ChangesData {
  readonly scope: "base" | "turn";
  /** The turn shown (1 = the first recorded), for the "turn" scope. */
  readonly turn: number | null;
  /** Turns recorded for this worktree. */
  readonly turns: number;
  readonly files: readonly ChangedFile[];
  readonly added: number;
  readonly removed: number;
  /** The unified diff, without colour codes (the view colours it). */
  readonly patch: string;
  readonly branch: string;
  readonly base: string;
  readonly status: BranchStatus;
}

export interface CommitDone {
  readonly commit: string;
  readonly files: number;
}

export interface MergeDone {
  readonly how: "fast-forward" | "merge-commit" | "up-to-date";
  readonly tip: string;
}

export interface DiscardDone {
  readonly to: string;
  readonly files: number;
  readonly commits: number;
}

/** A refused or failed action, with the files it concerns (a merge's conflicts) and what to do. */
export class ChangesFailure extends HmuxError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly files: readonly string[] = [],
    hint?: string,
  ) {
    super(code, message, hint);
    this.name = "ChangesFailure";
  }
}

export interface SessionChanges {
  load(scope: ChangesScope): Promise<ChangesData>;
  status(): Promise<BranchStatus>;
  commit(message: string): Promise<CommitDone>;
  merge(): Promise<MergeDone>;
  discard(): Promise<DiscardDone>;
}

/**
 * Refusals about workspaces. Each names what was wrong and, where work is at stake, exactly what
 * would be lost. Exit codes are the error-code table's (src/core/error-codes.ts): 2 for a request
 * hmux cannot carry out (not a repository, an unknown name or base, a setup that failed), 3 for a
 * removal refused to protect work (a live session, uncommitted changes, commits nowhere else) —
 * `--force` overrides only those.
 */
import { RefusalError } from "../core/refusal.js";

export { EXIT_REFUSED, EXIT_WOULD_LOSE_WORK } from "../core/error-codes.js";

export type WorkspaceIssue =
  | "not-a-git-repository"
  | "unknown-base"
  | "unknown-workspace"
  | "ambiguous-workspace"
  | "invalid-workspace-name"
  | "workspace-create-failed"
  | "workspace-setup-failed"
  | "workspace-in-use"
  | "workspace-uncommitted-changes"
  | "workspace-unmerged-commits"
  | "git-failed"
  | "invalid-workspace-registry"
  | "workspace-merge-conflict"
  | "nothing-to-commit"
  | "invalid-commit-message"
  | "workspace-not-checked-out"
  | "invalid-worktree-include";

export class WorkspaceError extends RefusalError {
  readonly workspaceIssue: WorkspaceIssue;
  /** The files the refusal is about (a merge's conflicting files), for a screen that lists them. */
  readonly files: readonly string[];
  constructor(
    message: string,
    fields: { readonly issue: WorkspaceIssue; readonly hint?: string; readonly files?: readonly string[] },
  ) {
    super(message, { issue: fields.issue, ...(fields.hint !== undefined ? { hint: fields.hint } : {}) });
    this.name = "WorkspaceError";
    this.workspaceIssue = fields.issue;
    this.files = fields.files ?? [];
  }
}

export function isWorkspaceError(err: unknown): err is WorkspaceError {
  return err instanceof WorkspaceError;
}

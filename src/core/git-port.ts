/**
 * The port through which hmux runs git (workspaces, diffs): the `git` CLI itself, injected by the
 * composition root, so the core and the workspace logic never start a process themselves.
 */
export interface GitResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface GitCall {
  /** The directory git runs in. */
  readonly cwd: string;
  /** Added to git's environment (e.g. GIT_INDEX_FILE for a throwaway index). */
  readonly env?: Readonly<Record<string, string>>;
  /** Written to git's stdin (e.g. paths for `check-ignore --stdin -z`); stdin is empty otherwise. */
  readonly input?: string;
}

export interface GitRunner {
  /** Runs `git <args>`; resolves with its exit code and output, rejects only when git cannot start. */
  run(args: readonly string[], call: GitCall): Promise<GitResult>;
}

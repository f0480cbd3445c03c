/**
 * The `workspace` config key: whether a session gets its own git worktree, where worktrees live,
 * and a setup command run in a new worktree before the agent starts. Validation only; the
 * workspace module decides what each value does (and which tier may set the setup command).
 */
import { z } from "zod";

export const DEFAULT_SETUP_TIMEOUT_SECONDS = 300;

export const workspaceSchema = z.strictObject({
  /** "auto": every launch inside a git repository gets a worktree; "off" (default): only with --worktree. */
  worktree: z.enum(["auto", "off"]).optional(),
  /** Where worktrees live: an absolute path or one starting with ~/; `<repo>/<name>` is added below it. */
  root: z
    .string()
    .trim()
    .refine((p) => p.startsWith("/") || p.startsWith("~/"), {
      error: "must be an absolute path or start with ~/ (e.g. ~/worktrees)",
    })
    .optional(),
  /** A shell command run in each new worktree before the agent starts (e.g. "npm ci"). */
  setup: z.string().trim().min(1, { error: "must not be empty" }).optional(),
  /** Seconds the setup command may take before it is stopped and the launch refused. */
  setupTimeout: z.number().positive().max(86_400).optional(),
});

export type WorkspaceConfig = z.infer<typeof workspaceSchema>;

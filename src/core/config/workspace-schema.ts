/**
 * The `workspace` config key: whether a session gets its own git worktree, where worktrees live,
 * and a setup command run in a new worktree before the agent starts. Validation only; the
 * workspace module decides what each value does (and which tier may set the setup command).
 */
import * as z from "zod/mini";
import "../schema-locale.js";

export const DEFAULT_SETUP_TIMEOUT_SECONDS = 300;

export const workspaceSchema = z.strictObject({
  /** "auto": every launch inside a git repository gets a worktree; "off" (default): only with --worktree. */
  worktree: z.optional(z.enum(["auto", "off"])),
  /** Where worktrees live: an absolute path or one starting with ~/; `<repo>/<name>` is added below it. */
  root: z.optional(
    z.string().check(
      z.trim(),
      z.refine((p) => p.startsWith("/") || p.startsWith("~/"), {
        error: "must be an absolute path or start with ~/ (e.g. ~/worktrees)",
      }),
    ),
  ),
  /** A shell command run in each new worktree before the agent starts (e.g. "npm ci"). */
  setup: z.optional(z.string().check(z.trim(), z.minLength(1, { error: "must not be empty" }))),
  /** Seconds the setup command may take before it is stopped and the launch refused. */
  setupTimeout: z.optional(z.number().check(z.positive(), z.lte(86_400))),
});

export type WorkspaceConfig = z.infer<typeof workspaceSchema>;

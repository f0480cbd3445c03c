/**
 * The race scorecard's shape, as `hmux race --json` prints it and as the TUI's scorecard overlay
 * reads it: one `contestant` object per harness, then one `summary` object. Every number a harness
 * did not report is null (pi reports no tokens), never a made-up 0.
 */
import { z } from "zod";

const count = z.number().int().nonnegative();

export const FileScoreSchema = z.strictObject({
  path: z.string(),
  /** null for a binary file (git counts no lines in it). */
  added: count.nullable(),
  removed: count.nullable(),
});

export const CheckResultSchema = z.strictObject({
  command: z.string(),
  /** null when the check was killed (a timeout) or could not start. */
  exitCode: z.number().int().nullable(),
  durationMs: count,
  /** It ran past --check-timeout and was stopped (its whole process group). */
  timedOut: z.boolean(),
  passed: z.boolean(),
  /** The last lines it printed (stdout and stderr interleaved). */
  outputTail: z.string(),
  /** Why it could not start, when it could not. */
  error: z.string().optional(),
});

/** A setting the harness could not express as asked: planned (resolution) or found at run time. */
export const DivergenceScoreSchema = z.strictObject({
  key: z.string(),
  /** What the race asked for, as text. */
  asked: z.string(),
  /** "plan": refused to the harness default when planning; "run": the harness said so while running. */
  when: z.enum(["plan", "run"]),
  reason: z.string(),
});

/** Another harness's short verdict on this contestant's diff against the prompt (`--review`). */
export const ReviewScoreSchema = z.strictObject({
  reviewer: z.string(),
  /** Its last answer, cut short; null when it said nothing. */
  verdict: z.string().nullable(),
  /** How the review's turn ended (a `done` cause). */
  outcome: z.string(),
  /** Why it could not run (its launch refused: it could not be made read-only, say). */
  error: z.string().optional(),
});

export const ContestantScoreSchema = z.strictObject({
  kind: z.literal("contestant"),
  race: z.string(),
  harness: z.string(),
  workspace: z.string(),
  branch: z.string(),
  path: z.string(),
  /** How the turn ended (a HarnessEvent `done` cause), and the failure when it failed. */
  outcome: z.strictObject({
    cause: z.string(),
    exitCode: z.number().int().nullable(),
    failure: z.strictObject({ class: z.string(), message: z.string() }).optional(),
  }),
  /** The turn's wall time; in a TUI race without the time it waited for a person, which personWaitMs gives. */
  wallMs: count,
  /** A TUI race: how long the turn stood waiting for a person's decision (left out of wallMs). */
  personWaitMs: count.optional(),
  tokens: z.strictObject({
    /** Every input token, cached or not (core/usage/input-tokens.ts); cachedInput: of which read from a cache. */
    input: count.nullable(),
    output: count.nullable(),
    cachedInput: count.nullable(),
  }),
  /** USD, priced on the server (core/usage); null when none was reported or `costUnknown`. */
  costUsd: z.number().nonnegative().nullable(),
  /** A usage record spent tokens on a model without a price: the cost reads "unknown", never $0. */
  costUnknown: z.literal(true).optional(),
  /** byPerson: of the denied, the ones a person denied (absent when none was). */
  approvals: z.strictObject({ asked: count, denied: count, byPerson: count.optional() }),
  toolCalls: count,
  files: z.array(FileScoreSchema),
  lines: z.strictObject({ added: count, removed: count }),
  /** Files every contestant changed. */
  sharedFiles: z.array(z.string()),
  /** Files no other contestant changed. */
  uniqueFiles: z.array(z.string()),
  /** null when the race had no --check, or the contestant never got to it (refused before it ran). */
  check: CheckResultSchema.nullable(),
  divergences: z.array(DivergenceScoreSchema),
  /** The cross-review's verdict, when the race asked for one (`--review`) and this contestant changed something. */
  review: ReviewScoreSchema.optional(),
});

/** Two contestants' answers merged (git merge-tree): clean, or the files that conflict; null: git could not tell. */
export const MergeScoreSchema = z.strictObject({
  contestants: z.tuple([z.string(), z.string()]),
  clean: z.boolean().nullable(),
  conflicts: z.array(z.string()),
  error: z.string().optional(),
});

/** A file more than one contestant changed, and who did. */
export const OverlapFileSchema = z.strictObject({ path: z.string(), contestants: z.array(z.string()) });

export const RaceSummarySchema = z.strictObject({
  kind: z.literal("summary"),
  race: z.string(),
  prompt: z.string(),
  repo: z.string(),
  base: z.strictObject({ name: z.string(), commit: z.string() }),
  /** The base checkout's uncommitted tracked changes, which no worktree has; [] when clean. */
  baseDirty: z.array(z.string()),
  /** The normalized settings every contestant was asked for (the flags given to the race). */
  settings: z.record(z.string(), z.unknown()),
  contestants: z.array(z.string()),
  /** Contestants whose turn ended clean (or awaiting input). */
  finished: z.array(z.string()),
  /** null when the race had no --check. */
  passed: z.array(z.string()).nullable(),
  failed: z.array(z.string()).nullable(),
  /** Ties list every contestant that shares the best value; [] when none qualifies. */
  fastest: z.array(z.string()),
  fewestLines: z.array(z.string()),
  fewestTokens: z.array(z.string()),
  cheapest: z.array(z.string()),
  /** Files every contestant changed. */
  sharedFiles: z.array(z.string()),
  /**
   * Files more than one contestant changed, and whether each pair's answers would merge cleanly
   * (absent in a scorecard from before overlaps were scored).
   */
  overlap: z.strictObject({ files: z.array(OverlapFileSchema), merges: z.array(MergeScoreSchema) }).optional(),
  warnings: z.array(z.string()),
});

/** A whole scorecard as one value (a server's reply carries it so). */
export const ScorecardSchema = z.object({ contestants: z.array(ContestantScoreSchema), summary: RaceSummarySchema });

export const ScorecardLineSchema = z.discriminatedUnion("kind", [ContestantScoreSchema, RaceSummarySchema]);

export type FileScore = z.infer<typeof FileScoreSchema>;
export type CheckResult = z.infer<typeof CheckResultSchema>;
export type DivergenceScore = z.infer<typeof DivergenceScoreSchema>;
export type ContestantScore = z.infer<typeof ContestantScoreSchema>;
export type RaceSummary = z.infer<typeof RaceSummarySchema>;
export type MergeScore = z.infer<typeof MergeScoreSchema>;
export type ReviewScore = z.infer<typeof ReviewScoreSchema>;
export type ScorecardLine = z.infer<typeof ScorecardLineSchema>;

export interface Scorecard {
  readonly contestants: readonly ContestantScore[];
  readonly summary: RaceSummary;
}

/**
 * The normalized event surface: every harness's native stream becomes a sequence of
 * HarnessEvent values ending in exactly one `done`. Kinds and failure classes are additive:
 * a consumer ignores a kind it does not know and still waits for `done`.
 */
import type { HarnessName } from "./harness-names.js";

export const FAILURE_CLASSES = [
  "rate-limit",
  "usage-limit",
  "quota",
  "auth",
  "budget",
  "task",
  "transport",
  "unavailable",
  "rejected",
  "native",
  "timeout",
  "trust-refused",
  "stall",
  "network",
] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

/**
 * Retry on another route makes sense for these; the rest need a different request. A login
 * problem (`auth`) is not retryable: the same credentials fail the same way until the user
 * logs in or sets a key, which the failure's hint names.
 */
const NOT_RETRYABLE: ReadonlySet<FailureClass> = new Set([
  "auth",
  "task",
  "budget",
  "rejected",
  "native",
  "timeout",
  "trust-refused",
]);
export function isRetryable(cls: FailureClass): boolean {
  return !NOT_RETRYABLE.has(cls);
}

export const LIMIT_CODES = ["usage-limit", "session-limit", "weekly-limit", "credits", "quota", "rate-limit"] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];
export type AuthFailureKind = "not-logged-in" | "expired" | "invalid-key" | "forbidden";

export const REFUSAL_ISSUES = [
  "unsupported-option",
  "unsupported-option-facet",
  "unsupported-on-resume",
  "invalid-option-value",
  "unknown-effort",
  "unknown-model",
  "invalid-env",
  "invalid-tool-grant",
  "unknown-tool-name",
  "mutually-exclusive-options",
  "prompt-flag-injection",
  "no-autonomy-mode",
  "no-session-mode",
  "no-approval-channel",
  "native-flag-spelling",
  "unknown-harness",
  "invalid-config",
  "missing-binary",
  "too-large",
  "not-a-git-repository",
  "unknown-base",
  "unknown-workspace",
  "ambiguous-workspace",
  "invalid-workspace-name",
  "workspace-create-failed",
  "workspace-setup-failed",
  "workspace-in-use",
  "workspace-uncommitted-changes",
  "workspace-unmerged-commits",
  "git-failed",
  "invalid-workspace-registry",
  "workspace-merge-conflict",
  "nothing-to-commit",
  "invalid-commit-message",
  "workspace-not-checked-out",
  "invalid-worktree-include",
  "no-native-pane",
] as const;
export type RefusalIssue = (typeof REFUSAL_ISSUES)[number];

export interface NativeSpelling {
  readonly harness: HarnessName;
  readonly spelling: string;
}

export interface FailureSummary {
  readonly class: FailureClass;
  readonly retryable: boolean;
  readonly message: string;
  readonly code?: LimitCode;
  readonly authKind?: AuthFailureKind;
  /** Epoch milliseconds; present only when the harness itself reported a reset time. */
  readonly resetsAt?: number;
  readonly httpStatus?: number;
  readonly issue?: RefusalIssue;
  readonly option?: string;
  readonly supported?: readonly string[];
  readonly supportedBy?: readonly NativeSpelling[];
  readonly hint?: string;
  readonly nativeExitCode?: number;
}

/** `interrupted`: the turn was asked to stop (an interrupt) and stopped as asked; the session goes on. */
export type ExitCause = "clean" | "limit" | "crash" | "stall" | "killed" | "failed" | "awaiting-input" | "interrupted";

export interface ToolCallEvent {
  readonly kind: "tool";
  readonly phase: "call";
  /** The harness's own id for the call (toolu_…, item_…, call_…), null when the stream has none. */
  readonly callId: string | null;
  readonly name: string;
  /** Canonical tool name (read, shell, …) when the native name maps to one. */
  readonly canonical?: string;
  readonly input?: unknown;
}
export interface ToolResultEvent {
  readonly kind: "tool";
  readonly phase: "result";
  readonly callId: string | null;
  readonly name?: string;
  readonly output: string;
  readonly isError: boolean;
  /** A permission system (native, hook or hmux) refused the call; this is not a failure. */
  readonly denied?: boolean;
  /** The command's exit code when the harness reports one (codex command_execution). */
  readonly exitCode?: number | null;
}

/**
 * What the model spent, from the harness's own usage record (claude's result, codex's token
 * counts, pi's message usage, ACP's usage_update), in one shape whatever the vendor's convention.
 * Token counts and the cost are this record's share: a total adds them up. The context fields are
 * a reading of now: each one replaces the last. A harness reporting running totals (ACP's
 * cumulative cost) emits the difference from its last report (core/usage/running-total.ts).
 * The server prices a record that has no cost (core/usage/price-usage.ts); one it cannot price
 * keeps no cost, and a total with such a record reads "unknown", never $0.
 */
export interface UsageEvent {
  readonly kind: "usage";
  /** Input tokens billed at the full rate: neither read from a prompt cache nor written to one. */
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** Input tokens read from the prompt cache. */
  readonly cachedInputTokens?: number;
  /** Input tokens written to the prompt cache. */
  readonly cacheWriteTokens?: number;
  /** The model the record says answered, when it says. */
  readonly model?: string;
  /** Tokens in the model's context at the latest request. */
  readonly contextTokens?: number;
  /** The size of that model's context window, in tokens. */
  readonly contextWindow?: number;
  /** This record's cost in USD; absent: not known. */
  readonly costUsd?: number;
  /** Whose figure the cost is: the harness's own, or hmux's price table (core/usage/prices.ts). */
  readonly costSource?: "harness" | "price-table";
}

export type HarnessEvent =
  | {
      readonly kind: "identity";
      readonly harness: HarnessName;
      readonly sessionId: string;
      readonly authority: "caller-assigned" | "harness-minted";
      readonly model?: string;
      readonly resumeLast?: boolean;
    }
  | { readonly kind: "token"; readonly text: string; readonly thinking?: boolean }
  /** `streamed: true` when this text already arrived as `token` deltas: render one, never both. */
  | {
      readonly kind: "message";
      readonly role: "assistant" | "user";
      readonly text: string;
      readonly thinking?: boolean;
      readonly streamed?: boolean;
    }
  | { readonly kind: "progress"; readonly label: string; readonly detail?: string }
  | ToolCallEvent
  | ToolResultEvent
  | UsageEvent
  | { readonly kind: "context"; readonly usedPct: number }
  | { readonly kind: "limit"; readonly code: LimitCode; readonly message: string; readonly resetsAt?: number }
  | { readonly kind: "error"; readonly message: string; readonly terminal?: boolean }
  | ({ readonly kind: "failure" } & FailureSummary)
  | {
      readonly kind: "question";
      readonly question: string;
      readonly options: readonly string[];
      readonly recommended?: string;
    }
  /**
   * The harness said a setting is not in force as asked (its sandbox could not be set up as
   * requested): a divergence found at run time, which the adapter recognises in its notices.
   */
  | {
      readonly kind: "divergence";
      readonly key: string;
      readonly asked: string;
      readonly runs: string;
      /** The harness's own words. */
      readonly notice: string;
    }
  /** A stdout or stderr line that is not JSON: surfaced, never fatal, never dropped. */
  | { readonly kind: "raw"; readonly stream: "stdout" | "stderr"; readonly text: string }
  /** A JSON record the decoder has no rule for: surfaced so nothing is dropped silently. */
  | { readonly kind: "unrecognized"; readonly nativeType: string; readonly record: unknown }
  | {
      readonly kind: "done";
      readonly exitCode: number | null;
      readonly cause: ExitCause;
      readonly failure?: FailureSummary;
    };

export type HarnessEventKind = HarnessEvent["kind"];
export type EventOf<K extends HarnessEventKind> = Extract<HarnessEvent, { kind: K }>;

/** Safe to drop when only full messages matter. `failure` and `done` never are. */
export const DROPPABLE_KINDS: ReadonlySet<HarnessEventKind> = new Set([
  "token",
  "progress",
  "context",
  "usage",
  "raw",
  "unrecognized",
]);

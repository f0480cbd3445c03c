/**
 * Contract shared by the control core, the per-harness session bridges and the TUI.
 * Wire spellings follow metaharness.command/1, described in docs/control.md.
 */
import type { FailureSummary, HarnessEvent } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import type { AllowRule, AlwaysOffer } from "./allow-rules.js";

export const LIFECYCLES = [
  "starting",
  "idle",
  "running",
  "awaiting-input",
  "awaiting-approval",
  "closing",
  "closed",
  "failed",
] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];

export type Decision =
  | { readonly decision: "allow" }
  | { readonly decision: "deny"; readonly reason: string }
  | { readonly decision: "replace"; readonly input: unknown }
  | { readonly decision: "abstain" };

/**
 * Who decided. person: a person at the TUI (journals before 2026-12 say `human`; read as
 * person); program: an embedder on stdin or the socket; rule:<id>: a session's "allow always"
 * rule (allow-rules.ts); policy: the safe-operations allowlist or the headless deny; deadline:
 * hmux's own deadline; harness: the harness's own pipeline; frame: the frame in force;
 * observe: observe mode's allow-and-record; hmux: hmux itself (pending calls denied before an
 * interrupt/halt/close, a mutated request).
 */
export type Decider =
  | "person"
  | "policy"
  | "deadline"
  | "program"
  | "harness"
  | "frame"
  | "observe"
  | "hmux"
  | `rule:${string}`;

/** A decider as a journal or an older peer wrote it: `human` was a person's old name. */
export function readDecider(raw: string): string {
  return raw === "human" ? "person" : raw;
}

export const REFUSAL_CODES = ["MALFORMED", "UNSUPPORTED_CONTROL", "UNKNOWN_CALL", "TOO_LATE", "SHADOWED"] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export type CommandOutcome =
  | { readonly result: "ok"; readonly [extra: string]: unknown }
  | { readonly result: "refused"; readonly refused: { readonly code: RefusalCode; readonly reason: string } };

export interface PendingCall {
  readonly callId: string;
  readonly tool: string;
  readonly canonical?: string;
  readonly input: unknown;
  readonly openedAt: number;
  /** Epoch ms at which hmux denies on its own; strictly before the harness's own deadline. */
  readonly deadlineAt: number | null;
  /** What an allow with scope session would make a rule of, or why none is offered (absent: nobody asked). */
  readonly always?: AlwaysOffer;
  /** A path tool's narrower offer, an allow with scope path: this one path only (absent: not a path tool, or no rule). */
  readonly alwaysPath?: { readonly allows: string };
}

export type Disposition =
  | { readonly disposition: "started" }
  | { readonly disposition: "rejected"; readonly reason: "closed" | "no-open-question" | "write-failed" | string };

/** Events a session adds around the harness's own HarnessEvents. */
export type ControlEvent =
  | {
      readonly kind: "session";
      readonly sessionId: string;
      readonly harness: HarnessName;
      readonly origin: "fresh" | "resumed";
      readonly escalateQuestions: boolean;
    }
  | { readonly kind: "turn"; readonly turnId: string; readonly id: string | null }
  | ({ readonly kind: "disposition"; readonly id: string } & Disposition)
  | { readonly kind: "state"; readonly from: Lifecycle; readonly to: Lifecycle; readonly reason?: string }
  | { readonly kind: "approval-request"; readonly call: PendingCall }
  /** A session rule made (by the decider of the allow that carried scope) or revoked. */
  | { readonly kind: "rule"; readonly change: "added" | "revoked"; readonly rule: AllowRule; readonly by: Decider }
  /** `decision` is the decider's verdict; `sent` says what reached the harness when that differs (an abstain sent as a deny). */
  | {
      readonly kind: "approval-disposition";
      readonly callId: string;
      readonly decision: Decision;
      readonly decider: Decider;
      /** Which client the person or program decided from (`hmux decide`, a TUI and its host), as that client named itself. */
      readonly via?: string;
      /** The session rule that decided (decider `rule:<id>`), with its text: what it allows. */
      readonly rule?: { readonly id: string; readonly allows: string };
      /** Why the policy decided as it did (decider `policy`): the classifier's words. */
      readonly basis?: string;
      readonly status: "sent" | "rejected";
      readonly reason?: string;
      readonly sent?: "allow" | "deny" | "replace" | "ask" | "silent";
    }
  | {
      readonly kind: "approval-cleared";
      readonly callId: string;
      /** lost: the server holding the call died before anyone decided; a restoring server says so. */
      readonly reason: "native-resolved" | "turn-ended" | "process-ended" | "channel-failed" | "decided" | "lost";
    }
  | { readonly kind: "command.result"; readonly id: string | null; readonly outcome: CommandOutcome }
  /** A named condition worth a code to match on (PENDING_CALL_ABANDONED, NO_FRAME_IN_FORCE, REQUEST_MUTATED …). */
  | { readonly kind: "warning"; readonly code: string; readonly message: string }
  | {
      readonly kind: "closed";
      readonly exitCode: number | null;
      readonly cause: "clean" | "limit" | "crash" | "stall" | "killed" | "failed";
      readonly failure?: FailureSummary;
    };

export type SessionEvent = HarnessEvent | ControlEvent;

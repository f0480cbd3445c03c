/**
 * What one contestant's event stream says about its turn: tokens, cost, tool calls, approvals,
 * run-time divergences and how it ended. A pure fold, fed the same events whether they come from a
 * headless turn (`hmux race`) or a session (the TUI's race), so both scorecards count alike.
 *
 * Approvals: a session reports each call hmux held (`approval-request`) and its verdict
 * (`approval-disposition`); a headless turn has nobody to ask, so a call the harness's own
 * permission system refused (a tool result marked `denied`) was an ask that was denied.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { UsageEvent } from "../core/events.js";
import { allInputTokens } from "../core/usage/input-tokens.js";
import { spentTokens } from "../core/usage/price-usage.js";
import type { DivergenceScore } from "./scorecard-schema.js";

export interface Tally {
  /** Every input token (full rate, cache reads, cache writes); null when none was reported. */
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly cachedInputTokens: number | null;
  /** null when none was reported, or when a record had no price (then `costUnknown`). */
  readonly costUsd: number | null;
  /** A usage record spent tokens on a model without a price: the cost is unknown, not low. */
  readonly costUnknown: boolean;
  readonly toolCalls: number;
  readonly approvalsAsked: number;
  readonly approvalsDenied: number;
  /** Of those, the ones a person denied (in a TUI race's pane): the gate did not. */
  readonly approvalsDeniedByPerson: number;
  /** Call ids hmux held for a decision (so a denied result for one is not counted twice). */
  readonly heldCalls: readonly string[];
  readonly divergences: readonly DivergenceScore[];
  readonly done: {
    readonly cause: string;
    readonly exitCode: number | null;
    readonly failure?: { readonly class: string; readonly message: string };
  } | null;
}

export const EMPTY_TALLY: Tally = {
  inputTokens: null,
  outputTokens: null,
  cachedInputTokens: null,
  costUsd: null,
  costUnknown: false,
  toolCalls: 0,
  approvalsAsked: 0,
  approvalsDenied: 0,
  approvalsDeniedByPerson: 0,
  heldCalls: [],
  divergences: [],
  done: null,
};

const add = (a: number | null, b: number | undefined): number | null => (b === undefined ? a : (a ?? 0) + b);
const reportsInput = (u: UsageEvent): boolean =>
  u.inputTokens !== undefined || u.cachedInputTokens !== undefined || u.cacheWriteTokens !== undefined;

/**
 * Each usage event is one turn's (or one step's) own figures, so a turn's total is their sum. The
 * events come priced (a session's by the server, a headless turn's by the runner: core/usage).
 */
export function tallyEvent(t: Tally, event: SessionEvent): Tally {
  switch (event.kind) {
    case "usage":
      return {
        ...t,
        // Every input token, cached or not, as every view counts "tokens in" (core/usage/input-tokens.ts).
        inputTokens: add(t.inputTokens, reportsInput(event) ? allInputTokens(event) : undefined),
        outputTokens: add(t.outputTokens, event.outputTokens),
        cachedInputTokens: add(t.cachedInputTokens, event.cachedInputTokens),
        costUsd: add(t.costUsd, event.costUsd),
        costUnknown: t.costUnknown || (event.costUsd === undefined && spentTokens(event) > 0),
      };
    case "tool":
      if (event.phase === "call") return { ...t, toolCalls: t.toolCalls + 1 };
      if (event.denied && !(event.callId !== null && t.heldCalls.includes(event.callId)))
        return { ...t, approvalsAsked: t.approvalsAsked + 1, approvalsDenied: t.approvalsDenied + 1 };
      return t;
    case "approval-request":
      return { ...t, approvalsAsked: t.approvalsAsked + 1, heldCalls: [...t.heldCalls, event.call.callId] };
    case "approval-disposition": {
      const denied = (event.sent ?? event.decision.decision) === "deny";
      if (event.status !== "sent" || !denied) return t;
      const byPerson = event.decider === "person" ? 1 : 0;
      return {
        ...t,
        approvalsDenied: t.approvalsDenied + 1,
        approvalsDeniedByPerson: t.approvalsDeniedByPerson + byPerson,
      };
    }
    case "divergence":
      // A harness may say the same thing again (codex warns of its sandbox at each start, on stderr and as a
      // warning, in different words): the same setting asked the same way diverging is one fact.
      if (t.divergences.some((d) => d.key === event.key && d.asked === event.asked && d.when === "run")) return t;
      return {
        ...t,
        divergences: [...t.divergences, { key: event.key, asked: event.asked, when: "run", reason: event.notice }],
      };
    case "done":
    case "closed":
      // A session's turns each end in a `done`; the last one standing is the contestant's outcome.
      if (event.kind === "closed" && t.done !== null) return t;
      return {
        ...t,
        done: {
          cause: event.cause,
          exitCode: event.exitCode,
          ...(event.failure ? { failure: { class: event.failure.class, message: event.failure.message } } : {}),
        },
      };
    default:
      return t;
  }
}

export function tallyEvents(events: Iterable<SessionEvent>): Tally {
  let t = EMPTY_TALLY;
  for (const e of events) t = tallyEvent(t, e);
  return t;
}

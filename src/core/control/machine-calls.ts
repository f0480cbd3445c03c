/**
 * Tool calls in the control machine: opening one (and who decides it), deciding one exactly
 * once, expiring deadlines, and abandoning pending calls before an interrupt, halt or close.
 */

import { alwaysOffer, ruleOffer } from "./allow-rules.js";
import { canonicalJson } from "./canonical-json.js";
import { facetValues } from "./capabilities.js";
import { deadlineReason, hmuxDeadlineMs } from "./deadline.js";
import { type Emission, emissionFor } from "./emission.js";
import type { Classified, Frame, PendingCallState, SentDecision, ToolCallAsk } from "./machine-types.js";
import { classifyCall } from "./policy.js";
import { isTerminal, type StepBuilder } from "./step-builder.js";
import type { Decider, Decision } from "./types.js";

export function callDigest(tool: string, input: unknown): string {
  return canonicalJson({ tool, input });
}

export type DecideOutcome =
  | { readonly ok: true; readonly sent: SentDecision; readonly reasonReachesModel: boolean }
  | { readonly ok: false; readonly reason: string };

/** What a decision's record says beside its decider: the client it came through, the policy's words. */
export interface DecisionContext {
  readonly via?: string;
  readonly basis?: string;
}

/**
 * Decides a pending call once: the verdict passes through the emission principle, the answer is
 * delivered, the call is settled. A verdict the channel cannot carry is refused and the call
 * stays pending (so another decision, or the deadline, can still answer it). This is where every
 * decision is made, so its record (the approval-disposition the journal keeps and `hmux audit`
 * reads) says here who made it: the decider, the client it came through, and for a rule the
 * rule's own text.
 */
export function decidePending(
  b: StepBuilder,
  callId: string,
  verdict: Decision,
  decider: Decider,
  why = "decided",
  context: DecisionContext = {},
): DecideOutcome {
  const call = b.state.pending.find((c) => c.callId === callId);
  if (!call) return { ok: false, reason: `${callId} is not pending` };
  const caps = b.state.config.channel;
  const emission = emissionFor(call.classification, verdict, facetValues(caps.facets), {
    channel: `${caps.harness} ${caps.id}`,
    decider,
  });
  if (emission.kind === "refuse") return { ok: false, reason: emission.reason };
  const sent = sentOf(emission);
  for (const ref of [call.ref, ...(call.alsoRefs ?? [])]) {
    b.effect({ type: "deliver-decision", callId, ref, decision: sent, verdict, decider });
  }
  b.settle(callId, {
    outcome: "decided",
    decision: verdict,
    decider,
    why,
    sent,
    ...(context.via !== undefined ? { via: context.via } : {}),
  });
  b.count(verdict, decider);
  const rule = decider.startsWith("rule:") ? b.state.rules.find((r) => `rule:${r.id}` === decider) : undefined;
  const reason =
    verdict.decision === "deny"
      ? verdict.reason
      : sent.decision === "deny" || sent.decision === "ask"
        ? sent.reason
        : undefined;
  b.emit({
    kind: "approval-disposition",
    callId,
    decision: verdict,
    decider,
    ...(context.via !== undefined ? { via: context.via } : {}),
    ...(rule ? { rule: { id: rule.id, allows: rule.allows } } : {}),
    ...(context.basis !== undefined ? { basis: context.basis } : {}),
    status: "sent",
    ...(reason !== undefined ? { reason } : {}),
    ...(sent.decision !== verdict.decision ? { sent: sent.decision } : {}),
  });
  b.emit({ kind: "approval-cleared", callId, reason: "decided" });
  b.settleTurnLifecycle();
  return { ok: true, sent, reasonReachesModel: sent.decision !== "deny" || caps.facets.denyReason.value };
}

function sentOf(emission: Extract<Emission, { kind: "emit" }>): SentDecision {
  switch (emission.shape) {
    case "allow":
      return { decision: "allow" };
    case "deny":
      return { decision: "deny", reason: emission.reason };
    case "replace":
      return { decision: "replace", input: emission.input };
    case "ask":
      return { decision: "ask", reason: emission.reason };
    case "silent":
      return { decision: "silent" };
  }
}

/** A pending call that can be neither answered nor held: recorded as cleared, with why. */
function clearUndeliverable(b: StepBuilder, callId: string, why: string): void {
  b.settle(callId, { outcome: "cleared", why: "undeliverable" });
  b.warn("UNDELIVERABLE", `${callId}: ${why}`);
  b.emit({ kind: "approval-cleared", callId, reason: "channel-failed" });
  b.settleTurnLifecycle();
}

/** Denies a call now (hmux, deadline, policy …); clears it when the channel cannot even deny. */
export function denyNow(b: StepBuilder, callId: string, reason: string, decider: Decider, why: string): void {
  const outcome = decidePending(b, callId, { decision: "deny", reason }, decider, why);
  if (!outcome.ok) clearUndeliverable(b, callId, outcome.reason);
}

/** Every pending call whose deadline has passed is denied by hmux's own deadline, oldest first. */
export function expireDeadlines(b: StepBuilder): void {
  for (const call of [...b.state.pending]) {
    if (call.deadlineAt === null || call.deadlineAt > b.now) continue;
    denyNow(b, call.callId, deadlineReason(call.budgetMs ?? 0, call.harnessTimeoutMs), "deadline", "deadline");
  }
}

/** Before an interrupt, halt or close reaches the harness: every pending call is denied, with why. */
export function abandonPending(b: StepBuilder, what: "interrupted" | "halted" | "closed", cause: string): void {
  for (const call of [...b.state.pending]) {
    denyNow(
      b,
      call.callId,
      `the session was ${what} (${cause}) before this call was decided, so nothing ran`,
      "hmux",
      what,
    );
    b.warn("PENDING_CALL_ABANDONED", `${call.callId} was never decided: the session was ${what}`);
  }
}

/** Calls the harness itself no longer waits on (turn ended, process gone): cleared, nothing delivered. */
export function clearAllPending(b: StepBuilder, reason: "turn-ended" | "process-ended", warn: boolean): void {
  for (const call of [...b.state.pending]) {
    b.settle(call.callId, { outcome: "cleared", why: reason });
    b.emit({ kind: "approval-cleared", callId: call.callId, reason });
    if (warn)
      b.warn(
        "PENDING_CALL_ABANDONED",
        `${call.callId} was never decided: ${reason === "turn-ended" ? "the turn ended" : "the harness process ended"}`,
      );
  }
}

export function frameAdmits(frame: Frame, tool: string, canonical: string | undefined): boolean {
  return frame.admits.includes(tool) || (canonical !== undefined && frame.admits.includes(canonical));
}

function frameDeny(frame: Frame, tool: string, canonical: string | undefined): string {
  const what = canonical !== undefined && canonical !== tool ? `${tool} is ${canonical}` : `${tool} is a tool`;
  return `this step admits ${JSON.stringify(frame.admits)} and ${what}, which it does not; a refusal is the answer, not an obstacle`;
}

/** A harness asks for a decision on a call: record it, then decide now or hold it for a decider. */
export function openCall(b: StepBuilder, ask: ToolCallAsk): void {
  const { config } = b.state;
  const digest = callDigest(ask.tool, ask.input);
  const ref = ask.ref ?? null;
  const existing = b.state.pending.find((c) => c.callId === ask.callId);
  const settled = b.state.settled.get(ask.callId);
  if (existing || settled) return representCall(b, ask, digest, ref);

  const classified = classifyAsk(b, ask);
  const harnessTimeoutMs = ask.harnessTimeoutMs !== undefined ? ask.harnessTimeoutMs : config.harnessTimeoutMs;
  const budgetMs = hmuxDeadlineMs(harnessTimeoutMs, config.decisionBudgetMs);
  const closing = b.state.lifecycle === "closing";
  // Decided without asking anybody: no deadline is armed, and the request says so (deadlineAt null).
  const immediate = closing ? null : immediateVerdict(b, ask, classified);
  // A call that waits for a decider says what "allow always" would allow before anyone answers it.
  const always =
    immediate || closing || config.workspace === undefined
      ? undefined
      : alwaysOffer(ruleOffer(ask, "session", config.workspace));
  // A path tool's call is offered its one path too, beside the directory scope session gives it.
  const pathOffer = always === undefined ? undefined : ruleOffer(ask, "path", config.workspace);
  const call: PendingCallState = {
    callId: ask.callId,
    tool: ask.tool,
    ...(ask.canonical !== undefined ? { canonical: ask.canonical } : {}),
    input: ask.input,
    openedAt: b.now,
    deadlineAt: immediate || closing ? null : b.now + budgetMs,
    ref,
    digest,
    classification: classified.classification,
    harnessTimeoutMs,
    budgetMs,
    // Kept on the pending call too, so the server's inbox shows the offer as the approval does.
    ...(always ? { always } : {}),
    ...(pathOffer?.ok ? { alwaysPath: { allows: pathOffer.allows } } : {}),
  };
  b.addPending(call);
  if (b.state.lifecycle === "idle" || b.state.lifecycle === "starting" || b.state.lifecycle === "awaiting-input") {
    b.moveTo("running", "a tool call arrived outside a reported turn");
  }
  b.emit({
    kind: "approval-request",
    call: {
      callId: call.callId,
      tool: call.tool,
      ...(call.canonical !== undefined ? { canonical: call.canonical } : {}),
      input: call.input,
      openedAt: call.openedAt,
      deadlineAt: call.deadlineAt,
      ...(always ? { always } : {}),
      ...(pathOffer?.ok ? { alwaysPath: { allows: pathOffer.allows } } : {}),
    },
  });
  if (closing) {
    denyNow(b, call.callId, "the session is closing, so no new call runs", "hmux", "closing");
    return;
  }
  if (immediate) {
    const outcome = decidePending(
      b,
      call.callId,
      immediate.verdict,
      immediate.decider,
      "decided",
      immediate.basis !== undefined ? { basis: immediate.basis } : {},
    );
    if (outcome.ok) return;
    // Held instead: a decider or hmux's own deadline answers it.
    b.warn("UNDELIVERABLE", `${call.callId}: ${outcome.reason}; held for a decision or hmux's deadline`);
    b.patch({
      pending: b.state.pending.map((c) => (c.callId === call.callId ? { ...c, deadlineAt: b.now + budgetMs } : c)),
    });
  }
  b.effect({ type: "arm-deadline", callId: call.callId, at: b.now + budgetMs });
  b.settleTurnLifecycle();
}

/**
 * A call reported before the harness's own permission check (it may never ask about it): the
 * frame in force is enforced here, through openCall, so a call it does not admit gets the same
 * request, frame deny and clearing as one the harness asked about. Anything else continues.
 */
export function preToolCheck(b: StepBuilder, call: ToolCallAsk): void {
  const ref = call.ref ?? null;
  if (isTerminal(b.state.lifecycle)) {
    const sent = { decision: "deny", reason: `the session is ${b.state.lifecycle}, so no new call runs` } as const;
    b.effect({
      type: "deliver-decision",
      callId: call.callId,
      ref,
      decision: sent,
      verdict: sent,
      decider: "hmux",
    });
    return;
  }
  const inForce = b.state.mode === "observe" ? null : b.state.frame.inForce;
  if (inForce && !frameAdmits(inForce, call.tool, call.canonical)) return openCall(b, call);
  b.effect({ type: "continue-call", callId: call.callId, ref });
}

/** Who decides without asking: the frame, observe mode, or the policy (safe, or headless gated). */
function immediateVerdict(
  b: StepBuilder,
  call: ToolCallAsk,
  classified: Classified,
): { verdict: Decision; decider: Decider; basis?: string } | null {
  const { mode, frame, config } = b.state;
  if (mode === "observe") return { verdict: { decision: "allow" }, decider: "observe" };
  const inForce = frame.inForce;
  if (inForce && !frameAdmits(inForce, call.tool, call.canonical)) {
    return { verdict: { decision: "deny", reason: frameDeny(inForce, call.tool, call.canonical) }, decider: "frame" };
  }
  if (mode === "frame") {
    if (inForce) return { verdict: { decision: "allow" }, decider: "frame" };
    if (!b.state.warnedOnce.includes("NO_FRAME_IN_FORCE")) {
      b.warn(
        "NO_FRAME_IN_FORCE",
        "frame mode with no frame in force: calls are abstained on, not claimed to be decided by a frame",
      );
      b.patch({ warnedOnce: [...b.state.warnedOnce, "NO_FRAME_IN_FORCE"] });
    }
    return { verdict: { decision: "abstain" }, decider: "hmux" };
  }
  if (classified.classification === "safe")
    return {
      verdict: { decision: "allow" },
      decider: classified.rule !== undefined ? `rule:${classified.rule}` : "policy",
      basis: classified.why,
    };
  if (config.headless) {
    const head =
      config.headlessDenyReason ??
      "hmux policy: this operation is not on the allowlist and nobody is available to approve it";
    return {
      verdict: { decision: "deny", reason: `${head} (${classified.why})` },
      decider: "policy",
      basis: classified.why,
    };
  }
  return null;
}

/** The policy's verdict on a call with the session's rules in force; with no policy, only a rule can make it safe. */
export function classifyAsk(
  b: StepBuilder,
  ask: { readonly tool: string; readonly canonical?: string; readonly input: unknown },
): Classified {
  const { config, rules } = b.state;
  if (config.classify) return config.classify(ask, rules);
  if (config.workspace !== undefined && rules.length > 0) return classifyCall(undefined, config.workspace, ask, rules);
  return { classification: "gated", why: "no policy classifies calls safe" };
}

/** The same call id again: recorded twice, decided once; with a different input, never carried over. */
function representCall(b: StepBuilder, ask: ToolCallAsk, digest: string, ref: string | number | null): void {
  const existing = b.state.pending.find((c) => c.callId === ask.callId);
  const settled = b.state.settled.get(ask.callId);
  const caps = b.state.config.channel;
  const deliver = (sent: SentDecision, verdict: Decision) =>
    b.effect({
      type: "deliver-decision",
      callId: ask.callId,
      ref,
      decision: sent,
      verdict,
      decider: "hmux",
    });
  const deny = (reason: string, code: string) => {
    b.warn(code, `${ask.callId}: ${reason}`);
    const sent = { decision: "deny", reason } as const;
    if (caps.facets.deny.value) deliver(sent, sent);
  };
  if ((existing?.digest ?? settled?.digest) !== digest) {
    deny(
      "this call id was already presented with a different input; a decision is never carried over to a changed request",
      "REQUEST_MUTATED",
    );
    return;
  }
  if (existing) {
    b.warn("CALL_PRESENTED_TWICE", `${ask.callId} was presented again with the same input; it will be decided once`);
    if (ref !== existing.ref && !(existing.alsoRefs ?? []).includes(ref)) {
      const updated = { ...existing, alsoRefs: [...(existing.alsoRefs ?? []), ref] };
      b.patch({ pending: b.state.pending.map((c) => (c.callId === ask.callId ? updated : c)) });
    }
    return;
  }
  const answeredRefs = settled?.outcome === "decided" ? [settled.call.ref, ...(settled.call.alsoRefs ?? [])] : [];
  if (settled && answeredRefs.includes(ref)) {
    b.warn(
      "CALL_PRESENTED_TWICE",
      `${ask.callId} was presented again under a request already answered; nothing more is sent`,
    );
    return;
  }
  if (settled?.outcome === "decided" && settled.sent && settled.decision) {
    b.warn(
      "CALL_PRESENTED_TWICE",
      `${ask.callId} was presented again after it was decided; the same answer is sent again`,
    );
    deliver(settled.sent, settled.decision);
    return;
  }
  deny(
    `this call's window already closed (${settled?.why ?? "settled"}); a decision cannot be replayed`,
    "CALL_REPLAYED",
  );
}

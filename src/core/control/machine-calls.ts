/**
 * Tool calls in the control machine: opening one (and who decides it), deciding one exactly
 * once, expiring deadlines, and abandoning pending calls before an interrupt, halt or close.
 */

import { canonicalJson } from "./canonical-json.js";
import { channelCapabilities, facetValues } from "./capabilities.js";
import { deadlineReason, hmuxDeadlineMs } from "./deadline.js";
import { type Emission, emit } from "./emission.js";
import { type Draft, isTerminal } from "./machine-draft.js";
import type { Classified, Frame, PendingCallState, SentDecision, ToolCallAsk } from "./machine-types.js";
import type { Decider, Decision } from "./types.js";
import { renderWire } from "./wire.js";

export function callDigest(tool: string, input: unknown): string {
  return canonicalJson({ tool, input });
}

export type DecideOutcome =
  | { readonly ok: true; readonly sent: SentDecision; readonly reasonReachesModel: boolean }
  | { readonly ok: false; readonly reason: string };

/**
 * Decides a pending call once: the verdict passes through the emission principle, the answer is
 * delivered, the call is settled. A verdict the channel cannot carry is refused and the call
 * stays pending (so another decision, or the deadline, can still answer it).
 */
export function decidePending(
  d: Draft,
  callId: string,
  verdict: Decision,
  decider: Decider,
  why = "decided",
): DecideOutcome {
  const call = d.state.pending.find((c) => c.callId === callId);
  if (!call) return { ok: false, reason: `${callId} is not pending` };
  const caps = channelCapabilities(d.state.config.channel);
  const emission = emit(call.classification, verdict, facetValues(caps.facets), {
    channel: `${caps.harness} ${caps.id}`,
    decider,
  });
  if (emission.kind === "refuse") return { ok: false, reason: emission.reason };
  const sent = sentOf(emission);
  const wire = renderWire(caps.id, sent, call.input);
  for (const ref of [call.ref, ...(call.alsoRefs ?? [])]) {
    d.effect({ type: "deliver-decision", callId, ref, decision: sent, verdict, wire, decider });
  }
  d.settle(callId, { outcome: "decided", decision: verdict, decider, why, sent });
  d.count(verdict, decider);
  const reason =
    verdict.decision === "deny"
      ? verdict.reason
      : sent.decision === "deny" || sent.decision === "ask"
        ? sent.reason
        : undefined;
  d.emit({
    kind: "approval-disposition",
    callId,
    decision: verdict,
    decider,
    status: "sent",
    ...(reason !== undefined ? { reason } : {}),
    ...(sent.decision !== verdict.decision ? { sent: sent.decision } : {}),
  });
  d.emit({ kind: "approval-cleared", callId, reason: "decided" });
  d.settleTurnLifecycle();
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
function clearUndeliverable(d: Draft, callId: string, why: string): void {
  d.settle(callId, { outcome: "cleared", why: "undeliverable" });
  d.warn("UNDELIVERABLE", `${callId}: ${why}`);
  d.emit({ kind: "approval-cleared", callId, reason: "channel-failed" });
  d.settleTurnLifecycle();
}

/** Denies a call now (hmux, deadline, policy …); clears it when the channel cannot even deny. */
export function denyNow(d: Draft, callId: string, reason: string, decider: Decider, why: string): void {
  const outcome = decidePending(d, callId, { decision: "deny", reason }, decider, why);
  if (!outcome.ok) clearUndeliverable(d, callId, outcome.reason);
}

/** Every pending call whose deadline has passed is denied by hmux's own deadline, oldest first. */
export function expireDeadlines(d: Draft): void {
  for (const call of [...d.state.pending]) {
    if (call.deadlineAt === null || call.deadlineAt > d.now) continue;
    denyNow(d, call.callId, deadlineReason(call.budgetMs ?? 0, call.harnessTimeoutMs), "deadline", "deadline");
  }
}

/** Before an interrupt, halt or close reaches the harness: every pending call is denied, with why. */
export function abandonPending(d: Draft, what: "interrupted" | "halted" | "closed", cause: string): void {
  for (const call of [...d.state.pending]) {
    denyNow(
      d,
      call.callId,
      `the session was ${what} (${cause}) before this call was decided, so nothing ran`,
      "hmux",
      what,
    );
    d.warn("PENDING_CALL_ABANDONED", `${call.callId} was never decided: the session was ${what}`);
  }
}

/** Calls the harness itself no longer waits on (turn ended, process gone): cleared, nothing delivered. */
export function clearAllPending(d: Draft, reason: "turn-ended" | "process-ended", warn: boolean): void {
  for (const call of [...d.state.pending]) {
    d.settle(call.callId, { outcome: "cleared", why: reason });
    d.emit({ kind: "approval-cleared", callId: call.callId, reason });
    if (warn)
      d.warn(
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
export function openCall(d: Draft, ask: ToolCallAsk): void {
  const { config } = d.state;
  const digest = callDigest(ask.tool, ask.input);
  const ref = ask.ref ?? null;
  const existing = d.state.pending.find((c) => c.callId === ask.callId);
  const settled = d.state.settled.get(ask.callId);
  if (existing || settled) return representCall(d, ask, digest, ref);

  const classified: Classified = config.classify?.(ask) ?? {
    classification: "gated",
    why: "no policy classifies calls safe",
  };
  const harnessTimeoutMs = ask.harnessTimeoutMs !== undefined ? ask.harnessTimeoutMs : config.harnessTimeoutMs;
  const budgetMs = hmuxDeadlineMs(harnessTimeoutMs, config.decisionBudgetMs);
  const closing = d.state.lifecycle === "closing";
  // Decided without asking anybody: no deadline is armed, and the request says so (deadlineAt null).
  const immediate = closing ? null : immediateVerdict(d, ask, classified);
  const call: PendingCallState = {
    callId: ask.callId,
    tool: ask.tool,
    ...(ask.canonical !== undefined ? { canonical: ask.canonical } : {}),
    input: ask.input,
    openedAt: d.now,
    deadlineAt: immediate || closing ? null : d.now + budgetMs,
    ref,
    digest,
    classification: classified.classification,
    harnessTimeoutMs,
    budgetMs,
  };
  d.addPending(call);
  if (d.state.lifecycle === "idle" || d.state.lifecycle === "starting" || d.state.lifecycle === "awaiting-input") {
    d.moveTo("running", "a tool call arrived outside a reported turn");
  }
  d.emit({
    kind: "approval-request",
    call: {
      callId: call.callId,
      tool: call.tool,
      ...(call.canonical !== undefined ? { canonical: call.canonical } : {}),
      input: call.input,
      openedAt: call.openedAt,
      deadlineAt: call.deadlineAt,
    },
  });
  if (closing) {
    denyNow(d, call.callId, "the session is closing, so no new call runs", "hmux", "closing");
    return;
  }
  if (immediate) {
    const outcome = decidePending(d, call.callId, immediate.verdict, immediate.decider);
    if (outcome.ok) return;
    // Held instead: a decider or hmux's own deadline answers it.
    d.warn("UNDELIVERABLE", `${call.callId}: ${outcome.reason}; held for a decision or hmux's deadline`);
    d.patch({
      pending: d.state.pending.map((c) => (c.callId === call.callId ? { ...c, deadlineAt: d.now + budgetMs } : c)),
    });
  }
  d.effect({ type: "arm-deadline", callId: call.callId, at: d.now + budgetMs });
  d.settleTurnLifecycle();
}

/**
 * A call reported before the harness's own permission check (it may never ask about it): the
 * frame in force is enforced here, through openCall, so a call it does not admit gets the same
 * request, frame deny and clearing as one the harness asked about. Anything else continues.
 */
export function preToolCheck(d: Draft, call: ToolCallAsk): void {
  const ref = call.ref ?? null;
  if (isTerminal(d.state.lifecycle)) {
    const sent = { decision: "deny", reason: `the session is ${d.state.lifecycle}, so no new call runs` } as const;
    const caps = channelCapabilities(d.state.config.channel);
    d.effect({
      type: "deliver-decision",
      callId: call.callId,
      ref,
      decision: sent,
      verdict: sent,
      wire: renderWire(caps.id, sent, call.input),
      decider: "hmux",
    });
    return;
  }
  const inForce = d.state.mode === "observe" ? null : d.state.frame.inForce;
  if (inForce && !frameAdmits(inForce, call.tool, call.canonical)) return openCall(d, call);
  d.effect({ type: "continue-call", callId: call.callId, ref });
}

/** Who decides without asking: the frame, observe mode, or the policy (safe, or headless gated). */
function immediateVerdict(
  d: Draft,
  call: ToolCallAsk,
  classified: Classified,
): { verdict: Decision; decider: Decider } | null {
  const { mode, frame, config } = d.state;
  if (mode === "observe") return { verdict: { decision: "allow" }, decider: "observe" };
  const inForce = frame.inForce;
  if (inForce && !frameAdmits(inForce, call.tool, call.canonical)) {
    return { verdict: { decision: "deny", reason: frameDeny(inForce, call.tool, call.canonical) }, decider: "frame" };
  }
  if (mode === "frame") {
    if (inForce) return { verdict: { decision: "allow" }, decider: "frame" };
    if (!d.state.warnedOnce.includes("NO_FRAME_IN_FORCE")) {
      d.warn(
        "NO_FRAME_IN_FORCE",
        "frame mode with no frame in force: calls are abstained on, not claimed to be decided by a frame",
      );
      d.patch({ warnedOnce: [...d.state.warnedOnce, "NO_FRAME_IN_FORCE"] });
    }
    return { verdict: { decision: "abstain" }, decider: "hmux" };
  }
  if (classified.classification === "safe") return { verdict: { decision: "allow" }, decider: "policy" };
  if (config.headless) {
    const head =
      config.headlessDenyReason ??
      "hmux policy: this operation is not on the allowlist and nobody is available to approve it";
    return { verdict: { decision: "deny", reason: `${head} (${classified.why})` }, decider: "policy" };
  }
  return null;
}

/** The same call id again: recorded twice, decided once; with a different input, never carried over. */
function representCall(d: Draft, ask: ToolCallAsk, digest: string, ref: string | number | null): void {
  const existing = d.state.pending.find((c) => c.callId === ask.callId);
  const settled = d.state.settled.get(ask.callId);
  const caps = channelCapabilities(d.state.config.channel);
  const deliver = (sent: SentDecision, verdict: Decision) =>
    d.effect({
      type: "deliver-decision",
      callId: ask.callId,
      ref,
      decision: sent,
      verdict,
      wire: renderWire(caps.id, sent, ask.input),
      decider: "hmux",
    });
  const deny = (reason: string, code: string) => {
    d.warn(code, `${ask.callId}: ${reason}`);
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
    d.warn("CALL_PRESENTED_TWICE", `${ask.callId} was presented again with the same input; it will be decided once`);
    if (ref !== existing.ref && !(existing.alsoRefs ?? []).includes(ref)) {
      const updated = { ...existing, alsoRefs: [...(existing.alsoRefs ?? []), ref] };
      d.patch({ pending: d.state.pending.map((c) => (c.callId === ask.callId ? updated : c)) });
    }
    return;
  }
  const answeredRefs = settled?.outcome === "decided" ? [settled.call.ref, ...(settled.call.alsoRefs ?? [])] : [];
  if (settled && answeredRefs.includes(ref)) {
    d.warn(
      "CALL_PRESENTED_TWICE",
      `${ask.callId} was presented again under a request already answered; nothing more is sent`,
    );
    return;
  }
  if (settled?.outcome === "decided" && settled.sent && settled.decision) {
    d.warn(
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

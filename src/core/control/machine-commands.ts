/**
 * metaharness.command/1 in the control machine. Every command line gets exactly one
 * command.result. Checks run in this order, because telling a caller "unsupported" about an
 * input they got wrong sends them to the wrong fix:
 *   MALFORMED → duplicate id → UNSUPPORTED_CONTROL → closed session (TOO_LATE) → the handler
 *   (UNKNOWN_CALL, TOO_LATE, SHADOWED, …).
 */

import { type AllowRule, type RuleOffer, ruleOffer } from "./allow-rules.js";
import { delivers, whyNot } from "./capabilities.js";
import { type ParsedCommand, parseCommandLine, parseCommandValue } from "./command-schema.js";
import { abandonPending, classifyAsk, decidePending, expireDeadlines } from "./machine-calls.js";
import { decideEnding, injectNow, stageFrame } from "./machine-turns.js";
import type { ControlCommand } from "./machine-types.js";
import { isTerminal, type StepBuilder } from "./step-builder.js";
import type { CommandOutcome, Decider } from "./types.js";

const ok = (extra: Record<string, unknown> = {}): CommandOutcome => ({ result: "ok", applies_at: null, ...extra });

/** `via`: which client the decider spoke through (recorded on the decision it makes). */
export function commandLine(b: StepBuilder, line: string, decider: Decider, via?: string): void {
  handleParsed(b, parseCommandLine(line, b.state.config.maxLineBytes), decider, via);
}

export function commandValue(b: StepBuilder, value: unknown, decider: Decider, via?: string): void {
  handleParsed(b, parseCommandValue(value), decider, via);
}

function handleParsed(b: StepBuilder, parsed: ParsedCommand, decider: Decider, via: string | undefined): void {
  if (!parsed.ok) {
    b.refuse(parsed.id, "MALFORMED", parsed.reason);
    return;
  }
  const { command, content } = parsed;
  const seen = b.state.answered.get(command.id);
  if (seen) {
    if (seen.content === content) b.result(command.id, seen.outcome);
    else
      b.refuse(
        command.id,
        "MALFORMED",
        `id ${command.id} was already used for a different command; a command id names one command`,
      );
    return;
  }
  const outcome = run(b, command, decider, via);
  b.patch({ answered: b.state.answered.with(command.id, { content, outcome }) });
}

function run(b: StepBuilder, command: ControlCommand, decider: Decider, via: string | undefined): CommandOutcome {
  if (command.command === "rule.revoke") return ruleRevoke(b, command, decider);
  const caps = b.state.config.channel;
  if (!delivers(caps, command.command))
    return b.refuse(command.id, "UNSUPPORTED_CONTROL", whyNot(caps, command.command));
  if (isTerminal(b.state.lifecycle))
    return b.refuse(command.id, "TOO_LATE", `the session is ${b.state.lifecycle}; nothing can be delivered to it`);
  switch (command.command) {
    case "tool.decide":
      return toolDecide(b, command, decider, via);
    case "frame.set":
      return frameSet(b, command);
    case "message.inject":
      return messageInject(b, command);
    case "steer":
      return steer(b, command);
    case "permission.set":
      return permissionSet(b, command);
    case "interrupt":
      return interrupt(b, command);
    case "halt":
      return halt(b, command);
  }
}

function toolDecide(
  b: StepBuilder,
  c: Extract<ControlCommand, { command: "tool.decide" }>,
  decider: Decider,
  via: string | undefined,
): CommandOutcome {
  expireDeadlines(b);
  const pending = b.state.pending.find((p) => p.callId === c.callId);
  if (!pending) {
    const settled = b.state.settled.get(c.callId);
    if (!settled)
      return b.refuse(c.id, "UNKNOWN_CALL", `${c.callId} does not correlate to an open request in this session`);
    const why =
      settled.outcome === "decided"
        ? settled.why === "deadline"
          ? "hmux's own deadline already denied it"
          : `it was already decided by ${settled.decider ?? "someone"}${settled.via !== undefined ? ` (${settled.via})` : ""}`
        : `its window closed (${settled.why})`;
    return b.refuse(c.id, "TOO_LATE", `${c.callId}: ${why}; a decision cannot be replayed`);
  }
  // A rule that cannot be made refuses the whole decision: the call stays pending, nothing runs on a guess.
  const offer = c.scope !== undefined ? ruleOffer(pending, c.scope, b.state.config.workspace) : null;
  if (offer && !offer.ok)
    return b.refuse(c.id, "UNSUPPORTED_CONTROL", `no ${c.scope} rule can be made for ${c.callId}: ${offer.why}`);
  const outcome = decidePending(b, c.callId, c.decision, decider, "decided", via !== undefined ? { via } : {});
  if (!outcome.ok) return b.refuse(c.id, "UNSUPPORTED_CONTROL", outcome.reason);
  const extra: Record<string, unknown> = {};
  if (offer?.ok) extra.rule = addRule(b, offer, decider).id;
  if (outcome.sent.decision !== c.decision.decision) extra.sent = outcome.sent.decision;
  if (!outcome.reasonReachesModel) extra.reason_reaches_model = false;
  const result = ok(extra);
  b.result(c.id, result);
  return result;
}

/** Makes a session rule, says so, and lets it answer the calls already waiting that it covers. */
function addRule(b: StepBuilder, offer: Extract<RuleOffer, { ok: true }>, decider: Decider): AllowRule {
  const made = b.state.rulesMade + 1;
  const rule: AllowRule = { id: `r${made}`, tool: offer.tool, match: offer.match, allows: offer.allows };
  b.patch({ rules: [...b.state.rules, rule], rulesMade: made });
  b.emit({ kind: "rule", change: "added", rule, by: decider });
  for (const call of [...b.state.pending]) {
    const classified = classifyAsk(b, call);
    if (classified.classification === "safe" && classified.rule !== undefined)
      decidePending(b, call.callId, { decision: "allow" }, `rule:${classified.rule}`);
  }
  return rule;
}

function ruleRevoke(
  b: StepBuilder,
  c: Extract<ControlCommand, { command: "rule.revoke" }>,
  decider: Decider,
): CommandOutcome {
  if (isTerminal(b.state.lifecycle))
    return b.refuse(c.id, "TOO_LATE", `the session is ${b.state.lifecycle}; its rules ended with it`);
  const rule = b.state.rules.find((r) => r.id === c.ruleId);
  if (!rule) {
    const known = b.state.rules.map((r) => r.id);
    return b.refuse(
      c.id,
      "MALFORMED",
      `this session has no rule ${c.ruleId} in force (${known.length ? `rules: ${known.join(", ")}` : "it has none"})`,
    );
  }
  b.patch({ rules: b.state.rules.filter((r) => r.id !== rule.id) });
  b.emit({ kind: "rule", change: "revoked", rule, by: decider });
  const result = ok();
  b.result(c.id, result);
  return result;
}

function frameSet(b: StepBuilder, c: Extract<ControlCommand, { command: "frame.set" }>): CommandOutcome {
  if (b.state.mode === "observe") {
    return b.refuse(
      c.id,
      "SHADOWED",
      "observe mode allows every call, so a frame would claim enforcement that observe silently overrides",
    );
  }
  stageFrame(b, c.frame);
  const result = ok({ applies_at: "the next turn or step boundary" });
  b.result(c.id, result);
  return result;
}

function messageInject(b: StepBuilder, c: Extract<ControlCommand, { command: "message.inject" }>): CommandOutcome {
  // After close no turn starts again, so a queued message would be dropped after an ok.
  if (b.state.lifecycle === "closing")
    return b.refuse(c.id, "TOO_LATE", "the session is closing: no later turn will carry this message");
  const turnOpen =
    b.state.turn !== null || b.state.lifecycle === "running" || b.state.lifecycle === "awaiting-approval";
  if (turnOpen) {
    b.patch({ queuedInjections: [...b.state.queuedInjections, c.text] });
    const result = ok({ applies_at: "the next turn boundary" });
    b.result(c.id, result);
    return result;
  }
  injectNow(b, c.text);
  const result = ok();
  b.result(c.id, result);
  return result;
}

function steer(b: StepBuilder, c: Extract<ControlCommand, { command: "steer" }>): CommandOutcome {
  const l = b.state.lifecycle;
  if (l !== "running" && l !== "awaiting-approval")
    return b.refuse(c.id, "TOO_LATE", "no turn is running to steer; send it as message.inject instead");
  b.effect({ type: "deliver-message", mode: "steer", text: c.text });
  const result = ok();
  b.result(c.id, result);
  return result;
}

function permissionSet(b: StepBuilder, c: Extract<ControlCommand, { command: "permission.set" }>): CommandOutcome {
  const caps = b.state.config.channel;
  if (!caps.postures.includes(c.posture)) {
    return b.refuse(
      c.id,
      "MALFORMED",
      `${JSON.stringify(c.posture)} is not a ${caps.harness} permission posture; the vendor's words are ${caps.postures.join(", ")}`,
    );
  }
  if (caps.shadowingPostures.includes(c.posture) && b.state.mode !== "observe") {
    return b.refuse(
      c.id,
      "SHADOWED",
      `${caps.harness} under ${c.posture} runs or refuses calls without asking, so hmux's ${b.state.mode}-mode check would be silently pre-empted`,
    );
  }
  b.patch({ posture: c.posture });
  b.effect({ type: "deliver-permission", posture: c.posture });
  const result = ok();
  b.result(c.id, result);
  return result;
}

function interrupt(b: StepBuilder, c: Extract<ControlCommand, { command: "interrupt" }>): CommandOutcome {
  const l = b.state.lifecycle;
  if (l !== "running" && l !== "awaiting-approval" && l !== "starting") {
    return b.refuse(c.id, "TOO_LATE", `no turn is running to interrupt (the session is ${l})`);
  }
  abandonPending(b, "interrupted", c.reason);
  const turn = b.state.turn;
  if (turn) b.patch({ turn: { ...turn, interrupted: true } });
  b.effect({ type: "deliver-interrupt", reason: c.reason });
  const result = ok();
  b.result(c.id, result);
  return result;
}

function halt(b: StepBuilder, c: Extract<ControlCommand, { command: "halt" }>): CommandOutcome {
  // Also while closing: a close that does not finish must still have a way out.
  abandonPending(b, "halted", c.reason);
  decideEnding(b, { cause: "killed" });
  b.effect({ type: "deliver-halt", reason: c.reason });
  b.moveTo("closing", `halted: ${c.reason}`);
  const result = ok();
  b.result(c.id, result);
  return result;
}

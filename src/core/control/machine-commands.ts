/**
 * metaharness.command/1 in the control machine. Every command line gets exactly one
 * command.result. Checks run in this order, because telling a caller "unsupported" about an
 * input they got wrong sends them to the wrong fix:
 *   MALFORMED → duplicate id → UNSUPPORTED_CONTROL → closed session (TOO_LATE) → the handler
 *   (UNKNOWN_CALL, TOO_LATE, SHADOWED, …).
 */
import { channelCapabilities, delivers, whyNot } from "./capabilities.js";
import { type ParsedCommand, parseCommandLine, parseCommandValue } from "./command-schema.js";
import { abandonPending, decidePending, expireDeadlines } from "./machine-calls.js";
import { type Draft, isTerminal } from "./machine-draft.js";
import type { ControlCommand } from "./machine-types.js";
import type { CommandOutcome, Decider } from "./types.js";

const ok = (extra: Record<string, unknown> = {}): CommandOutcome => ({ result: "ok", applies_at: null, ...extra });

export function commandLine(d: Draft, line: string, decider: Decider): void {
  handleParsed(d, parseCommandLine(line, d.state.config.maxLineBytes), decider);
}

export function commandValue(d: Draft, value: unknown, decider: Decider): void {
  handleParsed(d, parseCommandValue(value), decider);
}

function handleParsed(d: Draft, parsed: ParsedCommand, decider: Decider): void {
  if (!parsed.ok) {
    d.refuse(parsed.id, "MALFORMED", parsed.reason);
    return;
  }
  const { command, content } = parsed;
  const seen = d.state.answered.get(command.id);
  if (seen) {
    if (seen.content === content) d.result(command.id, seen.outcome);
    else
      d.refuse(
        command.id,
        "MALFORMED",
        `id ${command.id} was already used for a different command; a command id names one command`,
      );
    return;
  }
  const outcome = run(d, command, decider);
  d.patch({ answered: d.state.answered.with(command.id, { content, outcome }) });
}

function run(d: Draft, command: ControlCommand, decider: Decider): CommandOutcome {
  const caps = channelCapabilities(d.state.config.channel);
  if (!delivers(caps, command.command))
    return d.refuse(command.id, "UNSUPPORTED_CONTROL", whyNot(caps, command.command));
  if (isTerminal(d.state.lifecycle))
    return d.refuse(command.id, "TOO_LATE", `the session is ${d.state.lifecycle}; nothing can be delivered to it`);
  switch (command.command) {
    case "tool.decide":
      return toolDecide(d, command, decider);
    case "frame.set":
      return frameSet(d, command);
    case "message.inject":
      return messageInject(d, command);
    case "steer":
      return steer(d, command);
    case "permission.set":
      return permissionSet(d, command);
    case "interrupt":
      return interrupt(d, command);
    case "halt":
      return halt(d, command);
  }
}

function toolDecide(
  d: Draft,
  c: Extract<ControlCommand, { command: "tool.decide" }>,
  decider: Decider,
): CommandOutcome {
  expireDeadlines(d);
  const pending = d.state.pending.find((p) => p.callId === c.callId);
  if (!pending) {
    const settled = d.state.settled.get(c.callId);
    if (!settled)
      return d.refuse(c.id, "UNKNOWN_CALL", `${c.callId} does not correlate to an open request in this session`);
    const why =
      settled.outcome === "decided"
        ? settled.why === "deadline"
          ? "hmux's own deadline already denied it"
          : `it was already decided by ${settled.decider ?? "someone"}`
        : `its window closed (${settled.why})`;
    return d.refuse(c.id, "TOO_LATE", `${c.callId}: ${why}; a decision cannot be replayed`);
  }
  const outcome = decidePending(d, c.callId, c.decision, decider);
  if (!outcome.ok) return d.refuse(c.id, "UNSUPPORTED_CONTROL", outcome.reason);
  const extra: Record<string, unknown> = {};
  if (outcome.sent.decision !== c.decision.decision) extra.sent = outcome.sent.decision;
  if (!outcome.reasonReachesModel) extra.reason_reaches_model = false;
  const result = ok(extra);
  d.result(c.id, result);
  return result;
}

function frameSet(d: Draft, c: Extract<ControlCommand, { command: "frame.set" }>): CommandOutcome {
  if (d.state.mode === "observe") {
    return d.refuse(
      c.id,
      "SHADOWED",
      "observe mode allows every call, so a frame would claim enforcement that observe silently overrides",
    );
  }
  d.patch({ frame: { ...d.state.frame, staged: c.frame } });
  d.effect({ type: "deliver-frame", frame: c.frame });
  const result = ok({ applies_at: "the next turn or step boundary" });
  d.result(c.id, result);
  return result;
}

function messageInject(d: Draft, c: Extract<ControlCommand, { command: "message.inject" }>): CommandOutcome {
  const turnOpen =
    d.state.turn !== null || d.state.lifecycle === "running" || d.state.lifecycle === "awaiting-approval";
  if (turnOpen) {
    d.patch({ queuedInjections: [...d.state.queuedInjections, c.text] });
    const result = ok({ applies_at: "the next turn boundary" });
    d.result(c.id, result);
    return result;
  }
  d.effect({ type: "deliver-message", mode: "inject", text: c.text });
  const result = ok();
  d.result(c.id, result);
  return result;
}

function steer(d: Draft, c: Extract<ControlCommand, { command: "steer" }>): CommandOutcome {
  const l = d.state.lifecycle;
  if (l !== "running" && l !== "awaiting-approval")
    return d.refuse(c.id, "TOO_LATE", "no turn is running to steer; send it as message.inject instead");
  d.effect({ type: "deliver-message", mode: "steer", text: c.text });
  const result = ok();
  d.result(c.id, result);
  return result;
}

function permissionSet(d: Draft, c: Extract<ControlCommand, { command: "permission.set" }>): CommandOutcome {
  const caps = channelCapabilities(d.state.config.channel);
  if (!caps.postures.includes(c.posture)) {
    return d.refuse(
      c.id,
      "MALFORMED",
      `${JSON.stringify(c.posture)} is not a ${caps.harness} permission posture; the vendor's words are ${caps.postures.join(", ")}`,
    );
  }
  if (caps.shadowingPostures.includes(c.posture) && d.state.mode !== "observe") {
    return d.refuse(
      c.id,
      "SHADOWED",
      `${caps.harness} under ${c.posture} runs or refuses calls without asking, so hmux's ${d.state.mode}-mode check would be silently pre-empted`,
    );
  }
  d.patch({ posture: c.posture });
  d.effect({ type: "deliver-permission", posture: c.posture });
  const result = ok();
  d.result(c.id, result);
  return result;
}

function interrupt(d: Draft, c: Extract<ControlCommand, { command: "interrupt" }>): CommandOutcome {
  const l = d.state.lifecycle;
  if (l !== "running" && l !== "awaiting-approval" && l !== "starting") {
    return d.refuse(c.id, "TOO_LATE", `no turn is running to interrupt (the session is ${l})`);
  }
  abandonPending(d, "interrupted", c.reason);
  d.effect({ type: "deliver-interrupt", reason: c.reason });
  const result = ok();
  d.result(c.id, result);
  return result;
}

function halt(d: Draft, c: Extract<ControlCommand, { command: "halt" }>): CommandOutcome {
  // Also while closing: a close that does not finish must still have a way out.
  abandonPending(d, "halted", c.reason);
  d.effect({ type: "deliver-halt", reason: c.reason });
  d.moveTo("closing", `halted: ${c.reason}`);
  const result = ok();
  d.result(c.id, result);
  return result;
}

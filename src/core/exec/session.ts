/**
 * A session over one long-lived harness process (claude stream-json, codex app-server, pi rpc):
 * the one session runtime with the process transport.
 */
import { failure } from "../failure.js";
import { ProcessTransport } from "./process-transport.js";
import { createSessionRuntime } from "./session-runtime.js";
import { decisionModeOf, refusedAtStart } from "./session-start.js";
import type { SessionHandle, SessionPlan, SessionPorts } from "./session-types.js";

export function createSession(plan: SessionPlan, ports: SessionPorts): SessionHandle {
  const caps = plan.bridge.capabilities;
  const mode = decisionModeOf(plan.approvals);
  const transport = new ProcessTransport(
    {
      spawn: plan.spawn,
      bridge: plan.bridge,
      ...(plan.closeGraceMs !== undefined ? { closeGraceMs: plan.closeGraceMs } : {}),
    },
    ports,
  );
  return createSessionRuntime(
    {
      control: {
        sessionId: plan.sessionId,
        harness: plan.harness,
        channel: caps.channel,
        mode,
        headless: plan.approvals === "deny",
        harnessTimeoutMs: caps.channel.harnessTimeoutMs,
        posture: caps.posture,
        turnsBefore: plan.turnsBefore ?? 0,
        ...(plan.waitingQuestion ? { waitingQuestion: plan.waitingQuestion } : {}),
        midTurnSend: caps.midTurnSend,
        questions: { escalate: plan.escalateQuestions, preamble: "session" },
        ...(plan.decisionBudgetMs !== undefined ? { decisionBudgetMs: plan.decisionBudgetMs } : {}),
        ...(plan.classify ? { classify: plan.classify } : {}),
        // A rule stays inside the harness's own working directory, the one the policy checks paths against.
        workspace: plan.spawn.cwd,
        ...(plan.rules && plan.rules.length > 0 ? { rules: plan.rules } : {}),
        ...(plan.headlessDenyReason ? { headlessDenyReason: plan.headlessDenyReason } : {}),
        ...(plan.frame ? { frame: plan.frame } : {}),
      },
      origin: plan.origin,
      escalateQuestions: plan.escalateQuestions,
      refusedAtStart: refusedAtStart(caps, mode, plan.requiredControls ?? [], plan.classify !== undefined),
      refusalFailure: (names) =>
        failure(
          "rejected",
          `this session's configuration needs ${names}, which the ${plan.harness} session channel cannot honour`,
        ),
      ...(plan.stallMs !== undefined ? { stallMs: plan.stallMs } : {}),
    },
    transport,
    ports,
  );
}

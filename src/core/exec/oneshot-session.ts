/**
 * A session over a harness that runs one process per turn (muse exec, cursor agent -p): the one
 * session runtime with the per-turn transport. The framing is the process session's (session
 * first, `turn` + harness events + a turn-scoped `done` per turn, one disposition per
 * send/answer, closed last) and so are the refusal codes.
 *
 * hmux keeps no queue and a one-shot harness cannot hold text while a turn runs, so a send
 * during a turn is rejected with reason `turn-in-progress`.
 */
import { TURN_IN_PROGRESS } from "../control/machine-turns.js";
import type { ControlEvent } from "../control/types.js";
import type { OneShotPorts, OneShotSessionPlan } from "./oneshot-session-types.js";
import { PerTurnTransport } from "./per-turn-transport.js";
import { createSessionRuntime } from "./session-runtime.js";
import { decisionModeOf, refusedAtStart } from "./session-start.js";
import type { SessionHandle } from "./session-types.js";

export { TURN_IN_PROGRESS };

export function createOneShotSession(plan: OneShotSessionPlan, ports: OneShotPorts): SessionHandle {
  return createSessionRuntime(
    {
      control: {
        sessionId: plan.sessionId,
        harness: plan.harness,
        channel: plan.channel,
        mode: decisionModeOf(plan.approvals),
        headless: plan.approvals === "deny",
        harnessTimeoutMs: null,
        posture: null,
        turnsBefore: plan.turnsBefore ?? 0,
        ...(plan.waitingQuestion ? { waitingQuestion: plan.waitingQuestion } : {}),
        resume: plan.resume ?? null,
        midTurnSend: "refused",
        questions: { escalate: plan.escalateQuestions, preamble: "turn" },
        ...(plan.classify ? { classify: plan.classify } : {}),
      },
      origin: plan.origin,
      escalateQuestions: plan.escalateQuestions,
      refusedAtStart: oneShotStartRefusals(plan),
      refusalFailure: (names) => ({
        class: "rejected",
        retryable: false,
        message: `this session's configuration needs ${names}, which the ${plan.harness} one-shot channel cannot honour (it has no per-call approval channel; --approvals allow lets ${plan.harness}'s own permission system decide)`,
      }),
    },
    new PerTurnTransport(plan, ports),
    ports,
  );
}

/**
 * The refusals before anything runs. Observe (`--approvals allow`) claims no check: the
 * harness's own permission system decides every call and hmux only records what streams
 * past, so it needs no tool.decide channel (unless the caller requires one by name). Ask,
 * deny (headless) and frame all need hmux to answer calls, which these channels cannot carry.
 */
export function oneShotStartRefusals(
  plan: Pick<OneShotSessionPlan, "harness" | "channel" | "approvals" | "requiredControls" | "classify">,
): ControlEvent[] {
  const mode = decisionModeOf(plan.approvals);
  const required = plan.requiredControls ?? [];
  const caps = { harness: plan.harness, channel: plan.channel, posture: null, midTurnSend: "next-turn" as const };
  // A policy acts only where a person would be asked: observe allows everything and frame mode
  // decides by the frame, so neither needs tool.decide for it (hmux always has a policy now).
  const events = refusedAtStart(caps, mode, required, mode === "ask" && plan.classify !== undefined);
  if (mode !== "observe" || required.includes("tool.decide")) return events;
  return events.filter((e) => !(e.kind === "command.result" && e.id === "start/tool.decide"));
}

/**
 * A planned one-shot turn set running: the one place `hmux run` and a race contestant turn their
 * plan into a running harness, so both spawn, gate, time out, stall and stop it alike. The plan's
 * gate decides how: a harness whose one-shot turn is gated by its own permission system (or runs
 * --autonomy) runs `plan.invocation`; one hmux gates through its session channel runs one
 * headless session turn with hmux's policy deciding each gated call.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { DecoderContext } from "../core/decoder.js";
import { DEFAULT_RUN_STALL_SECONDS, runTurn } from "../core/exec/run-turn.js";
import type { LaunchPlan } from "../core/launch/types.js";
import { gatedTurn } from "../session/gated-turn.js";
import { sessionOptionsOf } from "./session-options.js";
import type { LaunchPorts, TurnLaunchRequest, TurnRun } from "./types.js";

/** Someone who pressed Ctrl-C, closed the pipe or stopped a race is waiting: 2 s from TERM to KILL. */
const KILL_GRACE_MS = 2_000;

export function startTurn(
  plan: LaunchPlan,
  request: TurnLaunchRequest,
  turn: { readonly sessionId: string; readonly stateDir?: string },
  ports: LaunchPorts,
  run: TurnRun,
): AsyncGenerator<SessionEvent, void, undefined> {
  const adapter = ports.registry.require(plan.harness);
  const o = plan.options;
  const timeout = o.timeoutSeconds ? { timeoutMs: o.timeoutSeconds * 1000 } : {};
  const leading = run.leadingEvents ? { leadingEvents: run.leadingEvents } : {};
  if (plan.gate?.kind === "policy-session")
    return gatedTurn(
      {
        launch: sessionOptionsOf(plan, {
          registry: ports.registry,
          sessionId: turn.sessionId,
          ...(turn.stateDir !== undefined ? { stateDir: turn.stateDir } : {}),
          approvals: "deny",
          origin: request.resume !== undefined ? "resumed" : "fresh",
          ...(request.resume !== undefined ? { resume: request.resume } : {}),
          callerEnv: request.callerEnv,
          defaultStallSeconds: DEFAULT_RUN_STALL_SECONDS,
        }),
        prompt: request.prompt.text,
        signal: run.signal,
        ...timeout,
        ...leading,
      },
      ports.session,
    );
  const decoderContext: DecoderContext = {
    ...(request.resume !== undefined ? { requestedSessionId: request.resume } : {}),
    ...(request.resumeLast ? { resumeLast: true } : {}),
    asked: o,
  };
  const invocation = plan.invocation;
  return runTurn(
    {
      spawner: invocation.transport === "pty" ? ports.spawners.pty() : ports.spawners.pipe(),
      clock: ports.clock,
      fs: ports.fs,
    },
    {
      harness: adapter.name,
      plan: () => invocation,
      createDecoder: () => adapter.createDecoder(decoderContext),
      executable: plan.binary.executable,
      executablePrefix: plan.binary.prefixArgs,
      cwd: plan.cwd,
      baseEnv: plan.env,
      callerEnv: request.callerEnv,
      ...timeout,
      stallMs: (o.stallSeconds ?? DEFAULT_RUN_STALL_SECONDS) * 1000,
      signal: run.signal,
      ...(run.maxLineBytes !== undefined ? { maxLineBytes: run.maxLineBytes } : {}),
      killGraceMs: KILL_GRACE_MS,
      // A question ends the turn awaiting input (--no-escalate-questions keeps it going).
      escalateQuestions: plan.escalateQuestions,
      matchers: adapter.matchers,
      ...leading,
    },
  );
}

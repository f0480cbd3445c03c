/**
 * One headless turn through a harness's session channel, for a harness whose one-shot turn
 * cannot be gated (codex exec asks nobody, pi -p has no permission system): the launch plan
 * says so (its gate is "policy-session", src/core/launch/turn-gate.ts), and `hmux run` and race
 * contestants run the turn here. The session runs headless: hmux's policy allows what it lists
 * and denies every other gated call with its reason, as `hmux session --approvals deny` does.
 *
 * The stream is a turn's: the harness's events and hmux's decisions on its calls
 * (approval-request, approval-disposition), ending in exactly one `done`, after the session
 * has closed so no process outlives it.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { HarnessEvent } from "../core/events.js";
import { EventQueue } from "../core/exec/event-queue.js";
import { failure } from "../core/failure.js";
import { type LaunchOptions, launchSession, type SessionPorts } from "./launch.js";

type Done = Extract<HarnessEvent, { kind: "done" }>;

export interface GatedTurnRequest {
  /** The session to open: approvals "deny" with the policy's classifier and deny reason. */
  readonly launch: LaunchOptions;
  /** The user's prompt; the session composes the question preamble around it. */
  readonly prompt: string;
  readonly signal: AbortSignal;
  /** hmux --timeout in ms; 0 or absent disables. */
  readonly timeoutMs?: number;
  /** Events the reader is owed before any harness output. */
  readonly leadingEvents?: readonly HarnessEvent[];
}

/** Control events a turn's reader keeps: hmux's decisions on the harness's calls. */
const KEPT = new Set<SessionEvent["kind"]>(["approval-request", "approval-disposition", "warning"]);
/** Session framing a one-turn reader has no use for. */
const FRAMING = new Set<SessionEvent["kind"]>([
  "session",
  "turn",
  "disposition",
  "state",
  "command.result",
  "approval-cleared",
]);

export async function* gatedTurn(request: GatedTurnRequest, ports: SessionPorts): AsyncGenerator<SessionEvent> {
  yield* request.leadingEvents ?? [];
  // Stopped before it started (a race called off): nothing is spawned, the turn ends killed.
  if (request.signal.aborted) {
    yield { kind: "done", exitCode: null, cause: "killed" };
    return;
  }
  const queue = new EventQueue<SessionEvent>();
  const handle = launchSession(request.launch, ports);
  handle.subscribe((event) => queue.push(event));
  let stoppedBy: "abort" | "timeout" | null = null;
  const stop = (why: "abort" | "timeout") => {
    if (stoppedBy === null) stoppedBy = why;
    void handle.abort("killed");
  };
  const onAbort = () => stop("abort");
  request.signal.addEventListener("abort", onAbort);
  const timer =
    request.timeoutMs && request.timeoutMs > 0
      ? ports.clock.setTimeout(() => stop("timeout"), request.timeoutMs)
      : null;
  void handle.closed.then(() => queue.close());

  let done: Done | null = null;
  let harnessFailure: Done["failure"];
  try {
    await handle.start();
    void handle.send("hmux-run", request.prompt).then((d) => {
      if (d.disposition === "rejected") void handle.close();
    });
    for (;;) {
      const event = await queue.next();
      if (event === undefined) break;
      if (event.kind === "done") {
        // The turn's own end; the session is closed before it is passed on, so it is the last line.
        done ??= event;
        void handle.close();
        continue;
      }
      if (event.kind === "closed") {
        harnessFailure = event.failure;
        if (done === null) done = closedAsDone(event, stoppedBy);
        continue;
      }
      if (FRAMING.has(event.kind)) continue;
      if (!KEPT.has(event.kind) && !isHarnessEvent(event)) continue;
      yield event;
    }
  } finally {
    request.signal.removeEventListener("abort", onAbort);
    if (timer !== null) ports.clock.clearTimeout(timer);
    // An abandoned iterator (the reader left) still ends the harness and waits for it.
    if (done === null) await handle.abort("killed");
    await handle.closed;
  }
  yield stoppedOver(
    done ?? closedAsDone({ exitCode: null, cause: "failed", failure: harnessFailure }, stoppedBy),
    stoppedBy,
  );
}

function isHarnessEvent(event: SessionEvent): event is HarnessEvent {
  return !KEPT.has(event.kind) && !FRAMING.has(event.kind) && event.kind !== "closed";
}

/** A session that closed before its turn ended: the close says how. */
function closedAsDone(
  closed: { readonly exitCode: number | null; readonly cause: string; readonly failure?: Done["failure"] },
  stoppedBy: "abort" | "timeout" | null,
): Done {
  if (stoppedBy !== null) return stoppedOver({ kind: "done", exitCode: closed.exitCode, cause: "killed" }, stoppedBy);
  const cause = closed.cause === "clean" ? "failed" : (closed.cause as Done["cause"]);
  return {
    kind: "done",
    exitCode: closed.exitCode,
    cause,
    failure: closed.failure ?? failure("native", "the harness's session ended before its turn did"),
  };
}

/** hmux stopped the turn (Ctrl-C, --timeout): killed, and a timeout says so, as a one-shot turn's would. */
function stoppedOver(done: Done, stoppedBy: "abort" | "timeout" | null): Done {
  if (stoppedBy === null) return done;
  if (stoppedBy === "abort") return { kind: "done", exitCode: done.exitCode, cause: "killed" };
  return {
    kind: "done",
    exitCode: done.exitCode,
    cause: "killed",
    failure: failure("timeout", "the turn exceeded its wall-clock timeout and was stopped"),
  };
}

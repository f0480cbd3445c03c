/**
 * The one place the TUI's state machine reaches the sessions: runs each effect `update`
 * asked for against its session's port (or the launcher, for a new session), and reports
 * every outcome back as a message, so a refusal or a failure reaches the screen instead of
 * vanishing.
 */
import type { Notifier } from "../notify/notifier.js";
import type { RacePort } from "../race-port.js";
import type { NewSessionRequest, PlanVerdict, SessionLauncher } from "../session-launcher.js";
import type { IntentOutcome, SessionPort } from "../session-port.js";
import { runChangesEffect } from "./changes-effects.js";
import type { Effect, Msg } from "./messages.js";

export interface EffectDeps {
  port(key: string): SessionPort | undefined;
  readonly notifier?: Pick<Notifier, "notify">;
  readonly launcher?: Pick<SessionLauncher, "launch" | "plan">;
  /** Scores and ends the TUI's races. */
  readonly race?: RacePort;
  /** Takes a newly launched session in: its view, its pane, its events; returns its key. */
  open(port: SessionPort): string | undefined;
  /** Where outcomes go: back into update. */
  dispatch(msg: Msg): void;
}

function report(deps: EffectDeps, what: string, call: () => Promise<IntentOutcome>): void {
  let pending: Promise<IntentOutcome>;
  try {
    pending = call();
  } catch (err) {
    pending = Promise.reject(err);
  }
  pending.then(
    (outcome) => deps.dispatch({ kind: "outcome", what, outcome }),
    (err: unknown) =>
      deps.dispatch({ kind: "outcome-failed", what, message: err instanceof Error ? err.message : String(err) }),
  );
}

function launch(request: NewSessionRequest, deps: EffectDeps): void {
  if (!deps.launcher) {
    deps.dispatch({ kind: "launch-failed", message: "this TUI was started without a session launcher" });
    return;
  }
  deps.launcher.launch(request).then(
    (port) => {
      deps.dispatch({ kind: "launched" });
      deps.open(port);
    },
    (err: unknown) =>
      deps.dispatch({ kind: "launch-failed", message: err instanceof Error ? err.message : String(err) }),
  );
}

/** Asks the server to plan each request; the verdicts (or why it could not be asked) come back as one message. */
function plan(seq: number, requests: readonly NewSessionRequest[], deps: EffectDeps): void {
  const launcher = deps.launcher;
  if (!launcher) {
    deps.dispatch({ kind: "plan-failed", seq, message: "this TUI was started without a session launcher" });
    return;
  }
  const asked = (request: NewSessionRequest): Promise<PlanVerdict> => {
    try {
      return launcher.plan(request);
    } catch (err) {
      return Promise.reject(err);
    }
  };
  Promise.all(requests.map(asked)).then(
    (verdicts) => deps.dispatch({ kind: "planned", seq, verdicts }),
    (err: unknown) => deps.dispatch({ kind: "plan-failed", seq, message: message(err) }),
  );
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** How long a halted contestant may take to close before its worktree is touched anyway (git then says if it is in use). */
export const CLOSE_WAIT_MS = 10_000;

/**
 * Halts a session and resolves once it has closed (its worktree lease goes with it), or when the
 * halt is refused, or after CLOSE_WAIT_MS.
 */
function haltClosed(port: SessionPort | undefined): Promise<void> {
  if (!port) return Promise.resolve();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, CLOSE_WAIT_MS);
    timer.unref?.();
    const unsubscribe = port.subscribe((e) => {
      if (e.kind === "closed" || (e.kind === "state" && e.to === "closed")) finish();
    });
    port.halt().then((o) => (o.result === "refused" ? finish() : undefined), finish);
  });
}

function raceEffect(
  effect: Extract<Effect, { kind: "race-launch" | "race-score" | "race-pick" | "race-discard" }>,
  deps: EffectDeps,
): void {
  const act = (a: Extract<Msg, { kind: "race" }>["act"]) => deps.dispatch({ kind: "race", act: a });
  const refusal = deps.race?.refusal;
  // Refused before anything starts: no contestant's session, no worktree, the race failed with the reason.
  if (refusal !== undefined)
    return act(
      effect.kind === "race-pick" || effect.kind === "race-discard"
        ? { do: "end-failed", message: refusal }
        : { do: "score-failed", message: refusal },
    );
  if (effect.kind === "race-launch") {
    const { harness } = effect;
    if (!deps.launcher) return act({ do: "launch-failed", harness, message: "this TUI has no session launcher" });
    deps.launcher.launch(effect.request).then(
      (port) => {
        const key = deps.open(port);
        if (key === undefined) act({ do: "launch-failed", harness, message: "its pane could not be opened" });
        else act({ do: "opened", harness, key, workspace: port.info.workspace?.name ?? null });
      },
      (err: unknown) => act({ do: "launch-failed", harness, message: message(err) }),
    );
    return;
  }
  const race = deps.race;
  if (!race) {
    const why = "this TUI was started without race support (it needs the workspace ports)";
    return act(
      effect.kind === "race-score" ? { do: "score-failed", message: why } : { do: "end-failed", message: why },
    );
  }
  if (effect.kind === "race-score") {
    race.score(effect.request).then(
      (scorecard) => act({ do: "scored", scorecard }),
      (err: unknown) => act({ do: "score-failed", message: message(err) }),
    );
    return;
  }
  // The contestants' sessions hold their worktrees: they are halted, and closed, before any worktree is touched.
  const halts = effect.keys.map((k) => haltClosed(deps.port(k)));
  Promise.allSettled(halts)
    .then(() => (effect.kind === "race-pick" ? race.pick(effect.race, effect.harness) : race.discard(effect.race)))
    .then(
      (text) => act({ do: "ended", text }),
      (err: unknown) => act({ do: "end-failed", message: message(err) }),
    );
}

export function runEffect(effect: Effect, deps: EffectDeps): void {
  if (
    effect.kind === "race-launch" ||
    effect.kind === "race-score" ||
    effect.kind === "race-pick" ||
    effect.kind === "race-discard"
  )
    return raceEffect(effect, deps);
  if (effect.kind === "notify") {
    deps.notifier?.notify(effect.key, effect.title, effect.reason);
    return;
  }
  if (effect.kind === "launch") return launch(effect.request, deps);
  if (effect.kind === "plan") return plan(effect.seq, effect.requests, deps);
  const port = deps.port(effect.key);
  if (effect.kind === "changes-load" || effect.kind === "changes-act" || effect.kind === "branch-status")
    return runChangesEffect(effect, port?.changes, deps.dispatch);
  if (!port) return;
  switch (effect.kind) {
    case "send":
      return report(deps, effect.what, () => port.send(effect.text, effect.mode));
    case "answer":
      return report(deps, "answer", () => port.answer(effect.text));
    case "decide":
      return report(deps, effect.what, () =>
        effect.scope
          ? port.decide(effect.callId, effect.decision, effect.scope)
          : port.decide(effect.callId, effect.decision),
      );
    case "revoke-rule":
      return report(deps, effect.what, () =>
        port.revokeRule
          ? port.revokeRule(effect.ruleId)
          : Promise.reject(new Error("this pane's session keeps no rules")),
      );
    case "interrupt":
      return report(deps, "interrupt", () => port.interrupt());
    case "halt":
      return report(deps, effect.what, () => port.halt());
    case "resume":
      return report(deps, "resume", () =>
        port.resume ? port.resume() : Promise.reject(new Error("this pane's session cannot be resumed")),
      );
  }
}

/**
 * The one place the TUI's state machine reaches the sessions: runs each effect `update`
 * asked for against its session's port (or the launcher, for a new session), and reports
 * every outcome back as a message, so a refusal or a failure reaches the screen instead of
 * vanishing.
 */
import { HmuxError } from "../../core/hmux-error.js";
import type { Notifier } from "../notify/notifier.js";
import type { RacePort } from "../race-port.js";
import type { NewSessionRequest, PlanVerdict, SessionLauncher } from "../session-launcher.js";
import type { IntentOutcome, SessionPort } from "../session-port.js";
import { runChangesEffect } from "./changes-effects.js";
import type { Effect, Msg } from "./messages.js";

export interface EffectDeps {
  port(key: string): SessionPort | undefined;
  readonly notifier?: Pick<Notifier, "notify">;
  readonly launcher?: Pick<SessionLauncher, "launch" | "plan" | "offer">;
  /** Starts, scores and ends the TUI's races. */
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

/** Asks the launcher for the dialog's harness list; a launcher with none offers its fixed one (the dialog reads it). */
function offerHarnesses(seq: number, deps: EffectDeps): void {
  const offer = deps.launcher?.offer;
  if (!offer) return;
  offer.call(deps.launcher).then(
    (choices) => deps.dispatch({ kind: "harnesses-offered", seq, choices }),
    (err: unknown) =>
      deps.dispatch({ kind: "harnesses-failed", seq, message: err instanceof Error ? err.message : String(err) }),
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

function raceEffect(
  effect: Extract<Effect, { kind: "race-start" | "race-score" | "race-pick" | "race-discard" }>,
  deps: EffectDeps,
): void {
  const act = (a: Extract<Msg, { kind: "race" }>["act"]) => deps.dispatch({ kind: "race", act: a });
  const race = deps.race;
  if (!race) {
    const why = "this TUI was started without race support";
    if (effect.kind === "race-start") return act({ do: "start-failed", message: why });
    return act(
      effect.kind === "race-score" ? { do: "score-failed", message: why } : { do: "end-failed", message: why },
    );
  }
  if (effect.kind === "race-start") {
    race.start(effect.request).then(
      (started) => {
        // Named first: a contestant's pane binds to the race by its worktree's name as it opens.
        act({ do: "started", race: started.race, notes: started.notes });
        for (const c of started.contestants) {
          if ("failed" in c) {
            act({ do: "launch-failed", harness: c.harness, message: c.failed });
            continue;
          }
          const key = deps.open(c.port);
          if (key === undefined)
            act({ do: "launch-failed", harness: c.harness, message: "its pane could not be opened" });
          else act({ do: "opened", harness: c.harness, key, workspace: c.port.info.workspace?.name ?? null });
        }
      },
      (err: unknown) => act({ do: "start-failed", message: message(err) }),
    );
    return;
  }
  if (effect.kind === "race-score") {
    race.score(effect.race).then(
      (scorecard) => act({ do: "scored", scorecard }),
      (err: unknown) => act({ do: "score-failed", message: message(err) }),
    );
    return;
  }
  // The runner ends the contestants' sessions (they hold the worktrees) before it touches a worktree.
  (effect.kind === "race-pick" ? race.pick(effect.race, effect.harness) : race.discard(effect.race)).then(
    (text) => act({ do: "ended", text }),
    (err: unknown) => act({ do: "end-failed", message: message(err) }),
  );
}

export function runEffect(effect: Effect, deps: EffectDeps): void {
  if (
    effect.kind === "race-start" ||
    effect.kind === "race-score" ||
    effect.kind === "race-pick" ||
    effect.kind === "race-discard"
  )
    return raceEffect(effect, deps);
  if (effect.kind === "notify") {
    deps.notifier?.notify(effect.key, effect.title, effect.reason, effect.why);
    return;
  }
  if (effect.kind === "launch") return launch(effect.request, deps);
  if (effect.kind === "plan") return plan(effect.seq, effect.requests, deps);
  if (effect.kind === "offer-harnesses") return offerHarnesses(effect.seq, deps);
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
          : Promise.reject(new HmuxError("not-supported", "this pane's session keeps no rules")),
      );
    case "interrupt":
      return report(deps, "interrupt", () => port.interrupt());
    case "halt":
      return report(deps, effect.what, () => port.halt());
    case "resume":
      return report(deps, "resume", () =>
        port.resume
          ? port.resume()
          : Promise.reject(new HmuxError("not-resumable", "this pane's session cannot be resumed")),
      );
  }
}

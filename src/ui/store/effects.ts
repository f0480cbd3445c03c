/**
 * The one place the TUI's state machine reaches the sessions: runs each effect `update`
 * asked for against its session's port (or the launcher, for a new session), and reports
 * every outcome back as a message, so a refusal or a failure reaches the screen instead of
 * vanishing.
 */
import type { Notifier } from "../notify/notifier.js";
import type { NewSessionRequest, SessionLauncher } from "../session-launcher.js";
import type { IntentOutcome, SessionPort } from "../session-port.js";
import { runChangesEffect } from "./changes-effects.js";
import type { Effect, Msg } from "./messages.js";

export interface EffectDeps {
  port(key: string): SessionPort | undefined;
  readonly notifier?: Pick<Notifier, "notify">;
  readonly launcher?: Pick<SessionLauncher, "launch">;
  /** Takes a newly launched session in: its view, its pane, its events. */
  open(port: SessionPort): void;
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

export function runEffect(effect: Effect, deps: EffectDeps): void {
  if (effect.kind === "notify") {
    deps.notifier?.notify(effect.key, effect.title, effect.reason);
    return;
  }
  if (effect.kind === "launch") return launch(effect.request, deps);
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
      return report(deps, effect.what, () => port.decide(effect.callId, effect.decision));
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

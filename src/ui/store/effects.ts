/**
 * The one place the TUI's state machine reaches the sessions: runs each effect `update`
 * asked for against its session's port, and reports every outcome back as a message, so a
 * refusal or a failure reaches the status line instead of vanishing.
 */
import type { Notifier } from "../notify/notifier.js";
import type { IntentOutcome, SessionPort } from "../session-port.js";
import type { Effect, Msg } from "./messages.js";

export interface EffectDeps {
  port(key: string): SessionPort | undefined;
  readonly notifier?: Pick<Notifier, "notify">;
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

export function runEffect(effect: Effect, deps: EffectDeps): void {
  if (effect.kind === "notify") {
    deps.notifier?.notify(effect.key, effect.title, effect.reason);
    return;
  }
  const port = deps.port(effect.key);
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
  }
}

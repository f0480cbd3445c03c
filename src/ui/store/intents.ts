/**
 * What the user's keys and Enter mean for the focused session, turned into port calls.
 * Each outcome is reported: a refusal shows its code and reason, never silence.
 */
import type { Decision } from "../../core/control/types.js";
import { composeAnswer } from "../../core/question.js";
import type { IntentOutcome } from "../session-port.js";
import type { AppStore } from "./app-store.js";
import { isActive } from "./session-view.js";

async function report(store: AppStore, what: string, op: () => Promise<IntentOutcome>): Promise<IntentOutcome | null> {
  try {
    const outcome = await op();
    if ("disposition" in outcome) {
      if (outcome.disposition === "rejected") store.setFlash(`${what} rejected: ${outcome.reason}`, "warn");
    } else if (outcome.result === "refused")
      store.setFlash(`${what} refused (${outcome.refused.code}): ${outcome.refused.reason}`, "warn");
    return outcome;
  } catch (err) {
    store.setFlash(`${what} failed: ${err instanceof Error ? err.message : String(err)}`, "error");
    return null;
  }
}

/** How Enter on the input line is delivered in the focused session's current state. */
export function inputMode(store: AppStore): "answer" | "turn" | "steer" | "inject" | "none" {
  const view = store.focusedView();
  if (!view || !isActive(view)) return "none";
  if (view.question) return "answer";
  if (view.lifecycle === "idle") return "turn";
  if (view.lifecycle === "running" || view.lifecycle === "awaiting-approval") {
    if (view.info.support.steer) return "steer";
    if (view.info.support.inject) return "inject";
    return "none";
  }
  return "none";
}

export function submitInput(store: AppStore, text: string): void {
  const key = store.focusedKey();
  const port = store.focusedPort();
  const view = store.focusedView();
  if (key === undefined || !port || !view) return;
  if (store.compose) return submitCompose(store, text);
  const trimmed = text.trim();
  if (trimmed === "") return;
  const mode = inputMode(store);
  if (mode === "none") {
    store.setFlash(
      view.lifecycle === "running"
        ? `${view.info.harness} cannot take input during a turn; wait, or interrupt with Esc`
        : `${view.info.harness} is ${view.lifecycle}; nothing to send to`,
      "warn",
    );
    return;
  }
  store.setDraft(key, "");
  if (mode === "answer") {
    sendAnswer(store, trimmed);
    return;
  }
  store.ingest(key, { kind: "message", role: "user", text: trimmed });
  void report(store, mode === "turn" ? "prompt" : mode, () => port.send(trimmed, mode));
}

export function answerOption(store: AppStore, index: number): boolean {
  const view = store.focusedView();
  const port = store.focusedPort();
  const option = view?.question?.options[index];
  if (!view || !port || option === undefined) return false;
  sendAnswer(store, option);
  return true;
}

/** An open question event is answered; a question read from text is answered as the next turn. */
function sendAnswer(store: AppStore, text: string): void {
  const view = store.focusedView();
  const port = store.focusedPort();
  const question = view?.question;
  if (!view || !port || !question) return;
  if (question.viaText) {
    view.question = null;
    store.markDirty();
    void report(store, "answer", () => port.send(composeAnswer(question.question, text), "turn"));
    return;
  }
  void report(store, "answer", () => port.answer(text));
}

export function decide(store: AppStore, decision: Decision): void {
  const view = store.focusedView();
  const port = store.focusedPort();
  const call = view?.approvals[0];
  if (!view || !port || !call) return;
  store.setCompose(null);
  if (store.overlay?.kind === "approval-full") store.closeOverlay();
  void report(store, `${decision.decision} ${call.tool}`, () => port.decide(call.callId, decision));
}

export function startCompose(store: AppStore, kind: "deny" | "edit"): void {
  const key = store.focusedKey();
  const call = store.focusedView()?.approvals[0];
  if (key === undefined || !call) return;
  if (kind === "edit" && !store.focusedView()!.info.support.replace) {
    store.setFlash(`${store.focusedView()!.info.harness} cannot replace a tool input`, "warn");
    return;
  }
  store.setDraft(key, kind === "edit" ? JSON.stringify(call.input ?? {}) : "");
  store.setCompose({ kind, sessionKey: key, callId: call.callId });
}

export function abstain(store: AppStore): void {
  const view = store.focusedView();
  if (!view?.approvals[0]) return;
  if (!view.info.support.abstain) {
    store.setFlash(`${view.info.harness} has no permission check of its own to abstain to`, "warn");
    return;
  }
  decide(store, { decision: "abstain" });
}

export function submitCompose(store: AppStore, text: string): void {
  const compose = store.compose;
  if (!compose) return;
  const view = store.sessions.get(compose.sessionKey);
  if (!view?.approvals.some((c) => c.callId === compose.callId)) {
    store.setCompose(null);
    store.setFlash("that approval is no longer open", "warn");
    return;
  }
  if (compose.kind === "deny") {
    const reason = text.trim();
    if (reason === "") {
      store.setFlash("a deny needs a reason: the model acts on it", "warn");
      return;
    }
    store.setDraft(compose.sessionKey, "");
    decide(store, { decision: "deny", reason });
    return;
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    store.setFlash("the edited input is not valid JSON", "error");
    return;
  }
  store.setDraft(compose.sessionKey, "");
  decide(store, { decision: "replace", input });
}

export function cancelCompose(store: AppStore): void {
  if (!store.compose) return;
  store.setDraft(store.compose.sessionKey, "");
  store.setCompose(null);
}

export function interrupt(store: AppStore): void {
  const view = store.focusedView();
  const port = store.focusedPort();
  if (!view || !port || !isActive(view)) return;
  if (view.lifecycle === "idle") {
    store.setFlash("no turn is running", "info");
    return;
  }
  void report(store, "interrupt", () => port.interrupt());
}

export function halt(store: AppStore): void {
  const view = store.focusedView();
  const port = store.focusedPort();
  if (!view || !port || !isActive(view)) return;
  store.setFlash(`halting ${view.info.label ?? view.info.harness}`, "info");
  void report(store, "halt", () => port.halt());
}

export function haltAll(store: AppStore): void {
  let n = 0;
  for (const [key, view] of store.sessions) {
    const port = store.ports.get(key);
    if (!port || !isActive(view)) continue;
    n++;
    void report(store, `halt ${view.info.harness}`, () => port.halt());
  }
  store.setFlash(n === 0 ? "nothing is running" : `halting ${n} session${n === 1 ? "" : "s"}`, "info");
}

export function anyRunning(store: AppStore): boolean {
  for (const view of store.sessions.values()) if (isActive(view)) return true;
  return false;
}

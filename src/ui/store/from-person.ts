/**
 * Which messages are something the person did (a key, a click, a wheel turn) rather than
 * something that happened to them (a session event, a port's answer, the clock, a resize).
 * The status line and the first focus follow the person's actions (update.ts); the tables are
 * exhaustive so a new message kind has to say which it is.
 */
import type { Msg, RaceAct } from "./messages.js";

const RACE_BY_PERSON: Record<RaceAct["do"], boolean> = {
  start: true,
  "open-scorecard": true,
  select: true,
  "open-contestant": true,
  ask: true,
  cancel: true,
  confirm: true,
  opened: false,
  "launch-failed": false,
  scored: false,
  "score-failed": false,
  ended: false,
  "end-failed": false,
};

const BY_PERSON: Record<Exclude<Msg["kind"], "race">, boolean> = {
  broadcast: true,
  focus: true,
  "focus-number": true,
  "focus-attention": true,
  "focus-direction": true,
  "focus-step": true,
  "toggle-zoom": true,
  "toggle-notices": true,
  "close-pane": true,
  "reopen-pane": true,
  "open-overlay": true,
  "close-overlay": true,
  "compare-settings": true,
  "toggle-approval-full": true,
  "native-keys": true,
  "set-draft": true,
  "submit-input": true,
  "answer-option": true,
  decide: true,
  "start-compose": true,
  abstain: true,
  "cancel-compose": true,
  interrupt: true,
  halt: true,
  "halt-all": true,
  resume: true,
  "ask-halt-all": true,
  "allow-always": true,
  "revoke-rule": true,
  quit: true,
  "quit-now": true,
  "quit-halt": true,
  "scroll-pages": true,
  "scroll-rows": true,
  launch: true,
  "key-ignored": true,
  "open-changes": true,
  "changes-scope": true,
  "changes-turn": true,
  "changes-scroll": true,
  "changes-commit": true,
  "changes-message": true,
  "changes-commit-submit": true,
  "changes-merge": true,
  "changes-discard": true,
  "changes-discard-confirm": true,
  "changes-back": true,
  // A message raised on the person's behalf says its own text; the terminal resizing is no key.
  flash: false,
  resize: false,
  "session-opened": false,
  "session-event": false,
  "session-events": false,
  "session-gone": false,
  clock: false,
  outcome: false,
  "outcome-failed": false,
  launched: false,
  "launch-failed": false,
  "changes-loaded": false,
  "changes-load-failed": false,
  "changes-done": false,
  "changes-failed": false,
  "branch-status": false,
};

export function fromPerson(msg: Msg): boolean {
  return msg.kind === "race" ? RACE_BY_PERSON[msg.act.do] : BY_PERSON[msg.kind];
}

/**
 * One keypress → at most one hmux intent, decided from the state in this order: the open
 * overlay, a decision being typed, global chords, approval letters, question numbers. Pure:
 * it says whether hmux takes the key (an untaken key belongs to the input line) and what
 * the key asks for; the store applies it.
 */

import type { EditKey } from "../components/text-edit.js";
import { changesPageRows } from "../store/changes-state.js";
import type { Intent } from "../store/messages.js";
import { anyDetachable, draftOf, focusedKey, focusedView, inputMode, type UiState } from "../store/ui-state.js";
import {
  APPROVAL_COMMANDS,
  BROADCAST_COMMANDS,
  CHANGES_COMMANDS,
  COMPARE_COMMANDS,
  CONFIRM_COMMANDS,
  type Command,
  GLOBAL_COMMANDS,
  type Keymap,
  QUIT_COMMANDS,
  SCORECARD_COMMANDS,
} from "./keymap.js";

/** Key → command, one table per group of commands read at the same moment (key-scopes.ts). */
export interface KeyIndex {
  readonly global: ReadonlyMap<string, Command>;
  readonly approval: ReadonlyMap<string, Command>;
  readonly changes: ReadonlyMap<string, Command>;
  readonly confirm: ReadonlyMap<string, Command>;
  readonly quit: ReadonlyMap<string, Command>;
  readonly scorecard: ReadonlyMap<string, Command>;
  readonly compare: ReadonlyMap<string, Command>;
  readonly broadcast: ReadonlyMap<string, Command>;
}

function byKey(keymap: Keymap, commands: readonly Command[]): ReadonlyMap<string, Command> {
  const map = new Map<string, Command>();
  for (const c of commands) for (const k of keymap[c]) map.set(k, c);
  return map;
}

export function indexKeymap(keymap: Keymap): KeyIndex {
  return {
    global: byKey(keymap, GLOBAL_COMMANDS),
    approval: byKey(keymap, APPROVAL_COMMANDS),
    changes: byKey(keymap, CHANGES_COMMANDS),
    confirm: byKey(keymap, CONFIRM_COMMANDS),
    quit: byKey(keymap, QUIT_COMMANDS),
    scorecard: byKey(keymap, SCORECARD_COMMANDS),
    compare: byKey(keymap, COMPARE_COMMANDS),
    broadcast: byKey(keymap, BROADCAST_COMMANDS),
  };
}

/** Whether hmux takes the key, and the intent it stands for (none: taken and ignored). */
export interface KeyVerdict {
  readonly taken: boolean;
  readonly intent?: Intent;
}

const LEFT: KeyVerdict = { taken: false };
const IGNORED: KeyVerdict = { taken: true };
const take = (intent: Intent): KeyVerdict => ({ taken: true, intent });

function globalIntent(state: UiState, command: Command): Intent | undefined {
  switch (command) {
    case "focus.left":
      return { kind: "focus-direction", direction: "left" };
    case "focus.right":
      return { kind: "focus-direction", direction: "right" };
    case "focus.up":
      return { kind: "focus-direction", direction: "up" };
    case "focus.down":
      return { kind: "focus-direction", direction: "down" };
    case "focus.next":
      return { kind: "focus-step", delta: 1 };
    case "focus.previous":
      return { kind: "focus-step", delta: -1 };
    case "pane.zoom":
      return { kind: "toggle-zoom" };
    case "pane.notices":
      return { kind: "toggle-notices" };
    case "pane.close":
      return { kind: "close-pane" };
    case "pane.reopen":
      return { kind: "reopen-pane" };
    case "session.new":
      return { kind: "open-overlay", overlay: { kind: "new-session" } };
    case "turn.interrupt":
      return { kind: "interrupt" };
    case "session.halt":
      return { kind: "halt" };
    case "session.haltAll":
      return { kind: "ask-halt-all" };
    case "session.resume":
      return { kind: "resume" };
    case "attention.jump":
      return { kind: "focus-attention" };
    case "inbox":
      return { kind: "inbox", act: { do: "open" } };
    case "app.quit":
      return { kind: "quit" };
    case "help":
      return { kind: "open-overlay", overlay: { kind: "help" } };
    case "inspector":
      return focusedView(state) ? { kind: "open-overlay", overlay: { kind: "inspector" } } : undefined;
    case "changes":
      return focusedView(state) ? { kind: "open-changes" } : undefined;
    case "scroll.up":
      return { kind: "scroll-pages", pages: -1 };
    case "scroll.down":
      return { kind: "scroll-pages", pages: 1 };
    case "broadcast":
      return { kind: "broadcast", act: { do: "toggle" } };
    case "settings.compare":
      return { kind: "compare-settings" };
    case "race.new":
      return { kind: "open-overlay", overlay: { kind: "race-dialog" } };
    case "race.scorecard":
      return { kind: "race", act: { do: "open-scorecard" } };
    default:
      return command.startsWith("focus.") ? { kind: "focus-number", number: Number(command.slice(6)) } : undefined;
  }
}

function approvalIntent(command: Command): Intent | undefined {
  switch (command) {
    case "approval.allow":
      return { kind: "decide", decision: { decision: "allow" } };
    case "approval.deny":
      return { kind: "start-compose", compose: "deny" };
    case "approval.edit":
      return { kind: "start-compose", compose: "edit" };
    case "approval.abstain":
      return { kind: "abstain" };
    case "approval.full":
      return { kind: "toggle-approval-full" };
    case "approval.always":
      return { kind: "allow-always" };
    case "approval.alwaysPath":
      return { kind: "allow-always", scope: "path" };
    default:
      return undefined;
  }
}

function verdict(intent: Intent | undefined): KeyVerdict {
  return intent ? take(intent) : IGNORED;
}

function overlayKey(state: UiState, index: KeyIndex, name: string): KeyVerdict {
  const overlay = state.overlay!;
  switch (overlay.kind) {
    case "help":
    case "inspector": {
      const global = index.global.get(name);
      if (name === "escape" || name === "q" || name === "return" || global === overlay.kind)
        return take({ kind: "close-overlay" });
      // A digit revokes that session rule (the drawer lists them numbered).
      if (overlay.kind === "inspector" && /^[1-9]$/.test(name)) {
        const key = focusedKey(state);
        return key === undefined ? IGNORED : take({ kind: "revoke-rule", key, index: Number(name) - 1 });
      }
      if (overlay.kind === "inspector" && global === "settings.compare") return take({ kind: "compare-settings" });
      // The drawer follows focus: it inspects whichever pane you move to.
      if (overlay.kind === "inspector" && global?.startsWith("focus.")) return verdict(globalIntent(state, global));
      return IGNORED;
    }
    case "settings": {
      const global = index.global.get(name);
      if (name === "escape" || name === "q" || name === "return" || global === "settings.compare")
        return take({ kind: "close-overlay" });
      // Arrows, PgUp/PgDn and the compare.* keys belong to the table (SettingsCompare reads them).
      return IGNORED;
    }
    case "halt-all":
      return answer(index, name, { kind: "halt-all" }, { kind: "close-overlay" });
    case "quit":
      if (anyDetachable(state)) {
        // Detach is the default: Enter, its key, or the quit key again; halting is the deliberate choice.
        const command = index.quit.get(name);
        if (name === "return" || command === "quit.detach" || index.global.get(name) === "app.quit")
          return take({ kind: "quit-now" });
        if (command === "quit.haltAll") return take({ kind: "quit-halt" });
        return name === "escape" || index.confirm.get(name) === "confirm.no"
          ? take({ kind: "close-overlay" })
          : IGNORED;
      }
      return answer(index, name, { kind: "quit-now" }, { kind: "close-overlay" });
    case "approval-full": {
      if (name === "escape") return take({ kind: "close-overlay" });
      const command = index.approval.get(name);
      return command ? verdict(approvalIntent(command)) : IGNORED;
    }
    case "inbox":
      return inboxKey(index, name);
    case "new-session":
    case "race-dialog":
      return name === "escape" ? take({ kind: "close-overlay" }) : LEFT;
    case "changes":
      return changesKey(state, index, name);
    case "scorecard":
      return scorecardKey(overlay.confirm, index, name);
  }
}

/**
 * While marking panes the letters and digits mark (global chords still move focus); while the
 * prompt is typed every key belongs to the broadcast bar's field, so none reaches a pane's input.
 */
/** A yes/no question: its yes key, or its no key / Esc; nothing else acts while it is asked. */
function answer(index: KeyIndex, name: string, yes: Intent, no: Intent): KeyVerdict {
  const command = index.confirm.get(name);
  if (command === "confirm.yes") return take(yes);
  return command === "confirm.no" || name === "escape" ? take(no) : IGNORED;
}

function broadcastKey(state: UiState, index: KeyIndex, name: string): KeyVerdict {
  const global = index.global.get(name);
  if (global === "broadcast") return take({ kind: "broadcast", act: { do: "toggle" } });
  if (name === "escape") return take({ kind: "broadcast", act: { do: "back" } });
  if (state.broadcast?.phase === "compose") return IGNORED;
  if (name === " ") return take({ kind: "broadcast", act: { do: "mark" } });
  if (/^[1-9]$/.test(name)) return take({ kind: "broadcast", act: { do: "mark", number: Number(name) } });
  if (index.broadcast.get(name) === "broadcast.markAll") return take({ kind: "broadcast", act: { do: "mark-all" } });
  if (name === "return") return take({ kind: "broadcast", act: { do: "compose" } });
  return global ? verdict(globalIntent(state, global)) : IGNORED;
}

function changesCommandIntent(command: Command): Intent | undefined {
  switch (command) {
    case "changes.scope":
      return { kind: "changes-scope" };
    case "changes.previousTurn":
      return { kind: "changes-turn", delta: -1 };
    case "changes.nextTurn":
      return { kind: "changes-turn", delta: 1 };
    case "changes.commit":
      return { kind: "changes-commit" };
    case "changes.merge":
      return { kind: "changes-merge" };
    case "changes.discard":
      return { kind: "changes-discard" };
    default:
      return undefined;
  }
}

/** The changes view holds every key while open; the commit message field gets the typing. */
function changesKey(state: UiState, index: KeyIndex, name: string): KeyVerdict {
  const changes = state.changes;
  if (!changes) return name === "escape" ? take({ kind: "close-overlay" }) : IGNORED;
  if (changes.mode === "commit") return name === "escape" ? take({ kind: "changes-back" }) : LEFT;
  if (changes.mode === "confirm-discard")
    return answer(index, name, { kind: "changes-discard-confirm" }, { kind: "changes-back" });
  const global = index.global.get(name);
  if (name === "escape" || name === "q" || global === "changes") return take({ kind: "changes-back" });
  const page = changesPageRows(state.rows, changes);
  if (name === "up") return take({ kind: "changes-scroll", rows: -1 });
  if (name === "down") return take({ kind: "changes-scroll", rows: 1 });
  if (name === "home") return take({ kind: "changes-scroll", rows: Number.NEGATIVE_INFINITY });
  if (name === "end") return take({ kind: "changes-scroll", rows: Number.POSITIVE_INFINITY });
  if (global === "scroll.up" || name === "pageup") return take({ kind: "changes-scroll", rows: -page });
  if (global === "scroll.down" || name === "pagedown" || name === " ")
    return take({ kind: "changes-scroll", rows: page });
  const command = index.changes.get(name);
  return command ? verdict(changesCommandIntent(command)) : IGNORED;
}

type InboxAct = Extract<Intent, { kind: "inbox" }>["act"];

/** The inbox holds every key while open: arrows choose, the approval keys act on the chosen row, Enter goes there. */
function inboxKey(index: KeyIndex, name: string): KeyVerdict {
  const inbox = (act: InboxAct): Intent => ({ kind: "inbox", act });
  if (name === "escape" || name === "q" || index.global.get(name) === "inbox") return take(inbox({ do: "close" }));
  if (name === "up") return take(inbox({ do: "select", delta: -1 }));
  if (name === "down") return take(inbox({ do: "select", delta: 1 }));
  if (name === "return") return take(inbox({ do: "jump" }));
  switch (index.approval.get(name)) {
    case "approval.allow":
      return take(inbox({ do: "decide", decision: { decision: "allow" } }));
    case "approval.deny":
      return take(inbox({ do: "compose", compose: "deny" }));
    case "approval.edit":
      return take(inbox({ do: "compose", compose: "edit" }));
    case "approval.abstain":
      return take(inbox({ do: "abstain" }));
    case "approval.always":
      return take(inbox({ do: "always", scope: "session" }));
    case "approval.alwaysPath":
      return take(inbox({ do: "always", scope: "path" }));
    default:
      return IGNORED;
  }
}

type RaceAct = Extract<Intent, { kind: "race" }>["act"];

/** The scorecard's own keys; while pick or discard is asked, only the answer. */
function scorecardKey(confirm: "pick" | "discard" | null, index: KeyIndex, name: string): KeyVerdict {
  const race = (act: RaceAct): Intent => ({ kind: "race", act });
  if (confirm) return answer(index, name, race({ do: "confirm" }), race({ do: "cancel" }));
  if (name === "escape" || name === "q" || index.global.get(name) === "race.scorecard")
    return take(race({ do: "cancel" }));
  if (name === "left") return take(race({ do: "select", delta: -1 }));
  if (name === "right") return take(race({ do: "select", delta: 1 }));
  if (name === "up") return take(race({ do: "scroll", by: -1, unit: "row" }));
  if (name === "down") return take(race({ do: "scroll", by: 1, unit: "row" }));
  const global = index.global.get(name);
  if (global === "scroll.up") return take(race({ do: "scroll", by: -1, unit: "page" }));
  if (global === "scroll.down") return take(race({ do: "scroll", by: 1, unit: "page" }));
  const command = index.scorecard.get(name);
  if (name === "return" || command === "scorecard.open") return take(race({ do: "open-contestant" }));
  if (command === "scorecard.pick") return take(race({ do: "ask", what: "pick" }));
  if (command === "scorecard.discard") return take(race({ do: "ask", what: "discard" }));
  return IGNORED;
}

/** Whether the focused pane shows an input line that takes typing (a native pane has none). */
export function inputLineLive(state: UiState): boolean {
  const view = focusedView(state);
  if (!view || view.info.native) return false;
  return state.compose !== null || inputMode(state) !== "none";
}

/** A key no command takes: on a live input line it edits the draft, and Enter sends it. */
function inputLineKey(state: UiState, name: string, edit: EditKey | undefined): KeyVerdict {
  if (edit === undefined || !inputLineLive(state)) return LEFT;
  if (name === "return" || name.endsWith("+return"))
    return take({ kind: "submit-input", text: draftOf(state, focusedKey(state)) });
  return take({ kind: "edit-input", edit });
}

/**
 * `edit`: the key as the input line reads it. Given, a key left to typing is applied to the
 * focused pane's draft through the store, so each key of a burst sees the one before it.
 */
export function keyIntent(state: UiState, index: KeyIndex, name: string, edit?: EditKey): KeyVerdict {
  if (state.overlay) return overlayKey(state, index, name);
  if (state.broadcast) return broadcastKey(state, index, name);
  if (state.compose && name === "escape") return take({ kind: "cancel-compose" });
  const draft = draftOf(state, focusedKey(state));
  const global = index.global.get(name);
  // A printable help key ("?") is text while something is being typed; F1 is never text.
  const typedText = name.length === 1 && (draft !== "" || state.compose !== null);
  if (global && !(global === "help" && typedText)) return verdict(globalIntent(state, global));
  if (state.compose || draft !== "") return inputLineKey(state, name, edit);
  const view = focusedView(state);
  if (view?.approvals.length) {
    const command = index.approval.get(name);
    if (command) return verdict(approvalIntent(command));
  }
  if (view?.question && /^[1-9]$/.test(name)) {
    const option = Number(name) - 1;
    if (option < view.question.options.length) return take({ kind: "answer-option", index: option });
  }
  return inputLineKey(state, name, edit);
}

/** A paste: text for the focused pane's live input line; elsewhere the open overlay's field takes it. */
export function pasteIntent(state: UiState, text: string): KeyVerdict {
  if (state.overlay || state.broadcast || !inputLineLive(state)) return LEFT;
  return take({ kind: "paste-input", text });
}

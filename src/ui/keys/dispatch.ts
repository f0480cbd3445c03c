/**
 * One keypress → at most one hmux action, decided in this order: the open overlay, a
 * decision being typed, global chords, approval letters, question numbers. Returns
 * whether hmux consumed the key; an unconsumed key belongs to the input line.
 */
import type { AppStore } from "../store/app-store.js";
import {
  abstain,
  answerOption,
  anyRunning,
  cancelCompose,
  decide,
  halt,
  haltAll,
  interrupt,
  startCompose,
} from "../store/intents.js";
import { APPROVAL_COMMANDS, type Command, GLOBAL_COMMANDS, type Keymap } from "./keymap.js";

export interface KeyIndex {
  readonly global: ReadonlyMap<string, Command>;
  readonly approval: ReadonlyMap<string, Command>;
}

export function indexKeymap(keymap: Keymap): KeyIndex {
  const global = new Map<string, Command>();
  const approval = new Map<string, Command>();
  for (const c of GLOBAL_COMMANDS) for (const k of keymap[c]) global.set(k, c);
  for (const c of APPROVAL_COMMANDS) for (const k of keymap[c]) approval.set(k, c);
  return { global, approval };
}

function runGlobal(store: AppStore, command: Command): void {
  switch (command) {
    case "focus.left":
      return store.focusDirection("left");
    case "focus.right":
      return store.focusDirection("right");
    case "focus.up":
      return store.focusDirection("up");
    case "focus.down":
      return store.focusDirection("down");
    case "focus.next":
      return store.focusIndex((store.focus + 1) % Math.max(1, store.panes.length));
    case "focus.previous":
      return store.focusIndex((store.focus + store.panes.length - 1) % Math.max(1, store.panes.length));
    case "pane.zoom":
      return store.toggleZoom();
    case "pane.close":
      return store.closePane();
    case "pane.reopen":
      return store.reopenPane();
    case "session.new":
      return store.openOverlay({ kind: "new-session" });
    case "turn.interrupt":
      return interrupt(store);
    case "session.halt":
      return halt(store);
    case "session.haltAll":
      return haltAll(store);
    case "app.quit":
      return anyRunning(store) ? store.openOverlay({ kind: "quit" }) : store.requestQuit();
    case "help":
      return store.openOverlay({ kind: "help" });
    case "inspector":
      return store.focusedView() ? store.openOverlay({ kind: "inspector" }) : undefined;
    case "scroll.up":
      return store.scroll(-1);
    case "scroll.down":
      return store.scroll(1);
    default:
      if (command.startsWith("focus.")) store.focusIndex(Number(command.slice(6)) - 1);
  }
}

function runApproval(store: AppStore, command: Command): void {
  switch (command) {
    case "approval.allow":
      return decide(store, { decision: "allow" });
    case "approval.deny":
      if (store.overlay?.kind === "approval-full") store.closeOverlay();
      return startCompose(store, "deny");
    case "approval.edit":
      if (store.overlay?.kind === "approval-full") store.closeOverlay();
      return startCompose(store, "edit");
    case "approval.abstain":
      return abstain(store);
    case "approval.full":
      return store.overlay?.kind === "approval-full"
        ? store.closeOverlay()
        : store.openOverlay({ kind: "approval-full" });
  }
}

function overlayKey(store: AppStore, index: KeyIndex, name: string): boolean {
  const overlay = store.overlay!;
  switch (overlay.kind) {
    case "help":
    case "inspector": {
      const global = index.global.get(name);
      if (name === "escape" || name === "q" || name === "return" || global === overlay.kind) store.closeOverlay();
      // The drawer follows focus: it inspects whichever pane you move to.
      else if (overlay.kind === "inspector" && global?.startsWith("focus.")) runGlobal(store, global);
      return true;
    }
    case "quit":
      if (name === "y" || name === "Y") store.requestQuit();
      else if (name === "n" || name === "N" || name === "escape") store.closeOverlay();
      return true;
    case "approval-full": {
      if (name === "escape") {
        store.closeOverlay();
        return true;
      }
      const command = index.approval.get(name);
      if (command) runApproval(store, command);
      return true;
    }
    case "new-session":
      if (name === "escape") {
        store.closeOverlay();
        return true;
      }
      return false;
  }
}

export function dispatchKey(store: AppStore, index: KeyIndex, name: string): boolean {
  if (store.overlay) return overlayKey(store, index, name);
  if (store.compose && name === "escape") {
    cancelCompose(store);
    return true;
  }
  const draft = store.draftOf(store.focusedKey());
  const global = index.global.get(name);
  if (global && !(global === "help" && (draft !== "" || store.compose))) {
    runGlobal(store, global);
    return true;
  }
  if (store.compose || draft !== "") return false;
  const view = store.focusedView();
  if (view?.approvals.length) {
    const command = index.approval.get(name);
    if (command) {
      runApproval(store, command);
      return true;
    }
  }
  if (view?.question && /^[1-9]$/.test(name)) return answerOption(store, Number(name) - 1);
  return false;
}

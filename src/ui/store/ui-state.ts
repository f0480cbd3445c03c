/**
 * The TUI's whole view state as one immutable value, and the questions the screen and the
 * update function ask of it. Nothing here changes a state: `update` (update.ts) makes the
 * next one.
 */

import type { Scorecard } from "../../race/scorecard-schema.js";
import type { Tally } from "../../race/tally.js";
import type { BranchStatus } from "../changes-port.js";
import type { Command } from "../keys/keymap.js";
import { paneBodyRect } from "../layout/pane-geometry.js";
import { type Rect, tile } from "../layout/tile.js";
import type { HarnessChoices } from "../session-launcher.js";
import type { ChangesState } from "./changes-state.js";
import type { PlanCheck } from "./plan-check.js";
import { isActive, type SessionView } from "./session-view.js";
import type { ScrollAnchor } from "./transcript-window.js";

export type Overlay =
  | { readonly kind: "help" }
  | { readonly kind: "inspector" }
  /** Settings side by side: these sessions' resolved settings in columns. */
  | { readonly kind: "settings"; readonly keys: readonly string[] }
  | { readonly kind: "new-session" }
  | { readonly kind: "quit" }
  /** Halting every session is asked first: it cannot be undone. */
  | { readonly kind: "halt-all" }
  | { readonly kind: "approval-full" }
  /** Every waiting approval and question across the sessions (inbox-rows.ts); `selected` is the chosen row. */
  | { readonly kind: "inbox"; readonly selected: number }
  /** The focused session's worktree: files, diff, commit / merge / discard (state in UiState.changes). */
  | { readonly kind: "changes" }
  /** A race's prompt, harnesses and check command. */
  | { readonly kind: "race-dialog" }
  /** The race's scorecard; `confirm` while pick or discard is being asked. */
  | {
      readonly kind: "scorecard";
      readonly selected: number;
      readonly confirm: "pick" | "discard" | null;
      /** Body rows scrolled past, where the card does not fit (scorecard-window.ts). */
      readonly scroll: number;
    };

/** One harness in the TUI's race (update-race.ts). */
export interface RaceContestant {
  readonly harness: string;
  /** Its pane's session key, once the launcher opened it. */
  readonly key: string | null;
  /** Its hmux workspace (worktree) name. */
  readonly workspace: string | null;
  readonly startedAt: number;
  /**
   * Its first turn ended; events after that are not counted. Its time, less the time it waited
   * for a person, is the server's to say (the scorecard), never worked out here.
   */
  readonly ended: boolean;
  readonly tally: Tally;
  /** Why its pane could not be started. */
  readonly failed: string | null;
}

export interface RaceState {
  readonly name: string;
  readonly prompt: string;
  readonly check: string | null;
  readonly contestants: readonly RaceContestant[];
  readonly phase: "running" | "scoring" | "scored" | "failed";
  readonly scorecard: Scorecard | null;
  /** The last thing said about it (a pick's result, a failure). */
  readonly message: string | null;
  /** A pick or discard under way. */
  readonly busy: "pick" | "discard" | null;
  /** Picked or discarded: nothing is left to end. */
  readonly ended: boolean;
}

/**
 * One prompt for several panes (update-broadcast.ts): first panes are marked ("select"), then
 * the prompt is typed once in the bar under the panes ("compose").
 */
export interface Broadcast {
  readonly phase: "select" | "compose";
  /** Session keys marked to receive the prompt, in session order. */
  readonly marked: readonly string[];
  /** The prompt as typed so far. */
  readonly draft: string;
}

/** A decision being typed: a deny reason or an edited input. */
export interface Compose {
  readonly kind: "deny" | "edit";
  readonly sessionKey: string;
  readonly callId: string;
}

/** A key worth pressing next, named by command so the status line shows the key as bound. */
export interface KeyHint {
  readonly command: Command;
  /** What the key does, e.g. "reopens". */
  readonly does: string;
}

/** What a status message announcing work under way waits for: that session's end, or the race's next step. */
export type FlashSubject = { readonly sessionEnds: string } | { readonly race: string };

export interface Flash {
  readonly text: string;
  readonly tone: "info" | "warn" | "error";
  readonly at: number;
  readonly hint?: KeyHint;
  /** Set on an announcement ("halting claude"): the state it announced arriving supersedes it (status-rule.ts). */
  readonly about?: FlashSubject;
}

export interface UiState {
  /** Every session, in the order it was opened (the rail's order). */
  readonly sessions: ReadonlyMap<string, SessionView>;
  /** Session keys shown as panes, in tiling order. Closed panes leave their session running. */
  readonly panes: readonly string[];
  readonly focus: number;
  readonly zoom: boolean;
  readonly overlay: Overlay | null;
  readonly compose: Compose | null;
  /** Panes being marked for, or a prompt being typed for, a broadcast; null otherwise. */
  readonly broadcast: Broadcast | null;
  /** The race started from the race dialog, the latest one; null before any. */
  readonly race: RaceState | null;
  readonly flash: Flash | null;
  readonly drafts: ReadonlyMap<string, string>;
  /** Where the cursor is in a draft being edited; absent: at its end. */
  readonly draftCursors: ReadonlyMap<string, number>;
  readonly anchors: ReadonlyMap<string, ScrollAnchor>;
  /** Sessions whose harness notices line is expanded in their pane. */
  readonly noticesOpen: ReadonlySet<string>;
  /**
   * The native pane keys are typed into, or null while hmux has the keyboard. Only the focused
   * pane can hold it: focus moving on (or the pane leaving the screen) hands the keys back.
   */
  readonly typingInto: string | null;
  readonly columns: number;
  readonly rows: number;
  /** Advances on each cadence tick while the focused session runs: the spinner frame. */
  readonly tick: number;
  /** The instant approval countdowns are drawn at, moved only when one would read differently; 0 with no deadline. */
  readonly clock: number;
  readonly quitRequested: boolean;
  /** The quit asked for halts every session first (else detachable sessions keep running on the server). */
  readonly quitHalts: boolean;
  /** A session from the new-session dialog is being started. */
  readonly launching: boolean;
  /** Why the last start from the dialog failed (cleared when the dialog opens again). */
  readonly launchFailure: string | null;
  /** The server's plan for what a dialog holds: asked, or answered (cleared when a dialog opens). */
  readonly planCheck: PlanCheck | null;
  /**
   * The new-session dialog's harness list as the launcher answered it for the dialog opened as
   * `seq` (null choices: still asked; failure: why not). A reply for an earlier opening is stale.
   */
  readonly harnessOffer: {
    readonly seq: number;
    readonly choices: HarnessChoices | null;
    readonly failure: string | null;
  } | null;
  /** The last plan asked for: a reply to an older one is stale. */
  readonly planSeq: number;
  /** The changes view while it is open. */
  readonly changes: ChangesState | null;
  /** Ahead/behind of each worktree session's branch, as last asked of git (after each turn). */
  readonly branchStatus: ReadonlyMap<string, BranchStatus>;
  /** The person has pressed a key (or clicked) since the TUI started; until then focus follows the first request (first-focus.ts). */
  readonly acted: boolean;
  /**
   * The terminal window has focus, as its focus reports say (ESC[?1004h); true until it says
   * otherwise, so a terminal that never reports keeps the focused pane quiet.
   */
  readonly terminalFocused: boolean;
}

/** Rows the rail (top) and the status line (bottom) take. */
export const CHROME_ROWS = 2;

/** How long a flash stays on the status line. */
export const FLASH_MS = 6000;

export function initialUiState(columns = 160, rows = 48): UiState {
  return {
    sessions: new Map(),
    panes: [],
    focus: 0,
    zoom: false,
    overlay: null,
    compose: null,
    broadcast: null,
    race: null,
    flash: null,
    drafts: new Map(),
    draftCursors: new Map(),
    anchors: new Map(),
    noticesOpen: new Set(),
    typingInto: null,
    columns,
    rows,
    tick: 0,
    clock: 0,
    quitRequested: false,
    quitHalts: false,
    launching: false,
    launchFailure: null,
    planCheck: null,
    harnessOffer: null,
    planSeq: 0,
    changes: null,
    branchStatus: new Map(),
    acted: false,
    terminalFocused: true,
  };
}

export function focusedKey(state: UiState): string | undefined {
  return state.panes[state.focus];
}

export function focusedView(state: UiState): SessionView | undefined {
  const key = focusedKey(state);
  return key === undefined ? undefined : state.sessions.get(key);
}

/**
 * A session's number: its place among all sessions, 1-based. It belongs to the session for its
 * whole life — closing and reopening its pane, or closing another, never renumbers it.
 */
export function sessionNumber(state: UiState, key: string): number {
  return [...state.sessions.keys()].indexOf(key) + 1;
}

/** The session numbered `n`, if there is one. */
export function sessionOfNumber(state: UiState, n: number): string | undefined {
  return [...state.sessions.keys()][n - 1];
}

/** Pane keys in session order, with `key` added (a reopened pane goes back to its place). */
export function panesWith(state: UiState, key: string): string[] {
  const order = [...state.sessions.keys()];
  return [...state.panes, key].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export function draftOf(state: UiState, key: string | undefined): string {
  return key === undefined ? "" : (state.drafts.get(key) ?? "");
}

/** The cursor in a session's draft (0…its length). */
export function draftCursorOf(state: UiState, key: string | undefined): number {
  const draft = draftOf(state, key);
  const at = key === undefined ? undefined : state.draftCursors.get(key);
  return at === undefined ? draft.length : Math.min(at, draft.length);
}

export function anchorOf(state: UiState, key: string): ScrollAnchor | null {
  return state.anchors.get(key) ?? null;
}

export function hiddenKeys(state: UiState): string[] {
  return [...state.sessions.keys()].filter((k) => !state.panes.includes(k));
}

export function anyRunning(state: UiState): boolean {
  for (const view of state.sessions.values()) if (isActive(view)) return true;
  return false;
}

/** Some running session lives on the hmux server, so quitting can leave it running (detach). */
export function anyDetachable(state: UiState): boolean {
  for (const view of state.sessions.values()) if (view.info.detachable && isActive(view)) return true;
  return false;
}

export function hasDeadline(state: UiState): boolean {
  for (const view of state.sessions.values()) if (view.approvals.some((c) => c.deadlineAt !== null)) return true;
  return false;
}

/** Columns the inspector drawer takes while open (0 when closed). */
export function drawerWidth(state: UiState): number {
  if (state.overlay?.kind !== "inspector") return 0;
  return Math.min(72, Math.max(36, Math.floor(state.columns * 0.45)));
}

/** Rows a yes/no question under the panes takes (border included). */
export const CONFIRM_ROWS = 4;

/**
 * Rows the quit or halt-all question, or the broadcast bar, takes while shown (0 when not), so the
 * panes tile above it.
 */
export function confirmRows(state: UiState): number {
  const asked = state.overlay?.kind === "quit" || state.overlay?.kind === "halt-all";
  if (asked) return anyRunning(state) ? CONFIRM_ROWS : 0;
  return state.broadcast && state.overlay === null ? CONFIRM_ROWS : 0;
}

/** Narrower than this (a phone's ssh client), one pane shows at a time and the focus keys switch between them. */
export const ONE_PANE_BELOW_COLUMNS = 60;

/**
 * Whether one pane fills the area: zoomed, or a terminal too narrow for panes side by side,
 * where a pane's approval keys and question would no longer read whole. The rail numbers
 * every pane, and the focus keys (Alt+←/→, Alt+1…9) switch which one shows.
 */
export function onePane(state: UiState): boolean {
  return state.zoom || state.columns < ONE_PANE_BELOW_COLUMNS;
}

/**
 * Rectangles of the visible panes (one when zoomed), inside the area below the rail and above
 * an open question. The same size and pane count give the same objects (tile.ts), so a pane's
 * rect prop is stable.
 */
export function paneRects(state: UiState): readonly Rect[] {
  const height = Math.max(3, state.rows - CHROME_ROWS - confirmRows(state));
  const width = Math.max(10, state.columns - drawerWidth(state));
  return tile(onePane(state) ? 1 : state.panes.length, width, height);
}

/** The visible pane at a cell of the pane area (0-based, below the rail), or null. */
export function paneAt(state: UiState, column: number, row: number): number | null {
  const hit = paneRects(state).findIndex(
    (r) => column >= r.x && column < r.x + r.width && row >= r.y && row < r.y + r.height,
  );
  if (hit < 0) return null;
  return onePane(state) ? state.focus : hit;
}

/** The transcript area of pane `index`, or null when it is not on screen. */
export function paneBody(state: UiState, index: number): { width: number; height: number } | null {
  const key = state.panes[index];
  const view = key === undefined ? undefined : state.sessions.get(key);
  if (!view || (onePane(state) && index !== state.focus)) return null;
  const rect = paneRects(state)[onePane(state) ? 0 : index];
  return rect ? paneBodyRect(rect, view, state.noticesOpen.has(view.key)) : null;
}

export type InputMode = "answer" | "turn" | "steer" | "inject" | "none";

/** How Enter on the input line is delivered in the focused session's current state. */
export function inputMode(state: UiState): InputMode {
  const view = focusedView(state);
  return view ? viewInputMode(view) : "none";
}

/** How text typed for `view` is delivered in its current state (a broadcast asks each pane). */
export function viewInputMode(view: SessionView): InputMode {
  if (!isActive(view)) return "none";
  if (view.question) return "answer";
  if (view.lifecycle === "idle") return "turn";
  if (view.lifecycle === "running" || view.lifecycle === "awaiting-approval") {
    if (view.info.support.steer) return "steer";
    if (view.info.support.inject) return "inject";
  }
  return "none";
}

/**
 * Everything that can change the TUI's state: what the person asks for (intents), what the
 * sessions report, the cadence clock, and the outcome of a port call. `update` folds each
 * into the next state; effects carry out the port calls an intent implies.
 */
import type { Decision, SessionEvent } from "../../core/control/types.js";
import type { UsageTotals } from "../../core/usage/totals.js";
import type { Scorecard } from "../../race/scorecard-schema.js";
import type { BranchStatus, ChangesData, ChangesScope } from "../changes-port.js";
import type { EditKey } from "../components/text-edit.js";
import type { Direction } from "../layout/tile.js";
import type { RaceStartRequest } from "../race-port.js";
import type { HarnessChoices, NewSessionRequest, PlanVerdict } from "../session-launcher.js";
import type { IntentOutcome, SessionInfo } from "../session-port.js";
import type { ChangesAction } from "./changes-state.js";
import type { PlanNext } from "./plan-check.js";
import type { Flash, Overlay } from "./ui-state.js";

/** A step of a broadcast (update-broadcast.ts). */
export type BroadcastAct =
  /** Start marking panes, or leave the broadcast when one is under way. */
  | { readonly do: "toggle" }
  /** Mark or unmark the focused pane, or the session numbered `number`. */
  | { readonly do: "mark"; readonly number?: number }
  /** Mark every pane on screen, or unmark all when all are marked. */
  | { readonly do: "mark-all" }
  /** Done marking: type the prompt. */
  | { readonly do: "compose" }
  | { readonly do: "draft"; readonly text: string }
  | { readonly do: "send"; readonly text: string }
  /** One step back: from the prompt to the marks, from the marks out of the broadcast. */
  | { readonly do: "back" };

/** A step of the TUI's race (update-race.ts). */
export type RaceAct =
  | {
      readonly do: "start";
      readonly prompt: string;
      readonly harnesses: readonly string[];
      readonly check: string | null;
    }
  /** The runner opened the race: the name it recorded it under, and what it said. */
  | { readonly do: "started"; readonly race: string; readonly notes: readonly string[] }
  /** The race was refused as a whole before anything opened. */
  | { readonly do: "start-failed"; readonly message: string }
  | { readonly do: "opened"; readonly harness: string; readonly key: string; readonly workspace: string | null }
  | { readonly do: "launch-failed"; readonly harness: string; readonly message: string }
  | { readonly do: "scored"; readonly scorecard: Scorecard }
  | { readonly do: "score-failed"; readonly message: string }
  | { readonly do: "open-scorecard" }
  | { readonly do: "select"; readonly delta: 1 | -1 }
  /** Scroll the scorecard's body, where it does not fit, a row or a page. */
  | { readonly do: "scroll"; readonly by: 1 | -1; readonly unit: "row" | "page" }
  /** Open the selected contestant's pane (its changes view, where there is one). */
  | { readonly do: "open-contestant" }
  | { readonly do: "ask"; readonly what: "pick" | "discard" }
  /** No to the question asked, or close the scorecard. */
  | { readonly do: "cancel" }
  | { readonly do: "confirm" }
  | { readonly do: "ended"; readonly text: string }
  | { readonly do: "end-failed"; readonly message: string };

/** A step in the inbox overlay (update-inbox.ts); decisions act on its chosen row. */
export type InboxAct =
  | { readonly do: "open" }
  | { readonly do: "close" }
  | { readonly do: "select"; readonly delta: number }
  | { readonly do: "jump" }
  | { readonly do: "decide"; readonly decision: Decision }
  | { readonly do: "abstain" }
  | { readonly do: "always"; readonly scope: "session" | "path" }
  | { readonly do: "compose"; readonly compose: "deny" | "edit" };

export type Intent =
  | { readonly kind: "race"; readonly act: RaceAct }
  | { readonly kind: "inbox"; readonly act: InboxAct }
  | { readonly kind: "broadcast"; readonly act: BroadcastAct }
  | { readonly kind: "focus"; readonly index: number }
  /** Alt+N: the session numbered N, its pane reopened if it was closed. */
  | { readonly kind: "focus-number"; readonly number: number }
  /** The session whose request has waited longest, wherever it is. */
  | { readonly kind: "focus-attention" }
  | { readonly kind: "focus-direction"; readonly direction: Direction }
  | { readonly kind: "focus-step"; readonly delta: 1 | -1 }
  | { readonly kind: "toggle-zoom" }
  /** Expand or collapse the focused pane's harness notices. */
  | { readonly kind: "toggle-notices" }
  | { readonly kind: "close-pane" }
  | { readonly kind: "reopen-pane" }
  | { readonly kind: "open-overlay"; readonly overlay: Overlay }
  | { readonly kind: "close-overlay" }
  /** Settings side by side for the marked panes (a broadcast being set up), else every pane on screen. */
  | { readonly kind: "compare-settings" }
  | { readonly kind: "toggle-approval-full" }
  /** Keys go into the focused native pane (typing), or back to hmux's own bindings. */
  | { readonly kind: "native-keys"; readonly to: "pane" | "hmux" }
  | { readonly kind: "set-draft"; readonly key: string; readonly text: string }
  /** A key typed on the focused pane's input line: it edits the draft at its cursor. */
  | { readonly kind: "edit-input"; readonly edit: EditKey }
  /** Text pasted on the focused pane's input line, its line breaks kept. */
  | { readonly kind: "paste-input"; readonly text: string }
  | { readonly kind: "submit-input"; readonly text: string }
  | { readonly kind: "answer-option"; readonly index: number }
  | { readonly kind: "decide"; readonly decision: Decision }
  | { readonly kind: "start-compose"; readonly compose: "deny" | "edit" }
  | { readonly kind: "abstain" }
  | { readonly kind: "cancel-compose" }
  | { readonly kind: "interrupt" }
  | { readonly kind: "halt" }
  | { readonly kind: "halt-all" }
  /** Reopen the focused session that has ended, through the harness's own resume. */
  | { readonly kind: "resume" }
  | { readonly kind: "ask-halt-all" }
  | { readonly kind: "allow-always"; readonly scope?: "path" }
  | { readonly kind: "revoke-rule"; readonly key: string; readonly index: number }
  /** Quit, asking first while sessions run. */
  | { readonly kind: "quit" }
  /** Quit without asking (the dialog's yes, or detach): server sessions keep running, local ones end. */
  | { readonly kind: "quit-now" }
  /** Halt every session, then quit (the quit question's "halt all"). */
  | { readonly kind: "quit-halt" }
  | { readonly kind: "scroll-pages"; readonly pages: number }
  | { readonly kind: "scroll-rows"; readonly index: number; readonly rows: number }
  /**
   * Ask the server to plan what a dialog holds (nothing starts); once every request is planned
   * without a refusal, `next` follows: the session starts, the race starts, or nothing (a preview).
   */
  | { readonly kind: "plan"; readonly requests: readonly NewSessionRequest[]; readonly next: PlanNext }
  | { readonly kind: "resize"; readonly columns: number; readonly rows: number }
  /** A key hmux took that does nothing here: still the person's last key, so it clears what the status line said. */
  | { readonly kind: "key-ignored" }
  | ChangesIntent
  | { readonly kind: "flash"; readonly text: string; readonly tone: Flash["tone"]; readonly hint?: Flash["hint"] };

export type Msg =
  | Intent
  /** `pane: false`: the session waits on the rail without a pane (the reopen key opens it). */
  | { readonly kind: "session-opened"; readonly key: string; readonly info: SessionInfo; readonly pane?: boolean }
  | { readonly kind: "session-event"; readonly key: string; readonly event: SessionEvent }
  /** Events that arrived together (a replay on attach), folded in as one step; `times`: when each happened, where known. */
  | {
      readonly kind: "session-events";
      readonly key: string;
      readonly events: readonly SessionEvent[];
      readonly times?: readonly (number | undefined)[];
    }
  /** The session is gone from where it ran (another client killed it on the server): its pane closes. */
  | { readonly kind: "session-gone"; readonly key: string; readonly why: string }
  /** The server's row says what the session spent so far (it priced every record). */
  | { readonly kind: "session-usage"; readonly key: string; readonly usage: UsageTotals }
  /** The commit cadence: spinners advance, flashes expire, countdowns move on. */
  | { readonly kind: "clock" }
  /** The terminal reported its window gained or lost focus (focus reporting, ESC[?1004h). */
  | { readonly kind: "terminal-focus"; readonly focused: boolean }
  | { readonly kind: "outcome"; readonly what: string; readonly outcome: IntentOutcome }
  | { readonly kind: "outcome-failed"; readonly what: string; readonly message: string }
  | { readonly kind: "launched" }
  | { readonly kind: "launch-failed"; readonly message: string }
  /** The server's verdicts for plan `seq`, one per request in its order. */
  | { readonly kind: "planned"; readonly seq: number; readonly verdicts: readonly PlanVerdict[] }
  /** The server's harness list for the dialog opened as `seq`. */
  | { readonly kind: "harnesses-offered"; readonly seq: number; readonly choices: HarnessChoices }
  /** The server could not be asked for it, or refused: the dialog's refusal. */
  | { readonly kind: "harnesses-failed"; readonly seq: number; readonly message: string }
  /** The server could not be asked for plan `seq` (the connection, a malformed reply). */
  | { readonly kind: "plan-failed"; readonly seq: number; readonly message: string }
  | ChangesReport;

/** What the person does in the changes view (update-changes.ts). */
export type ChangesIntent =
  /** Open the view for the focused pane's worktree. */
  | { readonly kind: "open-changes" }
  /** Against the base ⇄ this turn only. */
  | { readonly kind: "changes-scope" }
  | { readonly kind: "changes-turn"; readonly delta: 1 | -1 }
  /** Scroll the body; ±Infinity goes to an end. */
  | { readonly kind: "changes-scroll"; readonly rows: number }
  /** Start typing the commit message (prefilled from the turn's prompt). */
  | { readonly kind: "changes-commit" }
  | { readonly kind: "changes-message"; readonly text: string }
  | { readonly kind: "changes-commit-submit"; readonly text: string }
  | { readonly kind: "changes-merge" }
  /** Ask before discarding; the confirm carries it out. */
  | { readonly kind: "changes-discard" }
  | { readonly kind: "changes-discard-confirm" }
  /** Esc: leave the message field or the question, else close the view. */
  | { readonly kind: "changes-back" };

/** What the git work behind the changes view reported (effects.ts). */
export type ChangesReport =
  | { readonly kind: "changes-loaded"; readonly key: string; readonly seq: number; readonly data: ChangesData }
  | {
      readonly kind: "changes-load-failed";
      readonly key: string;
      readonly seq: number;
      readonly message: string;
      readonly hint?: string;
    }
  | { readonly kind: "changes-done"; readonly key: string; readonly action: ChangesAction; readonly text: string }
  | {
      readonly kind: "changes-failed";
      readonly key: string;
      readonly action: ChangesAction;
      readonly message: string;
      readonly files: readonly string[];
      readonly hint?: string;
    }
  | { readonly kind: "branch-status"; readonly key: string; readonly status: BranchStatus };

/** A port call (or a notification) an update asks for; run by effects.ts, never by update. */
export type Effect =
  | {
      readonly kind: "send";
      readonly key: string;
      readonly text: string;
      readonly mode: "turn" | "steer" | "inject";
      readonly what: string;
    }
  | { readonly kind: "answer"; readonly key: string; readonly text: string }
  | {
      readonly kind: "decide";
      readonly key: string;
      readonly callId: string;
      readonly decision: Decision;
      /** An allow that also makes a session rule in the core (tool.decide's scope). */
      readonly scope?: "session" | "path";
      readonly what: string;
    }
  | { readonly kind: "revoke-rule"; readonly key: string; readonly ruleId: string; readonly what: string }
  | { readonly kind: "interrupt"; readonly key: string }
  | { readonly kind: "launch"; readonly request: NewSessionRequest }
  /** The dialog's harness list from the launcher; answered as `harnesses-offered` or `harnesses-failed`. */
  | { readonly kind: "offer-harnesses"; readonly seq: number }
  /** The server's dry run for each request; answered as `planned` or `plan-failed` with `seq`. */
  | { readonly kind: "plan"; readonly seq: number; readonly requests: readonly NewSessionRequest[] }
  | { readonly kind: "halt"; readonly key: string; readonly what: string }
  | { readonly kind: "resume"; readonly key: string }
  /** A race started by its runner: every contestant's session in its own worktree. */
  | { readonly kind: "race-start"; readonly request: RaceStartRequest }
  | { readonly kind: "race-score"; readonly race: string }
  | { readonly kind: "race-pick"; readonly race: string; readonly harness: string }
  | { readonly kind: "race-discard"; readonly race: string }
  | {
      readonly kind: "notify";
      readonly key: string;
      readonly title: string;
      readonly reason: string;
      readonly why: "approval" | "question" | "failure";
    }
  | { readonly kind: "changes-load"; readonly key: string; readonly seq: number; readonly scope: ChangesScope }
  | { readonly kind: "changes-act"; readonly key: string; readonly action: ChangesAction; readonly message?: string }
  /** Ask git for the worktree branch's ahead/behind (after a turn, after an action). */
  | { readonly kind: "branch-status"; readonly key: string };

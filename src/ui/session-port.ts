/**
 * The narrow surface the TUI needs from a running session. The UI renders what a port
 * reports and sends intents back through it; it never sees a native stream. The core's
 * session handle (src/core/exec/session-types.ts) is adapted to this in
 * src/ui/handle-session-port.ts.
 */
import type { CommandOutcome, Decision, Disposition, SessionEvent } from "../core/control/types.js";
import type { ControlSnapshot } from "../core/exec/control-snapshot.js";
import type { InputSupport } from "../core/exec/input-support.js";
import type { HarnessName } from "../core/harness-names.js";
import type { ResolvedSettingView } from "../core/launch/settings-view.js";
import type { SessionChanges } from "./changes-port.js";

export type { InputSupport, ResolvedSettingView };

export interface WorkspaceInfo {
  readonly name: string;
  readonly branch: string;
  readonly base: string;
}

export interface SessionInfo {
  readonly harness: HarnessName;
  /** hmux's own id for the session (the one `hmux ls` lists and every command takes), when the port knows it. */
  readonly id?: string;
  readonly model?: string;
  readonly effort?: string;
  readonly cwd?: string;
  /** A human label; defaults to the harness name. */
  readonly label?: string;
  /** The session's own git worktree (hmux --worktree): its branch shows in the pane header. */
  readonly workspace?: WorkspaceInfo;
  readonly settings: readonly ResolvedSettingView[];
  readonly support: InputSupport;
  /** A harness's own UI (or a shell) in a terminal: keys can be typed into it. */
  readonly native?: boolean;
  /** The session can be reopened once it has ended (the port has `resume`): the ended pane offers the key. */
  readonly resumable?: boolean;
  /** The prompt hmux sends as the first turn: the pane shows it as if typed, whether or not the harness echoes it. */
  readonly initialPrompt?: string;
  /** The session lives on the hmux server: it keeps running when this TUI detaches. */
  readonly detachable?: boolean;
  /**
   * What the launch said while opening it (its setup commands' output, the pipeline's notes), as the
   * server's create answered: the pane shows each as a note before anything the harness says.
   */
  readonly launchNotes?: readonly string[];
}

/** Control-plane state the inspector shows; read on demand, never streamed into React. */
export type { ControlSnapshot } from "../core/exec/control-snapshot.js";

/** A command's result, or a send's disposition (started / rejected with a reason). */
export type IntentOutcome = CommandOutcome | Disposition;

export type SessionListener = (event: SessionEvent) => void;
/**
 * Events that arrived together (a server session's replay), in order; a live event comes alone.
 * `times`, index for index, says when a replayed event happened (epoch ms on this machine's
 * clock), so the pane reads as it did live; an event without one is folded as it arrives.
 */
export type SessionBatchListener = (events: readonly SessionEvent[], times?: readonly (number | undefined)[]) => void;

export interface SessionPort {
  readonly info: SessionInfo;
  /** Called once the UI has subscribed, so no event is missed (a real session spawns here). */
  start?(): Promise<void>;
  /** Every event from now on; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
  /**
   * As subscribe, with events that arrived together handed over together, so the store folds a
   * replay of thousands of events into its state once instead of once per event.
   */
  subscribeBatched?(listener: SessionBatchListener): () => void;
  /** Start a turn with this prompt (idle), or steer/inject while running where supported. */
  send(text: string, mode: "turn" | "steer" | "inject"): Promise<IntentOutcome>;
  /** Answer the open question; the session resumes. */
  answer(text: string): Promise<IntentOutcome>;
  /** Decide a pending call; `scope` session (or path, a path tool's one path) also makes a session rule (the core's, allow-rules.ts). */
  decide(callId: string, decision: Decision, scope?: "session" | "path"): Promise<CommandOutcome>;
  /** Take back one of the session's rules (rule.revoke). */
  revokeRule?(ruleId: string): Promise<CommandOutcome>;
  interrupt(): Promise<CommandOutcome>;
  halt(): Promise<CommandOutcome>;
  /**
   * Reopen a session that has ended through the harness's own resume (its journal or its own
   * session id); its events go on reaching the same subscribers, a resumed `session` first.
   */
  resume?(): Promise<IntentOutcome>;
  /** Release the session's resources (a detachable one only stops being watched); the UI calls this on quit, never on closing a pane. */
  close(): Promise<void>;
  control?(): ControlSnapshot | undefined;
  /** The session's git worktree, for the changes view; absent when it runs in a plain folder. */
  readonly changes?: SessionChanges;
}

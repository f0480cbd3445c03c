/**
 * The contract of `launch()` (launch.ts): what an entry point asks for (a LaunchRequest built from
 * its flags or its server op), what the composition root hands in (LaunchPorts: the same fields
 * an AppContext has), and what comes back (a Launched turn or session, holding everything the
 * launch made until it is let go). Entry points only build the request; every step around the
 * plan (workspace, state dir, setup, runtime, snapshots, journal, release) is launch()'s.
 */
import type { HarnessRegistry } from "../adapters/registry.js";
import type { SessionEvent } from "../core/control/types.js";
import type { HarnessEvent } from "../core/events.js";
import type { Clock, FileSystemPort, Spawner } from "../core/exec/ports.js";
import type { ControlName } from "../core/exec/session-bridge.js";
import type { ApprovalMode, SessionHandle } from "../core/exec/session-types.js";
import type { HarnessName } from "../core/harness-names.js";
import type { ResolvedSettingView } from "../core/launch/settings-view.js";
import type { LaunchPlan, LaunchPorts as PlanPorts } from "../core/launch/types.js";
import type { TurnOptions } from "../core/options/types.js";
import type { LaunchOptions, SessionPorts } from "../session/launch.js";
import type { WorkspaceLease, WorkspacePorts } from "../workspace/lease.js";

/**
 * Who is launching: the kind decides the plan's channel, the state dir rule (state-dir.ts) and
 * the runtime (a one-shot turn or a session); nothing else about a launch depends on who asked.
 */
export type LaunchKind = "run" | "race-contestant" | "session" | "server-create" | "server-resume" | "native";

/** Where the launch works: a worktree of its own (opened by session id), or the folder itself. */
export type WorkspaceChoice =
  | {
      /** --worktree (true), --worktree NAME, --no-worktree (false), or not given (config decides). */
      readonly flag: string | boolean | undefined;
      readonly base?: string;
    }
  /** A resumed session returns to its own folder, and holds that folder's workspace again if it is one. */
  | "its-own";

interface CommonRequest {
  readonly harness: string;
  /** Absolute: the entry point resolves a relative one against its own. */
  readonly cwd: string;
  /** Settings the caller gave (flags, the op's options): the strongest tier. */
  readonly args: TurnOptions;
  readonly workspace: WorkspaceChoice;
  /** Each note as it is made (workspace, plan, setup output); all of them are also in Launched.notes. */
  readonly onNote?: (line: string) => void;
}

export interface TurnLaunchRequest extends CommonRequest {
  readonly kind: "run" | "race-contestant";
  readonly prompt: { readonly text: string; readonly explicit: boolean };
  /** Native arguments after `--`. */
  readonly passthrough: readonly string[];
  /** --env: on top of the plan's environment; an empty value unsets. */
  readonly callerEnv: Readonly<Record<string, string>>;
  /** The harness's own session id to continue, or the most recent one. */
  readonly resume?: string;
  readonly resumeLast?: boolean;
  /** What `hmux diff --turn` calls the turn's snapshot. */
  readonly turnLabel: string;
}

export interface SessionLaunchRequest extends CommonRequest {
  readonly kind: "session" | "server-create" | "server-resume";
  /** false: cwd is only where the caller stands, and a resumed journal's own folder is used instead. */
  readonly cwdGiven: boolean;
  /** A fresh session's id (--session-id); absent: a random one. A resume takes its journal's. */
  readonly sessionId?: string;
  /** An hmux journal id (its id, state dir and harness id continue) or the harness's own session id. */
  readonly resume?: string;
  readonly approvals: ApprovalMode;
  readonly requiredControls: readonly ControlName[];
  /** The caller's decision budget (--decision-budget), the strongest tier of that rule. */
  readonly decisionBudgetMs?: number;
  /** Journal every event ($XDG_STATE_HOME/hmux/sessions/<id>.ndjson). */
  readonly journal: boolean;
}

/**
 * A native pane (a harness's own UI in a pty): launch() plans it, makes its state dir and says its
 * notes; the composition root spawns the terminal from that plan, since a pty is its to make. It
 * has no worktree, journal or turns of hmux's.
 */
export interface PaneLaunchRequest {
  readonly kind: "native";
  readonly harness: string;
  /** Absolute. */
  readonly cwd: string;
  /** What the pane asks for (its endpoint, its model): the strongest tier. */
  readonly args: TurnOptions;
  readonly onNote?: (line: string) => void;
}

export type LaunchRequest = TurnLaunchRequest | SessionLaunchRequest | PaneLaunchRequest;

/** What launch() runs on: the composition root's context has every one of these. */
export interface LaunchPorts {
  readonly registry: HarnessRegistry;
  /** The plan's ports; launch() adds the state dir. */
  readonly launch: Omit<PlanPorts, "stateDir">;
  readonly workspace: WorkspacePorts;
  readonly session: SessionPorts;
  readonly spawners: { readonly pipe: () => Spawner; readonly pty: () => Spawner };
  readonly clock: Clock;
  readonly fs: FileSystemPort;
  /** Where hmux's state lives, as the composition root read it once (the context's paths). */
  readonly paths: LaunchPaths;
}

/** The dirs a launch keeps state in: the journals and session dirs, and the isolated turns' root. */
export interface LaunchPaths {
  readonly sessions: string;
  readonly isolated: string;
}

interface CommonLaunched {
  readonly harness: HarnessName;
  readonly sessionId: string;
  readonly cwd: string;
  readonly plan: LaunchPlan;
  /** The resolved settings with their tiers, as an inspector shows them. */
  readonly settings: readonly ResolvedSettingView[];
  /** Every note the launch made, in order (also handed to onNote as it was made). */
  readonly notes: readonly string[];
  /** The worktree the launch holds, when it runs in one. */
  readonly lease: WorkspaceLease | null;
}

export interface TurnRun {
  readonly signal: AbortSignal;
  readonly maxLineBytes?: number;
  /** Events the reader is owed before any harness output (a resumed turn's warnings). */
  readonly leadingEvents?: readonly HarnessEvent[];
}

export interface LaunchedTurn extends CommonLaunched {
  readonly kind: "turn";
  /** Settings a race contestant's harness could not express, dropped for it alone (plan-step.ts). */
  readonly dropped: readonly { readonly key: string; readonly value: unknown; readonly reason: string }[];
  /** Snapshots the worktree, then runs the turn; the events end in `done`. */
  run(run: TurnRun): AsyncGenerator<SessionEvent, void, undefined>;
  /** After the turn (or instead of it): the state dir unless it became resumable, and the worktree's hold. */
  release(): void;
  /** The launch was called off before its turn: a worktree it created goes too. */
  abandon(): Promise<void>;
}

export interface LaunchedSession extends CommonLaunched {
  readonly kind: "session";
  /** What the session runtime was started with (session-options.ts): every setting where it went. */
  readonly options: LaunchOptions;
  readonly handle: SessionHandle;
  /** Settled once the session closed and everything it held (snapshots, journal, state dir, worktree) is let go. */
  readonly released: Promise<void>;
}

export interface LaunchedPane {
  readonly kind: "pane";
  readonly harness: HarnessName;
  readonly cwd: string;
  readonly plan: LaunchPlan;
  readonly settings: readonly ResolvedSettingView[];
  readonly notes: readonly string[];
  /** Where the pane's harness keeps the files its endpoint needs, when it has one. */
  readonly stateDir?: string;
  /** The pane closed: its state dir goes. */
  release(): void;
}

export type Launched = LaunchedTurn | LaunchedSession | LaunchedPane;

/**
 * The launch pipeline's contract: what an entry point asks for (LaunchRequest), what it hands in
 * to reach files, binaries and config (LaunchPorts), and what it gets back (a LaunchPlan or the
 * refusals). `hmux run`, `hmux session`, TUI panes and native panes all go through it.
 */
import type { HostFacts, TurnRequest } from "../argv/types.js";
import type { LoadedConfigs } from "../config/load.js";
import type { ResolvedConfigSettings, ResolvedPolicy } from "../config/settings.js";
import type { HarnessDescriptor } from "../descriptor.js";
import type { Invocation } from "../exec/invocation.js";
import type { BridgeCapabilities } from "../exec/session-bridge.js";
import type { HarnessName } from "../harness-names.js";
import type { HarnessSettingSpec } from "../options/harness-settings.js";
import type { ResolvedTurnOptions } from "../options/resolve.js";
import type { ProvenanceTier, RunInputs, TurnOptions } from "../options/types.js";
import type { DecisionBudget } from "./decision-budget.js";

/**
 * Which channel the entry point needs: one headless turn (run), a multi-turn session (a process
 * session, or one process per turn where the harness has no session channel), a TUI pane (a
 * process session only), or a native terminal pane.
 */
export type LaunchEntry = "run" | "session" | "pane" | "native";

export interface LaunchRequest {
  readonly entry: LaunchEntry;
  /** The harness as the user typed it; an unknown name is a refusal. */
  readonly harness: string;
  /** The working directory, absolute (the entry point resolves a relative one against its own). */
  readonly cwd: string;
  /** Settings given on the command line or in the dialog: the strongest tier. */
  readonly args: TurnOptions;
  /** Resuming (by id or most-recent) resolves only what a resume may change. */
  readonly mode: "launch" | "resume";
  /** The user's prompt as typed; the plan composes the question preamble around it. */
  readonly prompt: string;
  /** Everything else the harness's planner reads (resume ids, passthrough, the caller's env). */
  readonly inputs?: Omit<RunInputs, "prompt" | "cwd">;
  /** The session's own git worktree (hmux --worktree): cwd is its path; provenance records it. */
  readonly workspace?: LaunchWorkspace;
  /** false: plan without the binary installed (`hmux inspect --argv`); argv[0] stands in for it. */
  readonly requireBinary?: boolean;
  /** The caller's own decision budget in ms (`--decision-budget`): the strongest tier of that rule. */
  readonly decisionBudgetMs?: number;
}

/** A session's git worktree, as the entry point opened it (src/workspace). */
export interface LaunchWorkspace {
  readonly name: string;
  readonly path: string;
  readonly branch: string;
  /** The base as the user named it, and the commit the worktree started from. */
  readonly base: string;
  readonly baseCommit: string;
  /** Who asked for it: --worktree (arg) or config workspace.worktree "auto". */
  readonly tier: ProvenanceTier;
}

/** The harness facts and planner the pipeline needs; the adapter registry supplies them. */
export interface LaunchHarness {
  readonly name: HarnessName;
  readonly descriptor: HarnessDescriptor;
  /** Its vendor credential variables, withheld when the launch has a custom endpoint. */
  readonly credentialEnv: readonly string[];
  /** The harness's own settings (its module's option specs): resolved with the rest, each under its key. */
  readonly options?: readonly HarnessSettingSpec[];
  /** Pure: resolved options → the invocation, or a RefusalError for what the harness cannot express. */
  planTurn(request: TurnRequest): Invocation;
  /**
   * Present when the harness's one-shot turn refuses, by its own permission system, every call
   * nobody approved (claude -p asks nobody); absent: the one-shot turn runs calls unasked.
   */
  readonly oneShotGate?: { readonly why: string };
  /** Its session support: a process session whose bridge hands calls to hmux can gate a one-shot turn. */
  readonly session?:
    | {
        readonly kind: "process";
        readonly capabilities: BridgeCapabilities;
        /** Turn settings beyond the common ones (turn-gate.ts) its session plan honours. */
        readonly carries?: readonly string[];
      }
    | { readonly kind: "turn-per-process" }
    | null;
}

/**
 * Who decides a gated call in a one-shot turn (turn-gate.ts): nobody (--autonomy), the harness's
 * own permission system, or hmux's policy through the harness's session channel.
 */
export interface TurnGate {
  readonly kind: "unchecked" | "harness" | "policy-session";
  readonly why: string;
}

/** The binary that will run, as the binary port found it. */
export interface LaunchBinary {
  readonly executable: string;
  /** Arguments before the harness's own (a node script when the harness is a JS file). */
  readonly prefixArgs: readonly string[];
  /** Why this one was picked, when a preferred candidate was skipped. */
  readonly note?: string;
}

export type BinaryLookup =
  | { readonly ok: true; readonly binary: LaunchBinary }
  | { readonly ok: false; readonly message: string; readonly hint: string };

/** Everything outside pure logic the pipeline touches, injected by the composition root. */
export interface LaunchPorts {
  /** The harness named, or a RefusalError naming the ones that exist. */
  harness(name: string): LaunchHarness;
  /** Every harness, for refusals that name the ones that would work. */
  harnesses(): readonly LaunchHarness[];
  isDirectory(path: string): boolean;
  /** The user and project config tiers for a working directory; throws ConfigError on a bad file. */
  configFiles(cwd: string): LoadedConfigs;
  binary(harness: HarnessName): BinaryLookup;
  /** The isolated state dir for this launch (created or found by the entry point) and a line saying where; may refuse. */
  stateDir(need: { readonly resume?: string; readonly resumeLast: boolean }): {
    readonly dir: string;
    readonly note?: string;
  };
  readonly host: HostFacts;
}

export interface LaunchPlan {
  readonly entry: LaunchEntry;
  readonly harness: HarnessName;
  readonly cwd: string;
  /** The session's worktree, when it has one (also in resolved.provenance as "workspace"). */
  readonly workspace?: LaunchWorkspace;
  /** The effective settings with their tiers, divergence and untrusted project settings. */
  readonly resolved: ResolvedTurnOptions;
  /** resolved.options with the question default applied. */
  readonly options: TurnOptions;
  /** What is allowed without asking (config `policy`, else hmux's default), and which tier said so. */
  readonly policy: { readonly value: ResolvedPolicy; readonly tier: ProvenanceTier };
  /**
   * Project policy and UI settings an untrusted project asked for and did not get (the turn
   * options' own are in resolved.untrusted): from the same one read of the config files.
   */
  readonly untrustedSettings: ResolvedConfigSettings["untrusted"];
  readonly escalateQuestions: boolean;
  /** How long a gated call waits for an answer (src/core/launch/decision-budget.ts), and who said so. */
  readonly decisionBudget: DecisionBudget;
  /** Whether HOME and the harness's config dirs move under the state dir. */
  readonly isolate: boolean;
  /** The isolated state dir, when isolated. */
  readonly stateDir?: string;
  /**
   * A one-shot turn's gate (entry "run"): "policy-session" runs the turn through the harness's
   * session channel with hmux's policy deciding, instead of spawning `invocation`. Absent elsewhere:
   * sessions and panes are gated by their own approval mode.
   */
  readonly gate?: TurnGate;
  /** The turn as the harness would be started for this prompt (`hmux run` spawns exactly this). */
  readonly invocation: Invocation;
  readonly binary: LaunchBinary;
  /**
   * The environment the harness starts from (harness-env.ts): hmux's own, without HMUX_*
   * variables and, with a custom endpoint, without the harness's vendor credentials. Every
   * entry point spawns from exactly this; the harness's plan and the caller's --env go on top.
   */
  readonly env: Readonly<Record<string, string>>;
  /** Lines for stderr: why a run is isolated, a binary fallback. */
  readonly notes: readonly string[];
}

export type LaunchOutcome =
  | { readonly ok: true; readonly plan: LaunchPlan }
  | { readonly ok: false; readonly refusals: readonly Error[] };

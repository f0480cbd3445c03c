/**
 * Opens a session on a real harness: picks the adapter's session planner and bridge, writes
 * the planned files, and wires the real pipe spawner and clock into the core runtime. Used
 * by `hmux session`, the control socket and the TUI.
 */

import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import type { HarnessAdapter, ProcessSession } from "../adapters/adapter.js";
import type { HarnessRegistry } from "../adapters/registry.js";
import type { AllowRule } from "../core/control/allow-rules.js";
import type { WaitingQuestion } from "../core/control/machine-types.js";
import type { SessionEvent } from "../core/control/types.js";
import { createOneShotSession } from "../core/exec/oneshot-session.js";
import type { OneShotSessionPlan } from "../core/exec/oneshot-session-types.js";
import type { Clock, FileSystemPort, Spawner, SpawnRequest } from "../core/exec/ports.js";
import { createSession } from "../core/exec/session.js";
import type { ControlName, SessionBridge } from "../core/exec/session-bridge.js";
import type { SessionFile, SessionRequest } from "../core/exec/session-plan-types.js";
import type { ApprovalMode, SessionHandle, SessionPlan } from "../core/exec/session-types.js";
import type { HarnessName } from "../core/harness-names.js";
import { harnessResumeOf } from "../core/launch/harness-resume.js";
import { RefusalError } from "../core/refusal.js";
import { ownedTempPrefix } from "../core/temp-owner.js";
import { makePrivateDir, makePrivateTempDir } from "../files/private-dir.js";
import { layOutSpawn } from "../files/spawn-files.js";
import { listenControlSocket } from "./control-socket.js";
import { planOneShotSession } from "./launch-oneshot.js";

/** Harnesses with one process for a whole session (a bridge each); the TUI's panes drive these. */
export function processSessionHarnesses(registry: HarnessRegistry): string[] {
  return registry.adapters.filter((a) => a.session?.kind === "process").map((a) => a.name);
}

/**
 * A pane for every harness whose module says the demo is written for it and that has a process
 * session (what a TUI pane runs), in the registry's order. Others (ACP agents, plugins) join
 * when named: a new user's first screen shows the three native channels, not every agent installed.
 */
export function demoHarnesses(registry: HarnessRegistry): readonly string[] {
  const forDemo = new Set(registry.adapters.filter((a) => a.inDemo === true).map((a) => a.name));
  return processSessionHarnesses(registry).filter((name) => forDemo.has(name));
}
/** Every harness `hmux session` runs: the process sessions, then the one-shot ones (a process per turn). */
export function sessionHarnesses(registry: HarnessRegistry): string[] {
  return [
    ...processSessionHarnesses(registry),
    ...registry.adapters.filter((a) => a.session?.kind === "turn-per-process").map((a) => a.name),
  ];
}

export interface LaunchOptions {
  readonly harness: HarnessName;
  /** Where the harness is looked up: the composition root's registry. */
  readonly registry: HarnessRegistry;
  readonly sessionId?: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly endpoint?: string;
  readonly model?: string;
  readonly effort?: string;
  /** The access preset, for a harness whose session renders it. */
  readonly access?: SessionRequest["access"];
  /** The harness's own settings, as the launch resolved them (its planner and bridge read them). */
  readonly harnessOptions?: SessionRequest["harnessOptions"];
  /** The harness's own session/thread id to continue. */
  readonly resume?: string;
  readonly origin?: "fresh" | "resumed";
  readonly isolate: boolean;
  /**
   * Where isolated homes and planned files live, kept after the session for the caller (its
   * journal may resume from it). Absent: a fresh temp dir, removed when the session closes.
   */
  readonly stateDir?: string;
  readonly approvals: ApprovalMode;
  /** The policy's classifier and headless deny reason (src/core/control/policy.ts). */
  readonly classify?: SessionPlan["classify"];
  readonly headlessDenyReason?: string;
  /**
   * A verdict function, kept for callers written before the policy classifier existed (the
   * approval bench): an allow classifies the call safe, anything else leaves it gated.
   */
  readonly policy?: (call: {
    readonly tool: string;
    readonly canonical?: string;
    readonly input: unknown;
  }) => { readonly decision: string } | null;
  readonly stallMs?: number;
  readonly decisionBudgetMs?: number;
  readonly requiredControls?: readonly ControlName[];
  /** The worker may ask when blocked (a question event); true unless a caller says otherwise, as everywhere. */
  readonly escalateQuestions?: boolean;
  /** What to exec for the harness: the executable and any prefix arguments (a node wrapper). */
  readonly binary?: readonly string[];
  /**
   * Turns already run before this resume, so turn ids continue. 0 (said, not absent) means hmux
   * knows none ran: the harness is started fresh instead of resuming (src/core/launch/harness-resume.ts).
   */
  readonly turnsBefore?: number;
  /** The question the journal left waiting for its answer (its server died first): asked again. */
  readonly waitingQuestion?: WaitingQuestion;
  /** "Allow always" rules a resumed session keeps (its journal's). */
  readonly rules?: readonly AllowRule[];
  /** Every event, in order: the journal's writer, which launch() (src/launch) owns. */
  readonly record?: (event: SessionEvent) => void;
  /**
   * Listen for `hmux control <id>` on the session's socket until it closes; `env` is hmux's own
   * environment, which names the runtime dir the socket goes in (not the harness's).
   */
  readonly controlSocket?: { readonly env: Readonly<Record<string, string | undefined>> };
  /** Where notes go (the socket path, a socket that could not be opened). */
  readonly note?: (line: string) => void;
}

/** The real ports a session runs on, handed in by the composition root (src/main/context.ts). */
export interface SessionPorts {
  /** A fresh pipe spawner for each session. */
  readonly spawner: () => Spawner;
  readonly clock: Clock;
  readonly fs: FileSystemPort;
}

interface Planned {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
  readonly dirs: readonly string[];
  readonly bridge: SessionBridge;
}

function processSessionOf(adapter: HarnessAdapter, registry: HarnessRegistry): ProcessSession {
  if (adapter.session?.kind === "process") return adapter.session;
  const harness = adapter.name;
  throw new RefusalError(
    `${harness} has no multi-turn session channel: hmux runs it one turn at a time with resume (hmux run ${harness} --resume <id>)`,
    {
      issue: "no-session-mode",
      harness,
      supported: processSessionHarnesses(registry),
      hint: `hmux run ${harness} "<prompt>"`,
    },
  );
}

function plan(session: ProcessSession, request: SessionRequest): Planned {
  return { ...session.plan(request), bridge: session.createBridge(request) };
}

function classifierOf(policy: NonNullable<LaunchOptions["policy"]>): NonNullable<SessionPlan["classify"]> {
  return (call) =>
    policy(call)?.decision === "allow"
      ? { classification: "safe", why: "the session policy allows it" }
      : { classification: "gated", why: "the session policy does not allow it" };
}

function withBinary(planned: Planned, binary: readonly string[] | undefined): Planned {
  if (!binary || binary.length === 0) return planned;
  return { ...planned, spawn: { ...planned.spawn, argv: [...binary, ...planned.spawn.argv.slice(1)] } };
}

export function launchSession(options: LaunchOptions, ports: SessionPorts): SessionHandle {
  const sessionId = options.sessionId ?? randomUUID();
  const { registry } = options;
  const adapter = registry.require(options.harness);
  const temp = options.stateDir === undefined ? temporaryStateDir(options.harness) : null;
  const stateDir = options.stateDir ?? temp!.dir;
  const origin = options.origin ?? (options.resume ? "resumed" : "fresh");
  let create: Create;
  try {
    create =
      adapter.session?.kind === "turn-per-process"
        ? oneShotSession(options, adapter, sessionId, stateDir, origin, ports)
        : processSession(options, processSessionOf(adapter, registry), sessionId, stateDir, origin, ports);
  } catch (err) {
    temp?.remove(); // refused before spawn: nothing will ever use it
    throw err;
  }
  let handle: SessionHandle;
  try {
    handle = create(options.record);
  } catch (err) {
    temp?.remove();
    throw err;
  }
  // First of the close hooks, so the dir is gone before anyone awaiting `closed` (a TUI quitting) exits.
  if (temp) void handle.closed.then(temp.remove, temp.remove);
  const socket = options.controlSocket
    ? listenControlSocket(handle, { env: options.controlSocket.env, clock: ports.clock }).then(
        (s) => {
          options.note?.(`control socket ${s.socket}`);
          return s;
        },
        (err: Error) => {
          options.note?.(`no control socket: ${err.message}`);
          return null;
        },
      )
    : Promise.resolve(null);
  void handle.closed.then(async () => {
    await (await socket)?.close();
  });
  return handle;
}

type Create = (record: ((event: SessionEvent) => void) | undefined) => SessionHandle;

/**
 * A state dir only this session uses (an isolated HOME: a codex home alone holds megabytes), so
 * it goes when the session closes, however it closed. hmux exiting first (process.exit, a
 * signal handler that quits) removes it too; only SIGKILL leaves it, for the next hmux to sweep.
 */
export function temporaryStateDir(harness: string): { readonly dir: string; readonly remove: () => void } {
  const dir = makePrivateTempDir(tmpdir(), ownedTempPrefix(harness, process.pid));
  openTempDirs.add(dir);
  // One listener for every session: one each would trip Node's listener-leak warning onto the TUI.
  if (openTempDirs.size === 1) process.once("exit", removeOpenTempDirs);
  const remove = (): void => {
    openTempDirs.delete(dir);
    if (openTempDirs.size === 0) process.removeListener("exit", removeOpenTempDirs);
    removeDir(dir);
  };
  return { dir, remove };
}

const openTempDirs = new Set<string>();

function removeOpenTempDirs(): void {
  for (const dir of openTempDirs) removeDir(dir);
  openTempDirs.clear();
}

function removeDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    // a dir made unwritable under it: left for the user, not fatal to a closing session
  }
}

/** One harness process for the whole session, driven through its bridge. */
function processSession(
  options: LaunchOptions,
  session: ProcessSession,
  sessionId: string,
  stateDir: string,
  origin: "fresh" | "resumed",
  ports: SessionPorts,
): Create {
  const resume = harnessResumeOf(options);
  const request: SessionRequest = {
    sessionId,
    cwd: options.cwd,
    env: options.env,
    stateDir,
    isolate: options.isolate,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.effort ? { effort: options.effort } : {}),
    ...(options.access ? { access: options.access } : {}),
    ...(options.harnessOptions ? { harnessOptions: options.harnessOptions } : {}),
    ...(resume !== undefined ? { resume } : {}),
    ...(options.decisionBudgetMs !== undefined ? { decisionBudgetMs: options.decisionBudgetMs } : {}),
    ...(options.stallMs !== undefined ? { stallSeconds: options.stallMs / 1000 } : {}),
  };
  const planned = withBinary(plan(session, request), options.binary);
  // The isolated HOME and each folder above it that hmux makes are 0700: the harness writes its
  // transcripts there with its own umask (0644), so only the folders keep other users out.
  if (options.isolate) makePrivateDir(`${stateDir}/home`);
  layOutSpawn(planned);
  const sessionPlan: SessionPlan = {
    sessionId,
    harness: options.harness,
    origin,
    escalateQuestions: options.escalateQuestions ?? true,
    spawn: planned.spawn,
    bridge: planned.bridge,
    approvals: options.approvals,
    ...classifyOf(options),
    ...(options.headlessDenyReason ? { headlessDenyReason: options.headlessDenyReason } : {}),
    ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}),
    ...(options.decisionBudgetMs !== undefined ? { decisionBudgetMs: options.decisionBudgetMs } : {}),
    ...(options.requiredControls ? { requiredControls: options.requiredControls } : {}),
    ...(options.turnsBefore ? { turnsBefore: options.turnsBefore } : {}),
    ...(options.waitingQuestion ? { waitingQuestion: options.waitingQuestion } : {}),
    ...(options.rules && options.rules.length > 0 ? { rules: options.rules } : {}),
  };
  return (record) =>
    createSession(sessionPlan, { spawner: ports.spawner(), clock: ports.clock, ...(record ? { record } : {}) });
}

/** One process per turn, each resuming the harness's own session (launch-oneshot.ts). */
function oneShotSession(
  options: LaunchOptions,
  adapter: HarnessAdapter,
  sessionId: string,
  stateDir: string,
  origin: "fresh" | "resumed",
  ports: SessionPorts,
): Create {
  const escalateQuestions = options.escalateQuestions ?? true;
  const resume = harnessResumeOf(options);
  const base = planOneShotSession({
    adapter,
    sessionId,
    cwd: options.cwd,
    env: options.env,
    stateDir,
    isolate: options.isolate,
    escalateQuestions,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.effort ? { effort: options.effort } : {}),
    ...(options.access ? { access: options.access } : {}),
    ...(options.harnessOptions ? { harnessOptions: options.harnessOptions } : {}),
    ...(resume !== undefined ? { resume } : {}),
    ...(options.binary ? { binary: options.binary } : {}),
  });
  const oneShotPlan: OneShotSessionPlan = {
    ...base,
    sessionId,
    harness: adapter.name,
    origin,
    escalateQuestions,
    approvals: options.approvals,
    ...classifyOf(options),
    ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}),
    ...(options.requiredControls ? { requiredControls: options.requiredControls } : {}),
    ...(options.turnsBefore ? { turnsBefore: options.turnsBefore } : {}),
    ...(options.waitingQuestion ? { waitingQuestion: options.waitingQuestion } : {}),
  };
  return (record) =>
    createOneShotSession(oneShotPlan, {
      spawner: ports.spawner(),
      clock: ports.clock,
      fs: ports.fs,
      ...(record ? { record } : {}),
    });
}

function classifyOf(options: LaunchOptions): Pick<SessionPlan, "classify"> {
  return options.classify
    ? { classify: options.classify }
    : options.policy
      ? { classify: classifierOf(options.policy) }
      : {};
}

/**
 * The one launch: every entry point (`hmux run`, `hmux session`, the server's create and resume,
 * a race contestant, a native pane) builds a LaunchRequest and calls this, which takes the same steps in the
 * same order for all of them:
 *
 *   open the workspace (held by the session's id) → plan (prepareLaunch) → state dir (by entry
 *   kind, state-dir.ts) → setup (before the harness starts, its output as notes) → start the
 *   runtime (a one-shot turn or a session) → snapshot each turn → journal (sessions) → release,
 *   or abandon what the launch made when it is refused.
 *
 * A native pane takes the steps it has: plan → state dir (the pane rule) → notes; the composition
 * root spawns its pty from the plan and releases the pane when it closes.
 *
 * A refusal at any step undoes the steps before it: the journal is closed, a state dir this launch
 * made is removed, a worktree it made is discarded and a reused one let go.
 */
import { randomUUID } from "node:crypto";
import type { SessionEvent } from "../core/control/types.js";
import type { SessionHandle } from "../core/exec/session-types.js";
import { prepareLaunchOrThrow } from "../core/launch/prepare.js";
import { settingsView } from "../core/launch/settings-view.js";
import { JournalWriter, journalPathIn } from "../session/journal.js";
import { launchSession } from "../session/launch.js";
import type { WorkspaceLease } from "../workspace/lease.js";
import { continuedPlan, continuingRequest, journaledSettingsOf } from "./continued-settings.js";
import { panePlanRequest, planLines, planTurn, sessionPlanRequest } from "./plan-step.js";
import { sessionOptionsOf } from "./session-options.js";
import { sessionStart } from "./session-resume.js";
import { paneStateDir, paneStateDirName, type StateDir, sessionStateDir } from "./state-dir.js";
import { startTurn } from "./turn-runtime.js";
import type {
  Launched,
  LaunchedPane,
  LaunchedSession,
  LaunchedTurn,
  LaunchPorts,
  LaunchRequest,
  PaneLaunchRequest,
  SessionLaunchRequest,
  TurnLaunchRequest,
} from "./types.js";
import { abandonLease, openLease, releaseLease, setUpLease, snapshotLease } from "./workspace-step.js";

export function launch(request: TurnLaunchRequest, ports: LaunchPorts): Promise<LaunchedTurn>;
export function launch(request: SessionLaunchRequest, ports: LaunchPorts): Promise<LaunchedSession>;
export function launch(request: PaneLaunchRequest, ports: LaunchPorts): Promise<LaunchedPane>;
export function launch(request: LaunchRequest, ports: LaunchPorts): Promise<Launched>;
export function launch(request: LaunchRequest, given: LaunchPorts): Promise<Launched> {
  const ports = readingConfigsOnce(given);
  switch (request.kind) {
    case "run":
    case "race-contestant":
      return launchTurn(request, ports);
    case "native":
      return launchPane(request, ports);
    default:
      return launchSessionOf(request, ports);
  }
}

/** A native pane: its plan (as a dry run names it, panePlanRequest), its state dir by the pane rule, its notes. */
async function launchPane(request: PaneLaunchRequest, ports: LaunchPorts): Promise<LaunchedPane> {
  const { lines, note } = notesFor(request);
  const plan = prepareLaunchOrThrow(panePlanRequest(request), {
    ...ports.launch,
    // Only named: the pane's own dir is made below, once the plan says it has an endpoint.
    stateDir: () => ({ dir: paneStateDirName() }),
  });
  for (const line of planLines(request.kind, plan)) note(line);
  const state = paneStateDir(plan.options.endpoint !== undefined, ports.workspace.pid);
  return {
    kind: "pane",
    harness: plan.harness,
    cwd: plan.cwd,
    plan,
    settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
    notes: lines,
    ...(state ? { stateDir: state.dir } : {}),
    release: () => state?.release(),
  };
}

/** One read of a folder's config files per launch: the workspace step and the plan see the same tiers. */
function readingConfigsOnce(ports: LaunchPorts): LaunchPorts {
  const read = new Map<string, ReturnType<LaunchPorts["launch"]["configFiles"]>>();
  const configFiles = (cwd: string) => {
    const known = read.get(cwd);
    if (known) return known;
    const configs = ports.launch.configFiles(cwd);
    read.set(cwd, configs);
    return configs;
  };
  return { ...ports, launch: { ...ports.launch, configFiles } };
}

/** The notes of one launch: kept in order, and handed to the caller's onNote as each is made. */
function notesFor(request: LaunchRequest): { readonly lines: string[]; readonly note: (line: string) => void } {
  const lines: string[] = [];
  return {
    lines,
    note: (line) => {
      lines.push(line);
      request.onNote?.(line);
    },
  };
}

async function launchTurn(request: TurnLaunchRequest, ports: LaunchPorts): Promise<LaunchedTurn> {
  const { lines, note } = notesFor(request);
  ports.launch.harness(request.harness); // an unknown harness is refused before a worktree is made for it
  // A one-shot turn has no hmux session of its own; this id stands for it in the workspace registry.
  const sessionId = randomUUID();
  const lease = await openLease(request.workspace, { ...request, sessionId }, ports, note);
  let state: StateDir | undefined;
  try {
    const planned = planTurn(
      request,
      { cwd: lease?.entry.path ?? request.cwd, ...(lease ? { workspace: lease.launch } : {}) },
      ports,
    );
    state = planned.state;
    const { plan } = planned;
    for (const line of planLines(request.kind, plan)) note(line);
    if (lease) await setUpLease(lease, ports, note);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      planned.state?.release();
      releaseLease(lease, ports);
    };
    return {
      kind: "turn",
      harness: plan.harness,
      sessionId,
      cwd: plan.cwd,
      plan,
      settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
      notes: lines,
      lease,
      dropped: planned.dropped,
      run: (run) => runTurnOf(request, plan, { sessionId, lease, state: planned.state }, ports, note, run),
      release,
      abandon: async () => {
        if (released) return;
        released = true;
        planned.state?.release();
        await abandonLease(lease, ports);
      },
    };
  } catch (err) {
    state?.release();
    await abandonLease(lease, ports);
    throw err;
  }
}

/** The turn: its snapshot first (so `hmux diff --turn` shows exactly its changes), then its events. */
async function* runTurnOf(
  request: TurnLaunchRequest,
  plan: LaunchedTurn["plan"],
  held: { readonly sessionId: string; readonly lease: WorkspaceLease | null; readonly state: StateDir | undefined },
  ports: LaunchPorts,
  note: (line: string) => void,
  run: Parameters<LaunchedTurn["run"]>[0],
): AsyncGenerator<SessionEvent, void, undefined> {
  if (held.lease) await snapshotLease(held.lease, request.turnLabel, ports, note);
  const stateDir = held.state?.dir;
  for await (const event of startTurn(
    plan,
    request,
    { sessionId: held.sessionId, ...(stateDir ? { stateDir } : {}) },
    ports,
    run,
  )) {
    if (event.kind === "identity" && held.state) {
      const line = held.state.identity(event.sessionId);
      if (line) note(line);
    }
    yield event;
  }
}

async function launchSessionOf(request: SessionLaunchRequest, ports: LaunchPorts): Promise<LaunchedSession> {
  const { lines, note } = notesFor(request);
  const { harness, identity, cwd } = sessionStart(request, ports, randomUUID);
  const { sessionId, journal: earlier } = identity;
  const lease = await openLease(request.workspace, { cwd, harness, sessionId }, ports, note);
  const state = sessionStateDir({
    sessionId,
    ...(earlier ? { journaled: earlier.stateDir } : {}),
    journal: request.journal,
    sessions: ports.paths.sessions,
  });
  let journal: JournalWriter | null = null;
  let handle: SessionHandle;
  let plan: LaunchedSession["plan"];
  let options: LaunchedSession["options"];
  try {
    const planRequest = sessionPlanRequest(continuingRequest(request, earlier, harness, sessionId, ports), {
      cwd: request.workspace !== "its-own" && lease ? lease.entry.path : cwd,
      identity,
      ...(lease ? { workspace: lease.launch } : {}),
    });
    const planned = prepareLaunchOrThrow(planRequest, { ...ports.launch, stateDir: () => ({ dir: state.dir }) });
    plan = earlier ? continuedPlan(planned, earlier.settings) : planned;
    for (const line of planLines(request.kind, plan)) note(line);
    if (lease) await setUpLease(lease, ports, note);
    const origin = identity.resume !== undefined || earlier ? "resumed" : "fresh";
    options = sessionOptionsOf(plan, {
      registry: ports.registry,
      sessionId,
      stateDir: state.dir,
      approvals: request.approvals,
      origin,
      ...(identity.resume !== undefined ? { resume: identity.resume } : {}),
      ...(earlier
        ? { turnsBefore: earlier.turnsBefore, waitingQuestion: earlier.waitingQuestion, rules: earlier.rules }
        : {}),
      requiredControls: request.requiredControls,
    });
    if (request.journal)
      journal = new JournalWriter(
        journalPathIn(ports.paths.sessions, sessionId),
        {
          sessionId,
          harness,
          cwd: plan.cwd,
          stateDir: state.dir,
          isolate: plan.isolate,
          ...(plan.options.endpoint ? { endpoint: plan.options.endpoint } : {}),
          ...(plan.options.model ? { model: plan.options.model } : {}),
          settings: journaledSettingsOf(plan),
        },
        { origin, pid: ports.workspace.pid, startedAt: new Date(ports.clock.now()).toISOString() },
        () => ports.clock.now(),
      );
    const writer = journal;
    handle = launchSession({ ...options, ...(writer ? { record: (e) => writer.record(e) } : {}) }, ports.session);
  } catch (err) {
    journal?.close();
    state.release();
    await abandonLease(lease, ports);
    throw err;
  }
  const snapshots: Promise<void>[] = [];
  handle.subscribe((event) => {
    if (event.kind === "identity") state.identity(event.sessionId);
    if (event.kind === "turn" && lease) snapshots.push(snapshotLease(lease, event.turnId, ports, note));
  });
  const released = handle.closed.then(async () => {
    await Promise.allSettled(snapshots);
    journal?.close();
    state.release();
    releaseLease(lease, ports); // the worktree stays; this session no longer holds it
  });
  return {
    kind: "session",
    harness,
    sessionId,
    cwd: plan.cwd,
    plan,
    settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
    notes: lines,
    lease,
    options,
    handle,
    released,
  };
}

/**
 * Starts real harness sessions for the TUI's panes. `validate` asks the launch pipeline
 * (prepareLaunch) exactly what `hmux run` and `hmux session` ask before anything spawns — the
 * harness and its session channel, the cwd, the config tiers with provenance, the endpoint, the
 * harness's own refusals for model and effort, the binary — and returns the first refusal with
 * its hint. `launch` then starts the planned session and adapts its handle to the TUI's port.
 */

import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { builtinRegistry, type HarnessRegistry } from "../adapters/registry.js";
import type { AllowRule } from "../core/control/allow-rules.js";
import { prepareLaunch } from "../core/launch/prepare.js";
import { settingsView } from "../core/launch/settings-view.js";
import type { LaunchOutcome, LaunchPlan, LaunchRequest, LaunchWorkspace } from "../core/launch/types.js";
import { isRefusal } from "../core/refusal.js";
import { sessionOptionsOf } from "../launch/session-options.js";
import {
  type LaunchOptions,
  launchSession,
  processSessionHarnesses,
  type SessionPorts,
  temporaryStateDir,
} from "../session/launch.js";
import { workspaceChanges } from "../tui-client/workspace-changes.js";
import { HandleSessionPort } from "../ui/handle-session-port.js";
import type { NewSessionRequest, SessionLauncher, Validation } from "../ui/session-launcher.js";
import type { SessionPort } from "../ui/session-port.js";
import {
  abandonWorkspace,
  claimWorkspaceAt,
  openWorkspace,
  releaseWorkspace,
  setUpWorkspace,
  snapshotTurn,
  type WorkspaceLease,
  type WorkspacePorts,
} from "../workspace/lease.js";
import { realLaunchPorts, type SharedLaunchPorts } from "./launch-ports.js";
import { realSessionPorts } from "./session-ports.js";
import { setupFirst } from "./setup-first-port.js";

/** The prompt a pane's plan is checked with when the dialog gives none. */
const CHECK_PROMPT = "hello";

export interface PaneLauncherOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly defaultCwd: string;
  /** Where harnesses are looked up (their session channel and its capabilities); the built-in ones when absent. */
  readonly registry?: HarnessRegistry;
  /** The pipeline's ports; the real ones for `env` when absent. */
  readonly ports?: SharedLaunchPorts;
  /** What the sessions run on; the real spawner, clock and file system when absent. */
  readonly session?: SessionPorts;
  /** Isolate each harness's HOME under a temp state dir (the demo does: no credentials). */
  readonly isolate?: boolean;
  /** Endpoint used when the dialog leaves it empty (the demo's scripted model). */
  readonly defaultEndpoint?: string;
  readonly defaultModel?: string;
  /** The caller's decision budget in ms; absent, the launch plan's rule decides (config `decisionBudget`, else its default). */
  readonly decisionBudgetMs?: number;
  /** Let the worker ask questions; given, it is an argument (the strongest tier). */
  readonly escalateQuestions?: boolean;
  /** What a pane's own git worktree is made with; without it a pane never gets one. */
  readonly workspace?: WorkspacePorts;
}

export { settingsView };

/** The dialog's request (with the launcher's defaults) as a launch request. */
export function paneLaunchRequest(
  request: NewSessionRequest,
  options: PaneLauncherOptions,
  workspace?: LaunchWorkspace,
): LaunchRequest {
  const endpoint = request.endpoint ?? options.defaultEndpoint;
  const model = request.model ?? options.defaultModel;
  return {
    entry: "pane",
    harness: request.harness,
    cwd: resolvePath(options.defaultCwd, request.cwd ?? "."),
    mode: "launch",
    prompt: request.prompt ?? CHECK_PROMPT,
    args: {
      ...(model ? { model } : {}),
      ...(request.effort ? { effort: request.effort } : {}),
      ...(endpoint ? { endpoint } : {}),
      ...(options.isolate ? { isolate: true } : {}),
      ...(options.escalateQuestions !== undefined ? { escalateQuestions: options.escalateQuestions } : {}),
    },
    ...(workspace ? { workspace } : {}),
    ...(options.decisionBudgetMs !== undefined ? { decisionBudgetMs: options.decisionBudgetMs } : {}),
  };
}

export class PaneLauncher implements SessionLauncher {
  private readonly ports: SharedLaunchPorts;
  private readonly registry: HarnessRegistry;
  /** The registry's first harness a pane can run. */
  readonly defaultHarness: string | undefined;
  /** Every harness a pane can run (those with a session channel), config-registered ones included. */
  readonly harnesses: readonly string[];
  readonly defaultEndpoint: string | undefined;

  constructor(private readonly options: PaneLauncherOptions) {
    this.registry = options.registry ?? builtinRegistry;
    this.ports = options.ports ?? realLaunchPorts(options.env, this.registry);
    this.defaultHarness = processSessionHarnesses(this.registry)[0];
    this.harnesses = this.ports
      .harnesses()
      .filter((h) => h.descriptor.sessionMode.value !== null)
      .map((h) => h.name);
    this.defaultEndpoint = options.defaultEndpoint;
  }

  /** The plan, or the refusals; nothing is created (the state dir is only named). */
  plan(request: NewSessionRequest, workspace?: LaunchWorkspace): LaunchOutcome {
    return prepareLaunch(paneLaunchRequest(request, this.options, workspace), {
      ...this.ports,
      stateDir: () => ({ dir: join(tmpdir(), "hmux-plan-check") }),
    });
  }

  validate(request: NewSessionRequest): Validation {
    const outcome = this.plan(request);
    if (outcome.ok) return { ok: true };
    const err = outcome.refusals[0];
    if (isRefusal(err)) {
      return {
        ok: false,
        message: err.message,
        issue: err.issue,
        ...(err.hint ? { hint: err.hint } : {}),
        ...(err.supported ? { supported: err.supported } : {}),
      };
    }
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }

  async launch(request: NewSessionRequest): Promise<SessionPort> {
    // The id is fixed here so the workspace registry names the session that holds the worktree.
    const sessionId = randomUUID();
    const lease = await this.openWorkspace(request, sessionId);
    let port: SessionPort;
    try {
      port = await this.start(lease ? { ...request, cwd: lease.entry.path } : request, sessionId, lease);
    } catch (err) {
      if (lease && this.options.workspace) await abandonWorkspace(this.options.workspace, lease);
      throw err;
    }
    return port;
  }

  /** The pane's worktree (dialog field or config workspace.worktree "auto"), or null for the cwd itself. */
  private async openWorkspace(request: NewSessionRequest, sessionId: string): Promise<WorkspaceLease | null> {
    const ports = this.options.workspace;
    if (!ports) return null;
    const cwd = resolvePath(this.options.defaultCwd, request.cwd ?? ".");
    return openWorkspace(ports, {
      cwd,
      flag: request.worktree,
      harness: request.harness,
      sessionId,
      configs: this.ports.configFiles(cwd),
    });
  }

  private async start(
    request: NewSessionRequest,
    sessionId: string,
    lease: WorkspaceLease | null,
  ): Promise<SessionPort> {
    const outcome = this.plan(request, lease?.launch);
    if (!outcome.ok) throw outcome.refusals[0];
    const plan: LaunchPlan = outcome.plan;
    const workspacePorts = this.options.workspace;
    // The pipeline refuses a pane by the descriptor's session mode; the pane needs the adapter's
    // process session, whose capabilities say what the UI may offer.
    const session = this.registry.get(plan.harness).session;
    if (session?.kind !== "process") throw new Error(`no session capabilities are known for ${plan.harness}`);
    const o = plan.options;
    // The pane's state dir (an isolated HOME holds the harness's own session store) outlives its
    // session, so a resume finds the conversation; it goes when the TUI lets go of the pane.
    const state = temporaryStateDir(plan.harness);
    // The one plan-to-runtime mapping every session launch uses (src/launch/session-options.ts).
    const options: LaunchOptions = sessionOptionsOf(plan, {
      registry: this.registry,
      sessionId,
      stateDir: state.dir,
      approvals: "ask",
      origin: "fresh",
    });
    const ports = this.options.session ?? realSessionPorts();
    let handle: ReturnType<typeof launchSession>;
    try {
      handle = launchSession(options, ports);
    } catch (err) {
      state.remove();
      throw err;
    }
    // Each turn's start is captured for the per-turn view (a failed snapshot costs only that view),
    // and the worktree is let go when the session ends.
    const holdWorkspace = (held: WorkspaceLease, session: ReturnType<typeof launchSession>) => {
      if (!workspacePorts) return;
      session.subscribe((event) => {
        if (event.kind === "turn") void snapshotTurn(workspacePorts, held, event.turnId);
      });
      void session.closed.then(() => releaseWorkspace(workspacePorts, held));
    };
    if (lease) holdWorkspace(lease, handle);
    const resumer = {
      relaunch: (from: {
        sessionId: string;
        harnessSessionId: string | null;
        turnsBefore: number;
        rules?: readonly AllowRule[];
      }) => {
        // A resumed pane takes its worktree again, and is refused while another session holds it.
        const again =
          lease && workspacePorts
            ? claimWorkspaceAt(workspacePorts, lease.entry.path, { harness: plan.harness, sessionId: from.sessionId })
            : null;
        let resumed: ReturnType<typeof launchSession>;
        try {
          resumed = launchSession(
            {
              ...options,
              sessionId: from.sessionId,
              ...(from.harnessSessionId !== null ? { resume: from.harnessSessionId } : {}),
              origin: "resumed",
              turnsBefore: from.turnsBefore,
              ...(from.rules && from.rules.length > 0 ? { rules: from.rules } : {}),
            },
            ports,
          );
        } catch (err) {
          if (again && workspacePorts) releaseWorkspace(workspacePorts, again);
          throw err;
        }
        if (again) holdWorkspace(again, resumed);
        return resumed;
      },
      release: state.remove,
    };
    const port = new HandleSessionPort(
      handle,
      session.capabilities,
      {
        cwd: plan.cwd,
        ...(lease && workspacePorts
          ? { changes: workspaceChanges(workspacePorts, { repo: lease.entry.repo, name: lease.entry.name }) }
          : {}),
        ...(lease ? { workspace: { name: lease.entry.name, branch: lease.entry.branch, base: lease.entry.base } } : {}),
        settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
        ...(request.prompt ? { initialPrompt: request.prompt } : {}),
        ...(o.model ? { model: o.model } : {}),
        ...(o.effort ? { effort: o.effort } : {}),
      },
      resumer,
    );
    const command = lease?.fresh ? lease.settings.setup : undefined;
    if (!lease || !workspacePorts || command === undefined) return port;
    // The setup runs as the pane starts, so its output is on screen; its failure is the launch's end.
    return setupFirst(port, {
      command,
      run: (onOutput) => setUpWorkspace(workspacePorts, lease, onOutput),
      abandon: () => abandonWorkspace(workspacePorts, lease),
    });
  }
}

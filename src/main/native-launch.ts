/**
 * Starts a native pane: launch() decides, as for every entry kind (harness, cwd, config tiers,
 * endpoint, model, binary, the pane's state dir, its notes), then the pane is planned (hooks,
 * endpoint, isolation), its files written, the terminal spawned and hook reports wired to the
 * port. Every refusal happens before anything is spawned, as a NativeLaunchError with a hint.
 * The user's shell has no plan: it gets the same folder check and a clean environment.
 */
import { randomBytes } from "node:crypto";
import { resolve as resolvePath } from "node:path";
import type { Clock } from "../core/exec/ports.js";
import type { PtyFactory } from "../core/exec/pty-port.js";
import { harnessEnvironment } from "../core/launch/harness-env.js";
import { prepareLaunch, refuseMissingCwd } from "../core/launch/prepare.js";
import type { LaunchPlan, LaunchRequest } from "../core/launch/types.js";
import { layOutSpawn } from "../files/spawn-files.js";
import { launch } from "../launch/launch.js";
import { panePlanRequest, planLines } from "../launch/plan-step.js";
import { paneStateDirName } from "../launch/state-dir.js";
import type { LaunchedPane, LaunchPorts, PaneLaunchRequest } from "../launch/types.js";
import type { HookServer } from "../native/hooks/hook-server.js";
import { NativeLaunchError } from "../native/launch.js";
import type { NativeKind } from "../native/native-plan.js";
import { interruptKeyOf, planNative } from "../native/native-plan.js";
import { NativeSession } from "../native/native-session.js";
import { NativeTerminal } from "../native/native-terminal.js";

export interface NativeLaunchRequest {
  readonly kind: NativeKind;
  /** Absolute: whoever asks resolves a relative one against its own. */
  readonly cwd: string;
  readonly endpoint?: string;
  readonly model?: string;
  readonly cols: number;
  readonly rows: number;
  readonly label?: string;
}

/** What a native pane is planned with: every one handed in by whoever composes it, none assumed. */
export interface NativeLaunchDeps {
  /** Without a hook server no pane reports state (it shows "state unknown"). */
  readonly hooks?: HookServer;
  /** The environment the pane's harness (or shell) starts from. */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** What launch() runs on (the registry in force, its launch ports, the workspace's pid): the context's. */
  readonly ports: LaunchPorts;
}

/** The pane request as launch() takes it. */
export function paneLaunchRequest(request: Omit<NativeLaunchRequest, "cols" | "rows">): PaneLaunchRequest {
  return {
    kind: "native",
    harness: request.kind,
    cwd: resolvePath(request.cwd),
    args: {
      ...(request.endpoint !== undefined && request.endpoint.trim() !== ""
        ? { endpoint: request.endpoint.trim() }
        : {}),
      ...(request.model ? { model: request.model } : {}),
    },
  };
}

/** The pane request as the pipeline reads it (the plan launch() makes for it). */
export function nativeLaunchRequest(request: Omit<NativeLaunchRequest, "cols" | "rows">): LaunchRequest {
  return panePlanRequest(paneLaunchRequest(request));
}

/** The pipeline's plan for a harness pane (undefined for the shell), or a NativeLaunchError. */
export function planNativeLaunch(
  request: Omit<NativeLaunchRequest, "cols" | "rows">,
  deps: NativeLaunchDeps,
): LaunchPlan | undefined {
  const ports = deps.ports.launch;
  if (request.kind === "shell") {
    // No plan for the user's shell, but the same folder check as every harness launch.
    try {
      refuseMissingCwd(resolvePath(request.cwd), ports);
    } catch (err) {
      throw nativeRefusal(err);
    }
    return undefined;
  }
  const outcome = prepareLaunch(nativeLaunchRequest(request), {
    ...ports,
    // Only named: the pane's own state dir is created at launch when an endpoint needs one.
    stateDir: () => ({ dir: paneStateDirName() }),
  });
  if (outcome.ok) return outcome.plan;
  throw nativeRefusal(outcome.refusals[0]);
}

function nativeRefusal(err: unknown): NativeLaunchError {
  const hint = err instanceof Error && "hint" in err && typeof err.hint === "string" ? err.hint : undefined;
  return new NativeLaunchError(err instanceof Error ? err.message : "refused", hint);
}

/** What a harness pane's plan owes whoever opens it, as a session's does: an untrusted project's settings not taken, a binary fallback, … */
export function nativePlanNotes(plan: LaunchPlan): string[] {
  return planLines("session", plan);
}

let paneCounter = 0;

/** A pane's session, with what its plan said (nativePlanNotes): its pane shows them as a session pane shows its launch's notes. */
export interface LaunchedNative {
  readonly session: NativeSession;
  readonly notes: readonly string[];
}

/** Spawns the pane's session; the UI draws it (LocalNativePort), the server hosts it (server/native-launcher.ts). */
export async function launchNative(
  request: NativeLaunchRequest,
  deps: NativeLaunchDeps & { readonly clock: Clock; readonly spawn: PtyFactory },
): Promise<LaunchedNative> {
  const launched = await launchedPane(request, deps);
  const plan = launched?.plan;
  // A harness pane starts from the plan's harness environment, as every entry point does; the
  // user's shell (no plan) from the same builder with no endpoint: never hmux's own variables.
  const hostEnv = plan?.env ?? harnessEnvironment({ host: deps.hostEnv, credentialEnv: [] }).env;
  const endpointText = plan?.options.endpoint;
  const endpoint = endpointText !== undefined ? new URL(endpointText) : undefined;
  const model = plan?.options.model ?? request.model;
  const cwd = plan?.cwd ?? resolvePath(request.cwd);
  const stateDir = launched?.stateDir;
  const release = () => launched?.release();
  paneCounter += 1;
  const pane = `native-${paneCounter}-${randomBytes(4).toString("hex")}`;
  const native = planNative({
    kind: request.kind,
    cwd,
    hostEnv,
    binary: plan?.binary,
    endpoint,
    stateDir,
    model,
    hookEnv: deps.hooks?.envFor(pane),
    registry: deps.ports.registry,
  });
  layOutSpawn(native);
  let terminal: NativeTerminal;
  try {
    terminal = new NativeTerminal({
      argv: native.argv,
      cwd,
      env: native.env,
      cols: request.cols,
      rows: request.rows,
      spawn: deps.spawn,
      clock: deps.clock,
    });
  } catch (err) {
    release();
    throw new NativeLaunchError(
      `could not start ${native.argv[0]}: ${(err as Error).message}`,
      "check the binary and the working directory",
    );
  }
  let unlisten: (() => void) | undefined;
  // A process.exit() without close() still removes the state dir (and hangs up the pane).
  const onExit = (): void => {
    if (!terminal.exit) terminal.killNow();
    release();
  };
  process.once("exit", onExit);
  const session = new NativeSession({
    kind: request.kind,
    terminal,
    hooks: native.hooks,
    interruptKey: interruptKeyOf(request.kind, deps.ports.registry),
    clock: deps.clock,
    label: request.label,
    cwd,
    model,
    cleanup: () => {
      unlisten?.();
      process.removeListener("exit", onExit);
      release();
    },
  });
  if (native.hooks && deps.hooks) unlisten = deps.hooks.listen(pane, (report) => session.report(report));
  return { session, notes: launched?.notes ?? [] };
}

/** A harness pane through launch() (a refusal as a NativeLaunchError); the shell, which has no plan, only through the folder check. */
async function launchedPane(request: NativeLaunchRequest, deps: NativeLaunchDeps): Promise<LaunchedPane | undefined> {
  if (request.kind === "shell") {
    planNativeLaunch(request, deps);
    return undefined;
  }
  try {
    return await launch(paneLaunchRequest(request), deps.ports);
  } catch (err) {
    throw nativeRefusal(err);
  }
}

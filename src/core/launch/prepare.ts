/**
 * The one launch pipeline. Every entry point (`hmux run`, `hmux session`, TUI panes, native panes)
 * states its request and gets the same decisions: the harness and the channel it needs, the working
 * directory, the config tiers and project trust, the resolved settings with provenance, the policy
 * (config or hmux's default), the endpoint
 * rule (any http(s) base URL the harness accepts), the question default (ask: true unless a tier says
 * otherwise), isolation, the planner's refusals and the binary. Pure: files, binaries and config are
 * reached only through the ports.
 */
import type { TurnRequest } from "../argv/types.js";
import { resolveConfigSettings } from "../config/settings.js";
import { type ResolvedTurnOptions, resolveTurnOptions } from "../options/resolve.js";
import { composePrompt } from "../question.js";
import { RefusalError } from "../refusal.js";
import { decisionBudgetFor } from "./decision-budget.js";
import { harnessEnvironment } from "./harness-env.js";
import { decideTurnGate } from "./turn-gate.js";
import type { LaunchHarness, LaunchOutcome, LaunchPlan, LaunchPorts, LaunchRequest, LaunchWorkspace } from "./types.js";

/** Thrown inside the pipeline to stop at the first stage that cannot go on. */
class Stop extends Error {
  constructor(readonly refusals: readonly Error[]) {
    super(refusals[0]?.message);
  }
}

export function prepareLaunch(request: LaunchRequest, ports: LaunchPorts): LaunchOutcome {
  try {
    return { ok: true, plan: plan(request, ports) };
  } catch (err) {
    if (err instanceof Stop) return { ok: false, refusals: err.refusals };
    return { ok: false, refusals: [err instanceof Error ? err : new Error(String(err))] };
  }
}

/** The plan, or throws: the first refusal of the first stage that fails. */
export function prepareLaunchOrThrow(request: LaunchRequest, ports: LaunchPorts): LaunchPlan {
  const outcome = prepareLaunch(request, ports);
  if (!outcome.ok) throw outcome.refusals[0];
  return outcome.plan;
}

/**
 * Every launch works in an existing folder: a harness through the pipeline, and a native shell
 * pane, which has no plan, through this same check.
 */
export function refuseMissingCwd(cwd: string, ports: Pick<LaunchPorts, "isDirectory">): void {
  if (ports.isDirectory(cwd)) return;
  throw new RefusalError(`--cwd ${cwd} is not a directory`, {
    issue: "invalid-option-value",
    option: "cwd",
    hint: "pass an existing folder, or omit --cwd to use the current one",
  });
}

function plan(request: LaunchRequest, ports: LaunchPorts): LaunchPlan {
  const harness = ports.harness(request.harness);
  checkChannel(request, harness, ports);
  const { cwd } = request;
  refuseMissingCwd(cwd, ports);
  const config = ports.configFiles(cwd);
  const resolvedOptions = resolveTurnOptions({
    harness: harness.name,
    expresses: harness.descriptor.expresses,
    categoryTools: harness.descriptor.tools.value.categoryTools ?? null,
    ...(harness.options ? { harnessSettings: harness.options } : {}),
    mode: request.mode,
    args: request.args,
    ...(config.user ? { user: config.user } : {}),
    ...(config.project ? { project: config.project } : {}),
    projectTrust: config.projectTrust,
  });
  const settings = resolveConfigSettings({
    ...(config.user ? { user: config.user } : {}),
    ...(config.project ? { project: config.project } : {}),
    projectTrust: config.projectTrust,
  });
  const resolved = withWorkspace(resolvedOptions, request.workspace);
  // The resolver's default tier already says true; this keeps the rule if a caller's resolver does not.
  const escalateQuestions = resolved.options.escalateQuestions ?? true;
  const options = { ...resolved.options, escalateQuestions };
  const decisionBudget = decisionBudgetFor({
    entry: request.entry,
    ...(request.decisionBudgetMs !== undefined ? { requestedMs: request.decisionBudgetMs } : {}),
    ...(config.project ? { project: config.project } : {}),
    ...(config.user ? { user: config.user } : {}),
  });

  // Who decides a gated call in a one-shot turn: refused here, before anything is made, when nobody could.
  const gate =
    request.entry === "run"
      ? decideTurnGate({
          harness,
          options,
          tiers: new Map(resolved.provenance.map((p) => [p.key, p.tier])),
          passthrough: request.inputs?.passthrough ?? [],
          resumeLast: request.inputs?.resumeLast === true,
          harnesses: ports.harnesses(),
        })
      : undefined;

  const notes: string[] = [];
  // A harness that reads an endpoint only from its own config dir (pi's models.json) is isolated
  // whenever it gets one, so the endpoint config never lands in the user's own home.
  const endpointNeedsState =
    options.endpoint !== undefined && harness.descriptor.endpoint.value?.source === "state-dir";
  if (endpointNeedsState && !options.isolate)
    notes.push(`${harness.name} reads an endpoint from its own agent dir: this run is isolated as with --isolate`);
  const isolate = options.isolate === true || endpointNeedsState;
  const state = isolate
    ? ports.stateDir({
        ...(request.inputs?.resume !== undefined ? { resume: request.inputs.resume } : {}),
        resumeLast: request.inputs?.resumeLast === true,
      })
    : undefined;
  if (state?.note) notes.push(state.note);
  const stateDir = state?.dir;

  const turn: TurnRequest = {
    options,
    inputs: { ...request.inputs, prompt: request.prompt, cwd },
    prompt: composePrompt(request.prompt, escalateQuestions ? "turn" : "no-escalate"),
    ...(stateDir !== undefined ? { stateDir } : {}),
    host: ports.host,
  };
  // The planner and the binary are independent checks: both refusals are reported, the planner's first.
  const refusals: Error[] = [];
  let invocation: LaunchPlan["invocation"] | undefined;
  try {
    invocation = harness.planTurn(turn);
  } catch (err) {
    refusals.push(err instanceof Error ? err : new Error(String(err)));
  }
  const found = ports.binary(harness.name);
  if (!found.ok && request.requireBinary !== false)
    refusals.push(
      new RefusalError(found.message, { issue: "missing-binary", harness: harness.name, hint: found.hint }),
    );
  if (refusals.length > 0 || invocation === undefined) throw new Stop(refusals);
  if (found.ok && found.binary.note) notes.push(`binary: ${found.binary.note}`);
  const env = harnessEnvironment({
    host: ports.host.env ?? {},
    credentialEnv: harness.credentialEnv,
    endpoint: options.endpoint,
  });
  // Only the harness's own keys are held back: the rest of the environment (other vendors' keys,
  // tokens) is the harness's to read, so the line must not promise more than that.
  if (env.withheld.length > 0)
    notes.push(
      `--endpoint: ${env.withheld.join(", ")} not passed to ${harness.name}, so its own vendor key is not sent there; the rest of your environment (other keys and tokens) still reaches its tools, and a tool call that prints it would send it on; set HMUX_ENDPOINT_API_KEY for a key the endpoint should get`,
    );
  const binary = found.ok ? found.binary : { executable: invocation.argv[0] ?? harness.name, prefixArgs: [] };
  return {
    entry: request.entry,
    harness: harness.name,
    cwd,
    ...(request.workspace ? { workspace: request.workspace } : {}),
    resolved,
    options,
    policy: { value: settings.policy, tier: settings.policyTier },
    untrustedSettings: settings.untrusted,
    escalateQuestions,
    decisionBudget,
    isolate,
    ...(stateDir !== undefined ? { stateDir } : {}),
    ...(gate ? { gate } : {}),
    invocation,
    binary,
    env: env.env,
    notes,
  };
}

/** A session in its own worktree says so where every other setting says where it came from. */
function withWorkspace(resolved: ResolvedTurnOptions, workspace: LaunchWorkspace | undefined): ResolvedTurnOptions {
  if (!workspace) return resolved;
  const { name, branch, base, baseCommit, path, tier } = workspace;
  return {
    ...resolved,
    provenance: [...resolved.provenance, { key: "workspace", value: { name, branch, base, baseCommit, path }, tier }],
  };
}

/** A TUI pane drives a long-lived session process; a harness without a session channel cannot run in one. */
function checkChannel(request: LaunchRequest, harness: LaunchHarness, ports: LaunchPorts): void {
  if (request.entry !== "pane" || harness.descriptor.sessionMode.value !== null) return;
  const supported = ports
    .harnesses()
    .filter((h) => h.descriptor.sessionMode.value !== null)
    .map((h) => h.name);
  throw new RefusalError(`${harness.name} has no multi-turn session channel, so it cannot run in a pane`, {
    issue: "no-session-mode",
    harness: harness.name,
    supported,
    hint: `hmux run ${harness.name} "<prompt>" runs one turn`,
  });
}

/**
 * codex's capability rows: one per channel hmux can run it on, every fact with its evidence:
 * docs/harness-facts.md for what the CLI did when driven here (against the scripted model),
 * docs/control-facts.md for the hook wire as the reference projects recorded it, the live
 * tests for probes hmux repeats, and the `codex app-server generate-json-schema` output of 0.171.0.
 */

import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import {
  absent,
  assumedFailsOpen,
  delivered,
  evidence,
  fact as f,
  facets,
  inference,
  killOnly,
  noChannel,
  unverified,
} from "../../core/control/capability-builders.js";
import { deepFreeze } from "../../core/evidence.js";

const HARNESS = "codex";
const DRIVEN = "0.171.0";

const drive = evidence("probe", DRIVEN, "docs/harness-facts.md#codex-app-server");
const execDrive = evidence("probe", DRIVEN, "docs/harness-facts.md#codex-exec-approvals");
const schema = evidence("doc", DRIVEN, "codex app-server generate-json-schema (v2 schemas), read 2026-11-29");
const steerProbe = evidence(
  "probe",
  DRIVEN,
  "test/live/control-codex-steer-probe.test.ts: turn/steer reaches the model inside the running turn",
);
const safeChains = evidence(
  "doc",
  "0.144.3",
  "docs/control-facts.md#codex-hook-wire (safe-chains probe)",
  "2026-07-13",
);

export const codexAppServer: ChannelCapabilities = deepFreeze({
  id: "codex-app-server",
  harness: HARNESS,
  mode: "app-server JSON-RPC (thread/start approvalPolicy untrusted, workspace-write sandbox)",
  facets: facets({
    grant: f(true, "probe", drive, "result {decision:accept}"),
    deny: f(true, "probe", drive, "result {decision:decline}: item declined, the turn continues"),
    escalate: f(false, "research", drive, "requestApproval is itself the ask; nobody further"),
    humanReviewOnSilence: f(false, "probe", drive, "an unanswered requestApproval holds the turn (waitingOnApproval)"),
    sandbox: f(
      true,
      "probe",
      drive,
      "workspace-write: out-of-workspace writes fail; broad reads still pass (docs/control-facts.md#codex-hook-wire)",
    ),
    continueOnMalformed: assumedFailsOpen(drive),
    replace: f(false, "doc", schema, "CommandExecutionApprovalDecision has no field for a new input"),
    denyReason: f(
      true,
      "probe",
      steerProbe,
      'decline itself carries no text (the model sees Rejected("rejected by user")); hmux\'s bridge follows it with the reason as a turn/steer',
    ),
    silence: f(false, "probe", drive, "a JSON-RPC request must be answered"),
  }),
  commands: {
    "tool.decide": delivered("JSON-RPC result to item/commandExecution|fileChange/requestApproval", drive),
    "frame.set": absent(
      "codex runs the calls its approval policy trusts without asking, so a frame could not be enforced at every call",
      drive,
    ),
    "message.inject": delivered("turn/start with the text between turns", drive),
    steer: delivered("turn/steer {threadId, expectedTurnId, input}", steerProbe),
    "permission.set": unverified(
      "turn/start approvalPolicy/sandboxPolicy (next turn)",
      "present in the 0.171.0 schema, never driven",
      schema,
    ),
    interrupt: delivered("turn/interrupt {threadId, turnId} → turn/completed status interrupted", drive),
    halt: delivered("kill the process group", drive),
  },
  coverage: {
    value: "harness-asks-only",
    evidence: drive,
    note: "codex asks only where its approval policy says: on-request asks for sandbox escapes only, untrusted for everything outside its own trusted read-only set",
  },
  postures: ["untrusted", "on-request", "never"],
  defaultPosture: "on-request",
  shadowingPostures: ["on-request", "never"],
  shadowingAdvice: "start the thread with approvalPolicy untrusted",
  harnessTimeoutMs: null,
});

export const codexExecHook: ChannelCapabilities = deepFreeze({
  id: "codex-exec-hook",
  harness: HARNESS,
  mode: "exec --json --dangerously-bypass-hook-trust with hmux's PreToolUse hook in config.toml",
  facets: facets({
    grant: f(true, "probe", execDrive, "allow runs on 0.171.0 (safe-chains saw it error on 0.144.3)"),
    deny: f(true, "probe", execDrive, '"Command blocked by PreToolUse hook: <reason>"'),
    escalate: f(false, "doc", safeChains, "`ask` is parsed but unsupported"),
    humanReviewOnSilence: f(false, "doc", safeChains, "no per-command prompt: a silent hook means the call runs"),
    sandbox: f(true, "probe", execDrive, "workspace-write; broad reads still pass"),
    continueOnMalformed: f(
      true,
      "doc",
      safeChains,
      "an unsupported decision marks the hook failed and continues the call",
    ),
    replace: f(
      false,
      "research",
      inference("0.153.4", "docs/control-facts.md#codex-hook-wire (replacement input unverified)"),
      "unverified, so not sent",
    ),
    denyReason: f(true, "probe", execDrive),
    silence: f(true, "probe", execDrive),
  }),
  commands: {
    "tool.decide": delivered(
      "PreToolUse hook stdout (only with hook trust bypassed; otherwise the hook is silently skipped)",
      execDrive,
    ),
    "frame.set": absent("one process per turn", execDrive),
    "message.inject": absent("one process per turn", execDrive),
    steer: absent("one process per turn", execDrive),
    "permission.set": absent("exec forces approval never; postures are fixed at spawn", execDrive),
    interrupt: killOnly(execDrive),
    halt: killOnly(execDrive),
  },
  coverage: {
    value: "every-call",
    evidence: execDrive,
    note: "matcher Bash|exec_command|shell plus apply_patch; other tools are not hooked",
  },
  postures: [],
  defaultPosture: null,
  shadowingPostures: [],
  harnessTimeoutMs: 30_000,
});

export const codexExec: ChannelCapabilities = deepFreeze(
  noChannel({
    id: "codex-exec",
    harness: HARNESS,
    mode: "exec --json without hooks",
    evidence: execDrive,
    basis: "probe",
    why: "codex exec asks nobody (approval is forced to never) and no hook is installed: calls run with only the sandbox as a backstop",
    sandbox: f(true, "probe", execDrive, "workspace-write"),
  }),
);

/** In the order the docs list them. */
export const CODEX_CHANNELS: readonly ChannelCapabilities[] = [codexAppServer, codexExecHook, codexExec];

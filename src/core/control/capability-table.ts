/**
 * The capability table: one row per harness × channel hmux can run it on. Every fact names its
 * evidence: docs/harness-facts.md for what the CLIs did when driven here (2026-11-29, against the
 * scripted model), docs/control-facts.md for the capability model and the vendors' hook wires as
 * the reference projects recorded them, the live tests for probes hmux repeats, and the
 * `codex app-server generate-json-schema` output of 0.171.0.
 */
import { deepFreeze, type Evidence } from "../evidence.js";
import type { ChannelCapabilities, CommandDelivery, FacetFact, FacetName, Facets } from "./capabilities.js";
import type { ChannelId, CommandName } from "./machine-types.js";

const D = "2026-11-29";
const ev = (source: Evidence["source"], version: string, ref: string, date = D): Evidence => ({
  source,
  date,
  version,
  ref,
});

const CLAUDE = "2.1.197";
const CODEX = "0.171.0";
/** The current pins, on which the control live tests re-probed the rows that cite them (2026-12-01). */
const REPROBED = "2026-12-01";
const CLAUDE_NOW = "2.1.332";
const PI_NOW = "1.6.0";
const claudeDrive = ev(
  "probe",
  CLAUDE_NOW,
  "test/live/control-claude.test.ts (allow, deny with its message, allow with updatedInput, interrupt, hmux's deadline); docs/harness-facts.md#claude-control-protocol, #claude-re-probe",
  REPROBED,
);
const claudeHookDrive = ev("probe", CLAUDE, "docs/harness-facts.md#claude-approvals");
const codexDrive = ev("probe", CODEX, "docs/harness-facts.md#codex-app-server");
const codexExecDrive = ev("probe", CODEX, "docs/harness-facts.md#codex-exec-approvals");
const codexSchema = ev("doc", CODEX, "codex app-server generate-json-schema (v2 schemas), read 2026-11-29");
const piDrive = ev(
  "probe",
  PI_NOW,
  "test/live/control-pi.test.ts (allow, deny with a reason, replace, hmux's deadline, interrupt); docs/harness-facts.md#pi-approvals and #pi-rpc, #pi-re-probe",
  REPROBED,
);
const piGateProbe = ev(
  "probe",
  PI_NOW,
  "test/live/control-pi-gate-probe.test.ts: hmux's gate extension answered through its input dialog",
  REPROBED,
);
const codexSteerProbe = ev(
  "probe",
  CODEX,
  "test/live/control-codex-steer-probe.test.ts: turn/steer reaches the model inside the running turn",
);
const safeChainsCodex = ev("doc", "0.144.3", "docs/control-facts.md#codex-hook-wire (safe-chains probe)", "2026-07-13");
const modelClaude = ev(
  "doc",
  "reference (unpinned)",
  "docs/control-facts.md#capability-model (Claude Code row)",
  "2026-07-13",
);
const metaharnessClaude = ev("research", "2.1.240", "docs/control-facts.md#claude-hook-wire (render_hook_response)");
const inference = (version: string, ref: string) => ev("research", version, ref);
const oneShotMuse = ev(
  "research",
  "0.1.0",
  "docs/harness-facts.md#muse-launch: muse exec --json, one process per turn",
);
const oneShotCursor = ev(
  "research",
  "unpinned",
  "docs/harness-facts.md#cursor-launch: agent -p … --output-format stream-json, one process per turn",
);

const f = (value: boolean, basis: FacetFact["basis"], evidence: Evidence, note?: string): FacetFact =>
  note === undefined ? { value, basis, evidence } : { value, basis, evidence, note };
/** Unknown malformed-output behaviour is assumed to fail open, so hmux must emit exact shapes. */
const assumedFailsOpen = (evidence: Evidence) =>
  f(
    true,
    "assumed",
    evidence,
    "not probed; assumed to run the call on an unsupported answer, so only exact shapes are ever sent",
  );

function facets(partial: Record<FacetName, FacetFact>): Facets {
  return partial;
}

const delivered = (via: string, evidence: Evidence): CommandDelivery => ({ status: "delivered", via, evidence });
const unverified = (via: string, why: string, evidence: Evidence): CommandDelivery => ({
  status: "unverified",
  via,
  why,
  evidence,
});
const absent = (why: string, evidence: Evidence): CommandDelivery => ({ status: "absent", why, evidence });
const killOnly = (evidence: Evidence) => delivered("kill the process group (the turn is the whole process)", evidence);

/** A harness with no per-call channel at all: every facet absent, only the way out. */
function noChannel(
  id: ChannelId,
  harness: ChannelCapabilities["harness"],
  mode: string,
  evidence: Evidence,
  basis: FacetFact["basis"],
  why: string,
  extra: Partial<Record<CommandName, CommandDelivery>> = {},
  sandbox?: FacetFact,
): ChannelCapabilities {
  const none = (name: string) => f(false, basis, evidence, `${name}: ${why}`);
  return {
    id,
    harness,
    mode,
    facets: facets({
      grant: none("grant"),
      deny: none("deny"),
      escalate: none("escalate"),
      humanReviewOnSilence: none("review"),
      sandbox: sandbox ?? none("sandbox"),
      continueOnMalformed: f(true, "assumed", evidence, "nothing is read back: every call runs"),
      replace: none("replace"),
      denyReason: none("deny reason"),
      silence: f(true, "assumed", evidence, "hmux says nothing because it cannot"),
    }),
    commands: {
      "tool.decide": absent(why, evidence),
      "frame.set": absent(`frame.set needs per-call enforcement; ${why}`, evidence),
      "message.inject": absent(
        "one process per turn: text goes with the next turn's prompt, not into a live session",
        evidence,
      ),
      steer: absent("one process per turn: nothing to steer into", evidence),
      "permission.set": absent("postures are fixed at spawn for a one-process turn", evidence),
      interrupt: killOnly(evidence),
      halt: killOnly(evidence),
      ...extra,
    },
    coverage: { value: "none", evidence, note: why },
    postures: [],
    shadowingPostures: [],
    harnessTimeoutMs: null,
  };
}

const claudePostures = ["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"];
/** Driven in this session: initialize, then set_permission_mode plan → success + system status permissionMode "plan"; "nonsense" → success too. */
const claudeHookCallbackProbe = ev(
  "probe",
  CLAUDE_NOW,
  "test/live/control-claude-hooks.test.ts: the initialize request's PreToolUse hook callback (matcher \"\") reaches hmux for a Read claude runs without asking; a deny blocks it and its reason reaches the model, {} continues to claude's own flow",
  REPROBED,
);
const claudePermissionProbe = ev(
  "probe",
  CLAUDE,
  "docs/control.md#evidence-notes: set_permission_mode probe (stream-json stdio, no model call)",
);
/** Postures under which claude runs (or refuses) calls without asking the check: a check there is shadowed. */
const claudeShadowing = ["acceptEdits", "bypassPermissions", "dontAsk", "auto"];

const claudeControl: ChannelCapabilities = {
  id: "claude-control",
  harness: "claude",
  mode: "stream-json + --permission-prompt-tool stdio (control protocol can_use_tool) + a PreToolUse hook callback for every tool",
  facets: facets({
    grant: f(true, "probe", claudeDrive, "behavior allow runs the call"),
    deny: f(true, "probe", claudeDrive, "behavior deny → tool_result is_error with the message"),
    escalate: f(
      false,
      "research",
      claudeDrive,
      "the can_use_tool request is itself the ask; headless there is nobody further to escalate to",
    ),
    humanReviewOnSilence: f(
      false,
      "research",
      claudeDrive,
      "an unanswered can_use_tool holds the turn; no one else reviews it",
    ),
    sandbox: f(false, "doc", modelClaude),
    continueOnMalformed: assumedFailsOpen(claudeDrive),
    replace: f(true, "probe", claudeDrive, "behavior allow + updatedInput"),
    denyReason: f(true, "probe", claudeDrive, "the deny message becomes the tool_result text"),
    silence: f(false, "research", claudeDrive, "a control request must be answered; silence is not a shape here"),
  }),
  commands: {
    "tool.decide": delivered(
      "control_response to can_use_tool (allow / allow+updatedInput / deny+message)",
      claudeDrive,
    ),
    "frame.set": delivered(
      "enforced by hmux before every tool call through the PreToolUse hook callback (a call the frame does not admit is denied with the frame's reason, whether or not claude would ask) and at every can_use_tool; frame text sent with the next user turn",
      claudeHookCallbackProbe,
    ),
    "message.inject": delivered("a stream-json user message between turns", claudeDrive),
    steer: absent(
      "headless claude has no mid-turn steer: a user message sent during a turn runs as the next turn",
      inference("2.1.240", "docs/control-facts.md#claude-steer"),
    ),
    "permission.set": delivered(
      "control_request set_permission_mode {mode} (claude accepts ANY word silently, so hmux checks the vocabulary itself)",
      claudePermissionProbe,
    ),
    interrupt: delivered("control_request interrupt (the session survives for the next turn)", claudeDrive),
    halt: delivered("kill the process group", claudeDrive),
  },
  coverage: {
    value: "every-call",
    evidence: claudeHookCallbackProbe,
    note: "every call reaches hmux's PreToolUse hook callback (matcher \"\"), where the frame in force is enforced; with nothing to enforce it answers {} and claude's own flow runs, so in default mode read-only operations (echo, Read) still run without a can_use_tool ask",
  },
  postures: claudePostures,
  shadowingPostures: claudeShadowing,
  harnessTimeoutMs: null,
};

const claudeHook: ChannelCapabilities = {
  id: "claude-hook",
  harness: "claude",
  mode: "one-shot -p with hmux's PreToolUse command hook in --settings",
  facets: facets({
    grant: f(true, "probe", claudeHookDrive, "hook allow runs the call even with no allow rule"),
    deny: f(true, "probe", claudeHookDrive),
    escalate: f(false, "probe", claudeHookDrive, "`ask` in -p is turned into a deny"),
    humanReviewOnSilence: f(
      false,
      "probe",
      claudeHookDrive,
      "in -p a silent hook leaves the call to claude's own rules: read-only runs, the rest is auto-denied, no person",
    ),
    sandbox: f(false, "doc", modelClaude),
    continueOnMalformed: assumedFailsOpen(
      inference("2.1.240", "docs/control-facts.md#claude-hook-wire (malformed output: unknown)"),
    ),
    replace: f(
      true,
      "research",
      metaharnessClaude,
      "allow + updatedInput, driven by metaharness on 2.1.240; not driven here",
    ),
    denyReason: f(true, "probe", claudeHookDrive, "permissionDecisionReason becomes the tool_result"),
    silence: f(true, "probe", claudeHookDrive, "exit 0 with no output"),
  }),
  commands: {
    "tool.decide": delivered("PreToolUse hook stdout (hookSpecificOutput.permissionDecision)", claudeHookDrive),
    "frame.set": absent(
      "one process per turn: no next boundary inside the process to put a frame in force at",
      claudeHookDrive,
    ),
    "message.inject": absent("one process per turn", claudeHookDrive),
    steer: absent("one process per turn", claudeHookDrive),
    "permission.set": absent("postures are fixed at spawn for a one-process turn", claudeHookDrive),
    interrupt: killOnly(claudeHookDrive),
    halt: killOnly(claudeHookDrive),
  },
  coverage: {
    value: "every-call",
    evidence: claudeHookDrive,
    note: 'a matcher of "" runs the hook before every tool call',
  },
  postures: [],
  shadowingPostures: claudeShadowing,
  harnessTimeoutMs: 60_000,
};

const claudePaneHook: ChannelCapabilities = {
  id: "claude-pane-hook",
  harness: "claude",
  mode: "interactive claude in a terminal pane with hmux's PreToolUse hook",
  facets: facets({
    grant: f(true, "doc", modelClaude),
    deny: f(true, "doc", modelClaude),
    escalate: f(true, "doc", modelClaude, "`ask` puts claude's own permission prompt in the pane"),
    humanReviewOnSilence: f(
      true,
      "doc",
      modelClaude,
      "a silent hook falls back to claude's per-call permission prompt",
    ),
    sandbox: f(false, "doc", modelClaude),
    continueOnMalformed: assumedFailsOpen(modelClaude),
    replace: f(true, "research", metaharnessClaude),
    denyReason: f(true, "doc", modelClaude),
    silence: f(true, "doc", modelClaude),
  }),
  commands: {
    "tool.decide": delivered("PreToolUse hook stdout", modelClaude),
    "frame.set": absent(
      "the pane is the person's own conversation: hmux has no turn boundary to put a frame in force at",
      modelClaude,
    ),
    "message.inject": absent("typing into a person's pane is not hmux's to do", modelClaude),
    steer: absent("typing into a person's pane is not hmux's to do", modelClaude),
    "permission.set": absent("the pane's posture is the person's (shift-tab)", modelClaude),
    interrupt: delivered("Escape written to the pane", inference(CLAUDE, "docs/harness-facts.md#claude-pane")),
    halt: delivered("kill the process group", modelClaude),
  },
  coverage: { value: "every-call", evidence: modelClaude, note: 'hook matcher ""' },
  postures: [],
  shadowingPostures: claudeShadowing,
  harnessTimeoutMs: 60_000,
};

const codexPostures = ["untrusted", "on-request", "never"];
const codexAppServer: ChannelCapabilities = {
  id: "codex-app-server",
  harness: "codex",
  mode: "app-server JSON-RPC (thread/start approvalPolicy untrusted, workspace-write sandbox)",
  facets: facets({
    grant: f(true, "probe", codexDrive, "result {decision:accept}"),
    deny: f(true, "probe", codexDrive, "result {decision:decline}: item declined, the turn continues"),
    escalate: f(false, "research", codexDrive, "requestApproval is itself the ask; nobody further"),
    humanReviewOnSilence: f(
      false,
      "probe",
      codexDrive,
      "an unanswered requestApproval holds the turn (waitingOnApproval)",
    ),
    sandbox: f(
      true,
      "probe",
      codexDrive,
      "workspace-write: out-of-workspace writes fail; broad reads still pass (docs/control-facts.md#codex-hook-wire)",
    ),
    continueOnMalformed: assumedFailsOpen(codexDrive),
    replace: f(false, "doc", codexSchema, "CommandExecutionApprovalDecision has no field for a new input"),
    denyReason: f(
      true,
      "probe",
      codexSteerProbe,
      'decline itself carries no text (the model sees Rejected("rejected by user")); hmux\'s bridge follows it with the reason as a turn/steer',
    ),
    silence: f(false, "probe", codexDrive, "a JSON-RPC request must be answered"),
  }),
  commands: {
    "tool.decide": delivered("JSON-RPC result to item/commandExecution|fileChange/requestApproval", codexDrive),
    "frame.set": absent(
      "codex runs the calls its approval policy trusts without asking, so a frame could not be enforced at every call",
      codexDrive,
    ),
    "message.inject": delivered("turn/start with the text between turns", codexDrive),
    steer: delivered("turn/steer {threadId, expectedTurnId, input}", codexSteerProbe),
    "permission.set": unverified(
      "turn/start approvalPolicy/sandboxPolicy (next turn)",
      "present in the 0.171.0 schema, never driven",
      codexSchema,
    ),
    interrupt: delivered("turn/interrupt {threadId, turnId} → turn/completed status interrupted", codexDrive),
    halt: delivered("kill the process group", codexDrive),
  },
  coverage: {
    value: "harness-asks-only",
    evidence: codexDrive,
    note: "codex asks only where its approval policy says: on-request asks for sandbox escapes only, untrusted for everything outside its own trusted read-only set",
  },
  postures: codexPostures,
  shadowingPostures: ["on-request", "never"],
  harnessTimeoutMs: null,
};

const codexExecHook: ChannelCapabilities = {
  id: "codex-exec-hook",
  harness: "codex",
  mode: "exec --json --dangerously-bypass-hook-trust with hmux's PreToolUse hook in config.toml",
  facets: facets({
    grant: f(true, "probe", codexExecDrive, "allow runs on 0.171.0 (safe-chains saw it error on 0.144.3)"),
    deny: f(true, "probe", codexExecDrive, '"Command blocked by PreToolUse hook: <reason>"'),
    escalate: f(false, "doc", safeChainsCodex, "`ask` is parsed but unsupported"),
    humanReviewOnSilence: f(false, "doc", safeChainsCodex, "no per-command prompt: a silent hook means the call runs"),
    sandbox: f(true, "probe", codexExecDrive, "workspace-write; broad reads still pass"),
    continueOnMalformed: f(
      true,
      "doc",
      safeChainsCodex,
      "an unsupported decision marks the hook failed and continues the call",
    ),
    replace: f(
      false,
      "research",
      inference("0.153.4", "docs/control-facts.md#codex-hook-wire (replacement input unverified)"),
      "unverified, so not sent",
    ),
    denyReason: f(true, "probe", codexExecDrive),
    silence: f(true, "probe", codexExecDrive),
  }),
  commands: {
    "tool.decide": delivered(
      "PreToolUse hook stdout (only with hook trust bypassed; otherwise the hook is silently skipped)",
      codexExecDrive,
    ),
    "frame.set": absent("one process per turn", codexExecDrive),
    "message.inject": absent("one process per turn", codexExecDrive),
    steer: absent("one process per turn", codexExecDrive),
    "permission.set": absent("exec forces approval never; postures are fixed at spawn", codexExecDrive),
    interrupt: killOnly(codexExecDrive),
    halt: killOnly(codexExecDrive),
  },
  coverage: {
    value: "every-call",
    evidence: codexExecDrive,
    note: "matcher Bash|exec_command|shell plus apply_patch; other tools are not hooked",
  },
  postures: [],
  shadowingPostures: [],
  harnessTimeoutMs: 30_000,
};

const codexExec = noChannel(
  "codex-exec",
  "codex",
  "exec --json without hooks",
  codexExecDrive,
  "probe",
  "codex exec asks nobody (approval is forced to never) and no hook is installed: calls run with only the sandbox as a backstop",
  {},
  f(true, "probe", codexExecDrive, "workspace-write"),
);

const piExtension: ChannelCapabilities = {
  id: "pi-extension",
  harness: "pi",
  mode: "--mode rpc with hmux's pi extension (tool_call → ctx.ui.input → extension_ui_request)",
  facets: facets({
    grant: f(true, "probe", piDrive, "confirmed:true lets the call run"),
    deny: f(true, "probe", piDrive, "confirmed:false → the extension blocks; tool_execution_end isError"),
    escalate: f(false, "research", piDrive, "the confirm is itself the ask"),
    humanReviewOnSilence: f(false, "research", piDrive, "pi has no permission system of its own"),
    sandbox: f(false, "probe", piDrive, "bash runs immediately, unconfined"),
    continueOnMalformed: assumedFailsOpen(piDrive),
    replace: f(
      true,
      "probe",
      piGateProbe,
      "the gate's input dialog carries the new input; the extension rewrites the call's input and pi runs it",
    ),
    denyReason: f(
      true,
      "probe",
      piGateProbe,
      "the gate blocks with hmux's reason text, which the model reads as the tool result",
    ),
    silence: f(false, "research", piDrive, "an unanswered confirm holds the call"),
  }),
  commands: {
    "tool.decide": delivered("extension_ui_response {id, value} to the gate's input dialog", piGateProbe),
    "frame.set": delivered("enforced by hmux at every confirm; frame text with the next prompt", piDrive),
    "message.inject": delivered("RPC prompt between turns (follow_up while one runs)", piDrive),
    steer: delivered("RPC steer (queued, delivered in order)", piDrive),
    "permission.set": absent("pi has no permission posture to set", piDrive),
    interrupt: delivered("RPC abort (stopReason aborted; the session survives)", piDrive),
    halt: delivered("kill the process group", piDrive),
  },
  coverage: {
    value: "every-call",
    evidence: piDrive,
    note: "the extension's tool_call handler runs before every tool",
  },
  // The gate blocks an unanswered call after its own 60 s (src/adapters/pi/extension/hmux-gate.ts),
  // so hmux's deadline must fall strictly before that.
  postures: [],
  shadowingPostures: [],
  harnessTimeoutMs: 60_000,
};

const piRpc = noChannel(
  "pi-rpc",
  "pi",
  "--mode rpc WITHOUT hmux's extension",
  piDrive,
  "probe",
  "pi has no permission system: without hmux's pi extension a pi tool call runs unchecked",
  {
    "message.inject": delivered("RPC prompt between turns", piDrive),
    steer: delivered("RPC steer", piDrive),
    interrupt: delivered("RPC abort", piDrive),
    halt: delivered("kill the process group", piDrive),
  },
);

const muse = noChannel(
  "muse-oneshot",
  "muse",
  "exec --json, one process per turn (resume by id)",
  oneShotMuse,
  "research",
  "muse exec offers hmux no per-call approval channel",
);
const cursor = noChannel(
  "cursor-oneshot",
  "cursor",
  "agent -p --output-format stream-json, one process per turn",
  oneShotCursor,
  "research",
  "hmux installs no cursor hook and the CLI offers no approval channel in print mode",
);

export const CHANNEL_TABLE: Readonly<Record<ChannelId, ChannelCapabilities>> = deepFreeze({
  "claude-control": claudeControl,
  "claude-hook": claudeHook,
  "claude-pane-hook": claudePaneHook,
  "codex-app-server": codexAppServer,
  "codex-exec-hook": codexExecHook,
  "codex-exec": codexExec,
  "pi-extension": piExtension,
  "pi-rpc": piRpc,
  "muse-oneshot": muse,
  "cursor-oneshot": cursor,
});

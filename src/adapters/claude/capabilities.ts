/**
 * claude's capability rows: one per channel hmux can run it on, every fact with its evidence:
 * docs/harness-facts.md for what the CLI did when driven here (against the scripted model),
 * docs/control-facts.md for the capability model and the hook wire as the reference projects
 * recorded them, and the live tests for probes hmux repeats.
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
  REPROBE_DATE,
} from "../../core/control/capability-builders.js";
import { deepFreeze } from "../../core/evidence.js";

const HARNESS = "claude";
const DRIVEN = "2.1.197";
/** The current pin, on which the control live tests re-probed the rows that cite it. */
const NOW = "2.1.332";

const drive = evidence(
  "probe",
  NOW,
  "test/live/control-claude.test.ts (allow, deny with its message, allow with updatedInput, interrupt, hmux's deadline); docs/harness-facts.md#claude-control-protocol, #claude-re-probe",
  REPROBE_DATE,
);
const hookDrive = evidence("probe", DRIVEN, "docs/harness-facts.md#claude-approvals");
const model = evidence(
  "doc",
  "reference (unpinned)",
  "docs/control-facts.md#capability-model (Claude Code row)",
  "2026-07-13",
);
const metaharness = evidence("research", "2.1.240", "docs/control-facts.md#claude-hook-wire (render_hook_response)");
const hookCallbackProbe = evidence(
  "probe",
  NOW,
  "test/live/control-claude-hooks.test.ts: the initialize request's PreToolUse hook callback (matcher \"\") reaches hmux for a Read claude runs without asking; a deny blocks it and its reason reaches the model, {} continues to claude's own flow",
  REPROBE_DATE,
);
/** Driven: initialize, then set_permission_mode plan → success + system status permissionMode "plan"; "nonsense" → success too. */
const permissionProbe = evidence(
  "probe",
  DRIVEN,
  "docs/control.md#evidence-notes: set_permission_mode probe (stream-json stdio, no model call)",
);

const postures = ["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"];
/** Postures under which claude runs (or refuses) calls without asking the check: a check there is shadowed. */
const shadowing = ["acceptEdits", "bypassPermissions", "dontAsk", "auto"];

export const claudeControl: ChannelCapabilities = deepFreeze({
  id: "claude-control",
  harness: HARNESS,
  mode: "stream-json + --permission-prompt-tool stdio (control protocol can_use_tool) + a PreToolUse hook callback for every tool",
  facets: facets({
    grant: f(true, "probe", drive, "behavior allow runs the call"),
    deny: f(true, "probe", drive, "behavior deny → tool_result is_error with the message"),
    escalate: f(
      false,
      "research",
      drive,
      "the can_use_tool request is itself the ask; headless there is nobody further to escalate to",
    ),
    humanReviewOnSilence: f(
      false,
      "research",
      drive,
      "an unanswered can_use_tool holds the turn; no one else reviews it",
    ),
    sandbox: f(false, "doc", model),
    continueOnMalformed: assumedFailsOpen(drive),
    replace: f(true, "probe", drive, "behavior allow + updatedInput"),
    denyReason: f(true, "probe", drive, "the deny message becomes the tool_result text"),
    silence: f(false, "research", drive, "a control request must be answered; silence is not a shape here"),
  }),
  commands: {
    "tool.decide": delivered("control_response to can_use_tool (allow / allow+updatedInput / deny+message)", drive),
    "frame.set": delivered(
      "enforced by hmux before every tool call through the PreToolUse hook callback (a call the frame does not admit is denied with the frame's reason, whether or not claude would ask) and at every can_use_tool; frame text sent with the next user turn",
      hookCallbackProbe,
    ),
    "message.inject": delivered("a stream-json user message between turns", drive),
    steer: absent(
      "headless claude has no mid-turn steer: a user message sent during a turn runs as the next turn",
      inference("2.1.240", "docs/control-facts.md#claude-steer"),
    ),
    "permission.set": delivered(
      "control_request set_permission_mode {mode} (claude accepts ANY word silently, so hmux checks the vocabulary itself)",
      permissionProbe,
    ),
    interrupt: delivered("control_request interrupt (the session survives for the next turn)", drive),
    halt: delivered("kill the process group", drive),
  },
  coverage: {
    value: "every-call",
    evidence: hookCallbackProbe,
    note: "every call reaches hmux's PreToolUse hook callback (matcher \"\"), where the frame in force is enforced; with nothing to enforce it answers {} and claude's own flow runs, so in default mode read-only operations (echo, Read) still run without a can_use_tool ask",
  },
  postures,
  defaultPosture: "default",
  shadowingPostures: shadowing,
  harnessTimeoutMs: null,
});

export const claudeHook: ChannelCapabilities = deepFreeze({
  id: "claude-hook",
  harness: HARNESS,
  mode: "one-shot -p with hmux's PreToolUse command hook in --settings",
  facets: facets({
    grant: f(true, "probe", hookDrive, "hook allow runs the call even with no allow rule"),
    deny: f(true, "probe", hookDrive),
    escalate: f(false, "probe", hookDrive, "`ask` in -p is turned into a deny"),
    humanReviewOnSilence: f(
      false,
      "probe",
      hookDrive,
      "in -p a silent hook leaves the call to claude's own rules: read-only runs, the rest is auto-denied, no person",
    ),
    sandbox: f(false, "doc", model),
    continueOnMalformed: assumedFailsOpen(
      inference("2.1.240", "docs/control-facts.md#claude-hook-wire (malformed output: unknown)"),
    ),
    replace: f(
      true,
      "research",
      metaharness,
      "allow + updatedInput, driven by metaharness on 2.1.240; not driven here",
    ),
    denyReason: f(true, "probe", hookDrive, "permissionDecisionReason becomes the tool_result"),
    silence: f(true, "probe", hookDrive, "exit 0 with no output"),
  }),
  commands: {
    "tool.decide": delivered("PreToolUse hook stdout (hookSpecificOutput.permissionDecision)", hookDrive),
    "frame.set": absent(
      "one process per turn: no next boundary inside the process to put a frame in force at",
      hookDrive,
    ),
    "message.inject": absent("one process per turn", hookDrive),
    steer: absent("one process per turn", hookDrive),
    "permission.set": absent("postures are fixed at spawn for a one-process turn", hookDrive),
    interrupt: killOnly(hookDrive),
    halt: killOnly(hookDrive),
  },
  coverage: { value: "every-call", evidence: hookDrive, note: 'a matcher of "" runs the hook before every tool call' },
  postures: [],
  defaultPosture: "default",
  shadowingPostures: shadowing,
  harnessTimeoutMs: 60_000,
});

export const claudePaneHook: ChannelCapabilities = deepFreeze({
  id: "claude-pane-hook",
  harness: HARNESS,
  mode: "interactive claude in a terminal pane with hmux's PreToolUse hook",
  facets: facets({
    grant: f(true, "doc", model),
    deny: f(true, "doc", model),
    escalate: f(true, "doc", model, "`ask` puts claude's own permission prompt in the pane"),
    humanReviewOnSilence: f(true, "doc", model, "a silent hook falls back to claude's per-call permission prompt"),
    sandbox: f(false, "doc", model),
    continueOnMalformed: assumedFailsOpen(model),
    replace: f(true, "research", metaharness),
    denyReason: f(true, "doc", model),
    silence: f(true, "doc", model),
  }),
  commands: {
    "tool.decide": delivered("PreToolUse hook stdout", model),
    "frame.set": absent(
      "the pane is the person's own conversation: hmux has no turn boundary to put a frame in force at",
      model,
    ),
    "message.inject": absent("typing into a person's pane is not hmux's to do", model),
    steer: absent("typing into a person's pane is not hmux's to do", model),
    "permission.set": absent("the pane's posture is the person's (shift-tab)", model),
    interrupt: delivered("Escape written to the pane", inference(DRIVEN, "docs/harness-facts.md#claude-pane")),
    halt: delivered("kill the process group", model),
  },
  coverage: { value: "every-call", evidence: model, note: 'hook matcher ""' },
  postures: [],
  defaultPosture: "default",
  shadowingPostures: shadowing,
  harnessTimeoutMs: 60_000,
});

/** In the order the docs list them. */
export const CLAUDE_CHANNELS: readonly ChannelCapabilities[] = [claudeControl, claudeHook, claudePaneHook];

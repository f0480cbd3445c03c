/**
 * pi's capability rows: with hmux's gate extension, and without it. Every fact names its
 * evidence: the live tests that re-probed them on the current pin, and
 * docs/harness-facts.md for what the CLI did when driven here.
 */

import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import {
  absent,
  assumedFailsOpen,
  delivered,
  evidence,
  fact as f,
  facets,
  noChannel,
  REPROBE_DATE,
} from "../../core/control/capability-builders.js";
import { deepFreeze } from "../../core/evidence.js";

const HARNESS = "pi";
/** The current pin, on which the control live tests re-probed these rows. */
const NOW = "1.6.0";

const drive = evidence(
  "probe",
  NOW,
  "test/live/control-pi.test.ts (allow, deny with a reason, replace, hmux's deadline, interrupt); docs/harness-facts.md#pi-approvals and #pi-rpc, #pi-re-probe",
  REPROBE_DATE,
);
const gateProbe = evidence(
  "probe",
  NOW,
  "test/live/control-pi-gate-probe.test.ts: hmux's gate extension answered through its input dialog",
  REPROBE_DATE,
);

export const piExtension: ChannelCapabilities = deepFreeze({
  id: "pi-extension",
  harness: HARNESS,
  mode: "--mode rpc with hmux's pi extension (tool_call → ctx.ui.input → extension_ui_request)",
  facets: facets({
    grant: f(true, "probe", drive, "confirmed:true lets the call run"),
    deny: f(true, "probe", drive, "confirmed:false → the extension blocks; tool_execution_end isError"),
    escalate: f(false, "research", drive, "the confirm is itself the ask"),
    humanReviewOnSilence: f(false, "research", drive, "pi has no permission system of its own"),
    sandbox: f(false, "probe", drive, "bash runs immediately, unconfined"),
    continueOnMalformed: assumedFailsOpen(drive),
    replace: f(
      true,
      "probe",
      gateProbe,
      "the gate's input dialog carries the new input; the extension rewrites the call's input and pi runs it",
    ),
    denyReason: f(
      true,
      "probe",
      gateProbe,
      "the gate blocks with hmux's reason text, which the model reads as the tool result",
    ),
    silence: f(false, "research", drive, "an unanswered confirm holds the call"),
  }),
  commands: {
    "tool.decide": delivered("extension_ui_response {id, value} to the gate's input dialog", gateProbe),
    "frame.set": delivered("enforced by hmux at every confirm; frame text with the next prompt", drive),
    "message.inject": delivered("RPC prompt between turns (follow_up while one runs)", drive),
    steer: delivered("RPC steer (queued, delivered in order)", drive),
    "permission.set": absent("pi has no permission posture to set", drive),
    interrupt: delivered("RPC abort (stopReason aborted; the session survives)", drive),
    halt: delivered("kill the process group", drive),
  },
  coverage: { value: "every-call", evidence: drive, note: "the extension's tool_call handler runs before every tool" },
  postures: [],
  defaultPosture: null,
  shadowingPostures: [],
  // The gate blocks an unanswered call after its own 60 s (src/adapters/pi/extension/hmux-gate.ts),
  // so hmux's deadline must fall strictly before that.
  harnessTimeoutMs: 60_000,
});

export const piRpc: ChannelCapabilities = deepFreeze(
  noChannel({
    id: "pi-rpc",
    harness: HARNESS,
    mode: "--mode rpc WITHOUT hmux's extension",
    evidence: drive,
    basis: "probe",
    why: "pi has no permission system: without hmux's pi extension a pi tool call runs unchecked",
    extra: {
      "message.inject": delivered("RPC prompt between turns", drive),
      steer: delivered("RPC steer", drive),
      interrupt: delivered("RPC abort", drive),
      halt: delivered("kill the process group", drive),
    },
  }),
);

/** In the order the docs list them. */
export const PI_CHANNELS: readonly ChannelCapabilities[] = [piExtension, piRpc];

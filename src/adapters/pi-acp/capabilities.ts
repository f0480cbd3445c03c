/** pi-acp's ACP channel row, probed 2026-12-03 on pi-acp 0.0.34 over pi 1.6.0, with hmux's confirm gate. */
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, fact as f } from "../../core/control/capability-builders.js";
import { deepFreeze } from "../../core/evidence.js";
import { pinnedAcpRow } from "../acp-kind/probed-row.js";

export const PROBE_DATE = "2026-12-03";
export const probe = evidence(
  "probe",
  "0.0.34",
  "docs/acp-agents.md; test/fixtures/acp/pi-acp/*.ndjson (scripts/acp-probe.ts); test/live/acp-pi-acp.test.ts",
  PROBE_DATE,
);

export const piAcpChannel: ChannelCapabilities = deepFreeze({
  ...pinnedAcpRow("pi-acp", probe, {
    mode: "pi run by pi-acp with hmux's confirm gate (extension/hmux-confirm-gate.ts): every tool call asks through a confirm pi-acp turns into session/request_permission",
    onDeny: "the gate blocks the call ('Blocked by hmux: …' as its result) and the model goes on",
    sandbox: f(false, "probe", probe, "pi runs an allowed write anywhere (fixture unescalated)"),
    continueOnMalformed: f(false, "probe", probe, "anything but the confirm's yes blocks the call (fixture malformed)"),
    humanReviewOnSilence: f(
      false,
      "probe",
      probe,
      "an unanswered confirm held the call, then the gate blocks it after 60 s",
    ),
    coverage: {
      value: "every-call",
      evidence: probe,
      note: "the gate's tool_call handler runs before every pi tool, reads included",
    },
  }),
  // The gate blocks an unanswered call after its own 60 s: hmux's deadline must fall before that.
  harnessTimeoutMs: 60_000,
});

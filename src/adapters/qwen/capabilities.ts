/** qwen's ACP channel row, probed 2026-12-03 on 0.24.4 (docs/acp-agents.md, test/fixtures/acp/qwen). */
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, fact as f } from "../../core/control/capability-builders.js";
import { pinnedAcpRow } from "../acp-kind/probed-row.js";

export const PROBE_DATE = "2026-12-03";
export const probe = evidence(
  "probe",
  "0.24.4",
  "docs/acp-agents.md; test/fixtures/acp/qwen/*.ndjson (scripts/acp-probe.ts); test/live/acp-qwen.test.ts",
  PROBE_DATE,
);

export const qwenChannel: ChannelCapabilities = pinnedAcpRow("qwen", probe, {
  mode: "qwen --acp --approval-mode default (its own default, auto, lets an LLM classifier approve calls)",
  onDeny: "the tool fails ('canceled by the user') and the turn ends without another model round",
  sandbox: f(false, "probe", probe, "an allowed write outside the workspace ran (fixture unescalated)"),
  continueOnMalformed: f(
    false,
    "probe",
    probe,
    "an unoffered option id fails the permission request, the call does not run",
  ),
  humanReviewOnSilence: f(false, "probe", probe, "an unanswered request held the call 15 s (fixture silent)"),
  coverage: {
    value: "harness-asks-only",
    evidence: probe,
    note: "in mode default qwen reads, globs and greps without asking; every edit and shell command asks",
  },
});

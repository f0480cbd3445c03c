/** codex-acp's ACP channel row, probed 2026-12-03 on codex-acp 2.6.0 (its own codex 0.166.0). */
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, fact as f } from "../../core/control/capability-builders.js";
import { pinnedAcpRow } from "../acp-kind/probed-row.js";

export const PROBE_DATE = "2026-12-03";
export const probe = evidence(
  "probe",
  "2.6.0",
  "docs/acp-agents.md; test/fixtures/acp/codex-acp/*.ndjson (scripts/acp-probe.ts); test/live/acp-codex-acp.test.ts",
  PROBE_DATE,
);

export const codexAcpChannel: ChannelCapabilities = pinnedAcpRow("codex-acp", probe, {
  mode: "mode read-only (INITIAL_AGENT_MODE): every command runs in codex's read-only sandbox, an escalation asks; its default mode, agent, has codex's reviewer model decide escalations",
  onDeny: "its only reject option is 'cancel' (No, and tell Codex what to do differently): the turn is cancelled",
  sandbox: f(
    true,
    "probe",
    probe,
    "an unescalated write outside (or inside) the workspace failed: Read-only file system (fixture unescalated)",
  ),
  continueOnMalformed: f(
    false,
    "probe",
    probe,
    "an unoffered option id cancels the call and the turn (fixture malformed)",
  ),
  humanReviewOnSilence: f(false, "probe", probe, "an unanswered request held the call 15 s (fixture silent)"),
  coverage: {
    value: "harness-asks-only",
    evidence: probe,
    note: "codex asks only for an escalation out of its sandbox: an unescalated command runs sandboxed without asking (codex 0.166 refuses approval_policy untrusted)",
  },
});

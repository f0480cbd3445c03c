/** claude-acp's ACP channel row, probed 2026-12-03 on claude-agent-acp 0.101.0 over claude 2.1.332. */
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, fact as f } from "../../core/control/capability-builders.js";
import { pinnedAcpRow } from "../acp-kind/probed-row.js";

export const PROBE_DATE = "2026-12-03";
export const probe = evidence(
  "probe",
  "0.101.0",
  "docs/acp-agents.md; test/fixtures/acp/claude-acp/*.ndjson (scripts/acp-probe.ts); test/live/acp-claude-acp.test.ts",
  PROBE_DATE,
);

export const claudeAcpChannel: ChannelCapabilities = pinnedAcpRow("claude-acp", probe, {
  mode: "session mode default, set by hmux (claude-agent-acp starts in auto, where claude's classifier decides and nobody is asked)",
  onDeny: "the tool result is an error ('User refused permission to run tool') and the model goes on",
  sandbox: f(false, "probe", probe, "an allowed write outside the workspace ran (fixture unescalated)"),
  continueOnMalformed: f(
    false,
    "probe",
    probe,
    "an unoffered option id fails the permission ('was not offered'), the call does not run",
  ),
  humanReviewOnSilence: f(false, "probe", probe, "an unanswered request held the call 15 s (fixture silent)"),
  coverage: {
    value: "harness-asks-only",
    evidence: probe,
    note: "claude runs its own reads (Read, Grep, Glob inside the cwd) without asking (fixture read); Bash, Write and Edit ask",
  },
});

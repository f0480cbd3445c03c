/** opencode's ACP channel row, probed 2026-12-03 on 1.18.33 (docs/acp-agents.md, test/fixtures/acp/opencode). */
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import { evidence, fact as f } from "../../core/control/capability-builders.js";
import { pinnedAcpRow } from "../acp-kind/probed-row.js";

export const PROBE_DATE = "2026-12-03";
export const probe = evidence(
  "probe",
  "1.18.33",
  "docs/acp-agents.md; test/fixtures/acp/opencode/*.ndjson (scripts/acp-probe.ts); test/live/acp-opencode.test.ts",
  PROBE_DATE,
);

export const opencodeChannel: ChannelCapabilities = pinnedAcpRow("opencode", probe, {
  mode: "opencode acp with OPENCODE_PERMISSION asking for bash, edit, webfetch and paths outside the project",
  onDeny: "the tool fails ('The user rejected permission…') and the turn ends without another model round",
  sandbox: f(false, "probe", probe, "an allowed write outside the workspace ran (fixture unescalated)"),
  continueOnMalformed: f(
    false,
    "probe",
    probe,
    "an option id it never offered is taken as a reject (fixture malformed)",
  ),
  humanReviewOnSilence: f(
    false,
    "probe",
    probe,
    "an unanswered request held the call 15 s, nobody else decided (fixture silent)",
  ),
  coverage: {
    value: "harness-asks-only",
    evidence: probe,
    note: "opencode reads, globs and greps inside the project without asking (fixture read); bash, edits, web fetches and paths outside ask",
  },
});

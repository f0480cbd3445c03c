/**
 * claude-acp: Claude Code through Zed's ACP adapter (@agentclientprotocol/claude-agent-acp) on the
 * pinned claude CLI (CLAUDE_CODE_EXECUTABLE, else the adapter runs its SDK's own copy), in session
 * mode `default`. With --endpoint it reads claude's own variables (docs/acp-agents.md).
 */
import { fileURLToPath } from "node:url";
import { acpHarness } from "../acp-kind/kind.js";
import { jsEntryBinary } from "../acp-kind/pinned-agent.js";
import { claudeAcpChannel, PROBE_DATE, probe } from "./capabilities.js";

/** The claude CLI hmux pins, beside the adapter in the same node_modules (from src/ or dist/ alike). */
const PINNED_CLAUDE = fileURLToPath(new URL("../../../node_modules/.bin/claude", import.meta.url));

export const claudeAcp = acpHarness({
  name: "claude-acp",
  displayName: "Claude Code (ACP adapter)",
  command: ["claude-agent-acp"],
  env: {
    CLAUDE_CODE_EXECUTABLE: PINNED_CLAUDE,
    DISABLE_AUTOUPDATER: "1",
    // A set IS_SANDBOX makes the adapter offer bypassPermissions to root, and spawn claude with
    // --allow-dangerously-skip-permissions, which claude then refuses as root: the session never
    // opens. hmux runs no agent in a mode that asks nobody, so the adapter never offers it.
    IS_SANDBOX: "",
  },
  endpoint: {
    defaultModel: "hmux-model",
    apiKeyEnv: "ANTHROPIC_API_KEY",
    modelEnv: "ANTHROPIC_MODEL",
    env: {
      ANTHROPIC_BASE_URL: "{{baseUrl}}",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_MAX_RETRIES: "1",
    },
  },
  sessionMode: "default",
  pinned: {
    version: "0.101.0",
    basis: "npm-devDependency",
    note: "run on the pinned claude (2.1.332) through CLAUDE_CODE_EXECUTABLE",
    probedOn: PROBE_DATE,
  },
  binary: jsEntryBinary("@agentclientprotocol/claude-agent-acp", ["dist", "index.js"]),
  credentialEnv: ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"],
  evidence: probe,
  channel: claudeAcpChannel,
});

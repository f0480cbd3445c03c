/**
 * codex-acp: Codex through Zed's ACP adapter (@agentclientprotocol/codex-acp), which runs its own
 * codex (0.166.0) as an app-server, in mode read-only. With --endpoint it reads a `hmux` provider
 * from config.toml in the isolated CODEX_HOME (docs/acp-agents.md).
 */
import { acpHarness } from "../acp-kind/kind.js";
import { jsEntryBinary } from "../acp-kind/pinned-agent.js";
import { codexAcpChannel, PROBE_DATE, probe } from "./capabilities.js";

const CONFIG = [
  `model = "{{model}}"`,
  `model_provider = "hmux"`,
  `check_for_update_on_startup = false`,
  ``,
  `[analytics]`,
  `enabled = false`,
  ``,
  `[features]`,
  `plugins = false`,
  ``,
  `[model_providers.hmux]`,
  `name = "hmux endpoint"`,
  `base_url = "{{openaiBaseUrl}}"`,
  `wire_api = "responses"`,
  `env_key = "HMUX_ENDPOINT_API_KEY"`,
  `request_max_retries = 1`,
  `stream_max_retries = 0`,
  ``,
].join("\n");

export const codexAcp = acpHarness({
  name: "codex-acp",
  displayName: "Codex (ACP adapter)",
  command: ["codex-acp"],
  env: { INITIAL_AGENT_MODE: "read-only" },
  endpoint: {
    defaultModel: "hmux-model",
    apiKeyEnv: "HMUX_ENDPOINT_API_KEY",
    configFile: { path: ".codex/config.toml", template: CONFIG },
  },
  pinned: {
    version: "2.6.0",
    basis: "npm-devDependency",
    note: "runs the codex it bundles (0.166.0), not the pinned codex of the native harness",
    probedOn: PROBE_DATE,
  },
  binary: jsEntryBinary("@agentclientprotocol/codex-acp", ["dist", "index.js"]),
  credentialEnv: ["OPENAI_API_KEY", "CODEX_API_KEY"],
  evidence: probe,
  channel: codexAcpChannel,
});

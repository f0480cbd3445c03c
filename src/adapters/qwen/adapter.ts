/**
 * Qwen Code (@qwen-code/qwen-code), driven by `qwen --acp` through the ACP kind, in approval mode
 * `default` (ask for every edit and shell command). With --endpoint it talks Chat Completions to
 * it (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL) with settings in the isolated HOME choosing
 * that auth and turning usage statistics and telemetry off (docs/acp-agents.md).
 */
import { acpHarness } from "../acp-kind/kind.js";
import { jsEntryBinary } from "../acp-kind/pinned-agent.js";
import { PROBE_DATE, probe, qwenChannel } from "./capabilities.js";

const SETTINGS = {
  security: { auth: { selectedType: "openai" } },
  model: { name: "{{model}}" },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
};

export const qwen = acpHarness({
  name: "qwen",
  displayName: "Qwen Code (ACP)",
  command: ["qwen", "--acp", "--approval-mode", "default"],
  env: {},
  endpoint: {
    defaultModel: "hmux-model",
    baseUrlEnv: "OPENAI_BASE_URL",
    apiKeyEnv: "OPENAI_API_KEY",
    modelEnv: "OPENAI_MODEL",
    configFile: { path: ".qwen/settings.json", template: JSON.stringify(SETTINGS, null, 2) },
  },
  pinned: {
    version: "0.24.4",
    basis: "npm-devDependency",
    note: "its JS entry runs on hmux's node",
    probedOn: PROBE_DATE,
  },
  binary: jsEntryBinary("@qwen-code/qwen-code", ["cli-entry.js"]),
  credentialEnv: ["OPENAI_API_KEY", "DASHSCOPE_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"],
  evidence: probe,
  channel: qwenChannel,
});

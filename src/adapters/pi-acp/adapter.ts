/**
 * pi-acp: pi through its ACP adapter (pi-acp), which starts `pi --mode rpc`. pi gates nothing, so
 * pi-acp runs pi through extension/pi-gated.sh, which loads hmux's confirm gate: every tool call
 * becomes a session/request_permission about pi-acp's own "pi-ui-…" call, whose message names
 * the real one (read back here). With --endpoint pi reads an `hmux` provider from the isolated
 * HOME (docs/acp-agents.md).
 */
import { fileURLToPath } from "node:url";
import type { PermissionToolCall } from "../acp-kind/definition.js";
import { acpHarness } from "../acp-kind/kind.js";
import { jsEntryBinary } from "../acp-kind/pinned-agent.js";
import { PROBE_DATE, piAcpChannel, probe } from "./capabilities.js";
import { CONFIRM_GATE_TITLE } from "./extension/hmux-confirm-gate.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** pi's JS entry, the pinned pi beside pi-acp in the same node_modules (from src/ or dist/ alike). */
const PI_CLI = here("../../../node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js");

const MODELS = {
  providers: {
    hmux: {
      baseUrl: "{{openaiBaseUrl}}",
      api: "openai-completions",
      apiKey: "{{apiKey}}",
      models: [{ id: "{{model}}", name: "{{model}}", contextWindow: 128000, maxTokens: 4096 }],
    },
  },
};
// quietStartup: else pi-acp opens every session with pi's version and file list as agent text.
const SETTINGS = { defaultProvider: "hmux", defaultModel: "{{model}}", quietStartup: true };

const TOOL_KINDS: Readonly<Record<string, PermissionToolCall["kind"]>> = {
  read: "read",
  ls: "read",
  grep: "search",
  find: "search",
  bash: "execute",
  edit: "edit",
  write: "edit",
};

/** The real call behind the gate's confirm: its id, tool and input, from the confirm's message. */
export function gatedCall(call: PermissionToolCall): PermissionToolCall {
  const raw = call.rawInput as { title?: unknown; message?: unknown } | undefined;
  if (raw?.title !== CONFIRM_GATE_TITLE || typeof raw.message !== "string") return call;
  let named: { callId?: unknown; tool?: unknown; input?: unknown };
  try {
    named = JSON.parse(raw.message) as typeof named;
  } catch {
    return call;
  }
  if (typeof named.callId !== "string" || typeof named.tool !== "string") return call;
  const input = named.input && typeof named.input === "object" ? (named.input as Record<string, unknown>) : {};
  const path = typeof input.path === "string" ? input.path : undefined;
  return {
    toolCallId: named.callId,
    title: named.tool,
    kind: TOOL_KINDS[named.tool] ?? "other",
    rawInput: input,
    ...(path !== undefined ? { locations: [{ path }] } : {}),
  };
}

export const piAcp = acpHarness({
  name: "pi-acp",
  displayName: "pi (ACP adapter)",
  command: ["pi-acp"],
  env: {
    PI_ACP_PI_COMMAND: here("./extension/pi-gated.sh"),
    HMUX_PI_CLI: PI_CLI,
    // pi-acp asks `npm view` for a newer pi at every session/new; offline, npm answers at once.
    npm_config_offline: "true",
  },
  endpoint: {
    defaultModel: "hmux-model",
    env: { PI_OFFLINE: "1", PI_TELEMETRY: "0" },
    configFiles: [
      { path: ".pi/agent/models.json", template: JSON.stringify(MODELS, null, 2) },
      { path: ".pi/agent/settings.json", template: JSON.stringify(SETTINGS, null, 2) },
    ],
  },
  permissionToolCall: gatedCall,
  pinned: {
    version: "0.0.34",
    basis: "npm-devDependency",
    note: "runs the pinned pi (1.6.0) with hmux's confirm gate",
    probedOn: PROBE_DATE,
  },
  binary: jsEntryBinary("pi-acp", ["dist", "index.js"]),
  credentialEnv: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"],
  evidence: probe,
  channel: piAcpChannel,
});

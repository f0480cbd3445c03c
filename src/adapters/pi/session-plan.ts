/**
 * Spawn plan for a pi session: `pi --mode rpc` with hmux's gate extension always loaded
 * (without it pi runs every tool call unchecked). Endpoint: a models.json provider "hmux"
 * over chat completions (docs/harness-facts.md#pi-endpoint).
 */
import { fileURLToPath } from "node:url";
import type { SpawnRequest } from "../../core/exec/ports.js";
import type { SessionFile, SessionRequest } from "../../core/exec/session-plan-types.js";
import { PI_ENDPOINT_KEY_ENV } from "./endpoint.js";
import { PI_GATE_TIMEOUT_MS } from "./session-bridge.js";

export const PI_GATE_PATH = fileURLToPath(new URL("./extension/hmux-gate.ts", import.meta.url));
export const PI_ENDPOINT_PROVIDER = "hmux";

export interface PiSessionPlan {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
}

/** The gate waits a little longer than hmux's own decision budget, so hmux's deadline denies first. */
export function gateTimeoutMs(decisionBudgetMs: number | undefined): number {
  return decisionBudgetMs === undefined ? PI_GATE_TIMEOUT_MS : Math.max(PI_GATE_TIMEOUT_MS, decisionBudgetMs + 5_000);
}

export function planPiSession(request: SessionRequest): PiSessionPlan {
  const env: Record<string, string> = {
    ...request.env,
    PI_OFFLINE: "1",
    PI_TELEMETRY: "0",
    HMUX_GATE_TIMEOUT_MS: String(gateTimeoutMs(request.decisionBudgetMs)),
  };
  const files: SessionFile[] = [];
  if (request.isolate) {
    env.HOME = `${request.stateDir}/home`;
    env.PI_CODING_AGENT_DIR = `${request.stateDir}/home/.pi/agent`;
  }
  const argv = [request.binary ?? "pi", "--mode", "rpc", "-e", PI_GATE_PATH];
  if (request.endpoint) {
    const agentDir = env.PI_CODING_AGENT_DIR ?? `${env.HOME ?? request.stateDir}/.pi/agent`;
    env.PI_CODING_AGENT_DIR = agentDir;
    const model = request.model ?? "hmux-model";
    const baseUrl = request.endpoint.replace(/\/$/, "").replace(/(\/v1)?$/, "/v1");
    files.push({
      path: `${agentDir}/models.json`,
      content: JSON.stringify(
        {
          providers: {
            [PI_ENDPOINT_PROVIDER]: {
              baseUrl,
              api: "openai-completions",
              // The key the user named for the endpoint (as `hmux run` sends it), else a placeholder.
              apiKey: request.env[PI_ENDPOINT_KEY_ENV] || "dummy",
              models: [{ id: model, name: model, contextWindow: 128000, maxTokens: 4096 }],
            },
          },
        },
        null,
        2,
      ),
    });
    files.push({
      path: `${agentDir}/settings.json`,
      content: JSON.stringify({ retry: { enabled: true, maxRetries: 1, baseDelayMs: 500 } }),
    });
    argv.push("--provider", PI_ENDPOINT_PROVIDER, "--model", model);
  } else if (request.model) {
    argv.push("--model", request.model);
  }
  if (request.effort) argv.push("--thinking", request.effort);
  if (request.resume) argv.push("--session", request.resume);
  return { spawn: { argv, cwd: request.cwd, env, stdin: "pipe" }, files };
}

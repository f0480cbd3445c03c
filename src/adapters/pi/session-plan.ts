/**
 * pi's session: `pi --mode rpc` after the launch's harness environment (quiet start-up; with an
 * endpoint, the "hmux" provider in the isolated agent dir; endpoint.ts), with hmux's gate
 * extension always loaded (without it pi runs every tool call unchecked), then its model,
 * thinking level and session.
 */
import { fileURLToPath } from "node:url";
import type { SessionRenderer } from "../../core/argv/harness-plan.js";
import { PI_GATE_TIMEOUT_MS } from "./session-bridge.js";

export const PI_GATE_PATH = fileURLToPath(new URL("./extension/hmux-gate.ts", import.meta.url));

/** The gate waits a little longer than hmux's own decision budget, so hmux's deadline denies first. */
export function gateTimeoutMs(decisionBudgetMs: number | undefined): number {
  return decisionBudgetMs === undefined ? PI_GATE_TIMEOUT_MS : Math.max(PI_GATE_TIMEOUT_MS, decisionBudgetMs + 5_000);
}

export const piSession: SessionRenderer = ({ request, input }) => {
  const { model, effort, endpoint } = request.options;
  const flags = ["-e", PI_GATE_PATH];
  // With an endpoint the environment already selects its provider and model.
  if (endpoint === undefined && model) flags.push("--model", model);
  if (effort) flags.push("--thinking", effort);
  if (input.resume) flags.push("--session", input.resume);
  return { flags, env: { HMUX_GATE_TIMEOUT_MS: String(gateTimeoutMs(input.decisionBudgetMs)) } };
};

/**
 * codex's session: `codex app-server` after the launch's harness environment (the endpoint's -c
 * overrides, the quiet ones, no shell snapshots when isolated; endpoint.ts), then its model,
 * effort and context window as overrides. The sandbox goes to thread/start, through the bridge.
 */
import type { SessionRenderer } from "../../core/argv/harness-plan.js";
import { configOverride } from "../../core/argv/toml.js";
import { codexRouting } from "./endpoint.js";
import { codexSettings } from "./options.js";

export const codexSession: SessionRenderer = ({ request }) => {
  const { model, effort, endpoint } = request.options;
  const chosen = model ?? (endpoint !== undefined ? codexRouting.defaultModel : undefined);
  const { contextWindow } = codexSettings(request.options);
  return {
    flags: [
      ...(chosen ? configOverride("model", chosen) : []),
      ...(effort ? configOverride("model_reasoning_effort", effort) : []),
      ...(contextWindow !== undefined ? configOverride("model_context_window", contextWindow) : []),
    ],
  };
};

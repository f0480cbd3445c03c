/**
 * codex's session: `codex app-server` after the launch's harness environment (the endpoint's -c
 * overrides, the quiet ones, no shell snapshots when isolated; endpoint.ts), then its model and
 * effort as overrides. The sandbox goes to thread/start, through the bridge.
 */
import type { SessionRenderer } from "../../core/argv/harness-plan.js";
import { configOverride } from "../../core/argv/toml.js";
import { codexRouting } from "./endpoint.js";

export const codexSession: SessionRenderer = ({ request }) => {
  const { model, effort, endpoint } = request.options;
  const chosen = model ?? (endpoint !== undefined ? codexRouting.defaultModel : undefined);
  return {
    flags: [
      ...(chosen ? configOverride("model", chosen) : []),
      ...(effort ? configOverride("model_reasoning_effort", effort) : []),
    ],
  };
};

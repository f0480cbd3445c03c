/**
 * A native pane's state, from its harness's own lifecycle hooks — never from its screen.
 * `unknown` is a state of its own: a harness without hooks (pi, a shell) stays there, and
 * the UI says so instead of guessing.
 */
import type { HookReport } from "./report-schema.js";

export type NativePhase = "unknown" | "starting" | "idle" | "running" | "needs-you";

export interface NativeAttention {
  readonly tool: string;
  readonly input: unknown;
  readonly reason: string;
}

export interface NativeState {
  readonly phase: NativePhase;
  readonly attention: NativeAttention | null;
  /** The tool last requested (PreToolUse), for a permission notification that names none. */
  readonly lastTool: { readonly tool: string; readonly input: unknown } | null;
  readonly sessionId: string | null;
}

export const UNKNOWN_STATE: NativeState = { phase: "unknown", attention: null, lastTool: null, sessionId: null };
export const STARTING_STATE: NativeState = { phase: "starting", attention: null, lastTool: null, sessionId: null };

/** Claude's notification types that mean a person is needed / the prompt is idle. */
const NEEDS_YOU_NOTIFICATIONS = new Set(["permission_prompt", "elicitation_dialog"]);
const IDLE_NOTIFICATIONS = new Set(["idle_prompt"]);

export function nextNativeState(state: NativeState, report: HookReport): NativeState {
  const sessionId = report.sessionId ?? state.sessionId;
  const base = { ...state, sessionId };
  switch (report.event) {
    case "SessionStart":
      return { ...base, phase: "idle", attention: null };
    case "UserPromptSubmit":
      return { ...base, phase: "running", attention: null, lastTool: null };
    case "PreToolUse":
      return {
        ...base,
        phase: "running",
        attention: null,
        lastTool: report.tool ? { tool: report.tool, input: report.toolInput } : state.lastTool,
      };
    case "PermissionRequest":
      return {
        ...base,
        phase: "needs-you",
        attention: {
          tool: report.tool ?? state.lastTool?.tool ?? "tool",
          input: report.toolInput ?? state.lastTool?.input,
          reason: "permission requested",
        },
      };
    case "Notification": {
      const type = report.notificationType ?? "";
      if (NEEDS_YOU_NOTIFICATIONS.has(type)) {
        if (state.phase === "needs-you") return base; // the PermissionRequest already said so
        return {
          ...base,
          phase: "needs-you",
          attention: {
            tool: state.lastTool?.tool ?? "tool",
            input: state.lastTool?.input,
            reason: report.message ?? type,
          },
        };
      }
      if (IDLE_NOTIFICATIONS.has(type)) return { ...base, phase: "idle", attention: null };
      return base;
    }
    case "PostToolUse":
      return { ...base, phase: "running", attention: null };
    case "Stop":
      return { ...base, phase: "idle", attention: null };
    case "SessionEnd":
      return { ...base, phase: "idle", attention: null };
  }
}

/**
 * The answer in each harness's own words. Only shapes the channel's capability row supports are
 * ever rendered; anything else renders to null and the emission principle never asks for it.
 */
import type { ChannelId, HookOutput, SentDecision, WireDecision } from "./machine-types.js";

export function renderWire(channel: ChannelId, sent: SentDecision, originalInput: unknown): WireDecision | null {
  switch (channel) {
    case "claude-control":
      if (sent.decision === "allow") return { channel, response: { behavior: "allow", updatedInput: originalInput } };
      if (sent.decision === "replace") return { channel, response: { behavior: "allow", updatedInput: sent.input } };
      if (sent.decision === "deny") return { channel, response: { behavior: "deny", message: sent.reason } };
      return null;
    case "claude-hook":
    case "claude-pane-hook":
    case "codex-exec-hook":
      return { channel, stdout: hookOutput(sent) };
    case "codex-app-server":
      if (sent.decision === "allow") return { channel, result: { decision: "accept" } };
      if (sent.decision === "deny") return { channel, result: { decision: "decline" } };
      return null;
    case "pi-extension":
      if (sent.decision === "allow") return { channel, response: { confirmed: true } };
      if (sent.decision === "deny") return { channel, response: { confirmed: false } };
      return null;
    case "codex-exec":
    case "pi-rpc":
    case "muse-oneshot":
    case "cursor-oneshot":
      return null;
  }
}

/** PreToolUse hook stdout; null = zero bytes (silence). A deny always carries its reason. */
function hookOutput(sent: SentDecision): HookOutput | null {
  const head = { hookEventName: "PreToolUse" as const };
  switch (sent.decision) {
    case "allow":
      return { hookSpecificOutput: { ...head, permissionDecision: "allow" } };
    case "replace":
      return { hookSpecificOutput: { ...head, permissionDecision: "allow", updatedInput: sent.input } };
    case "deny":
      return { hookSpecificOutput: { ...head, permissionDecision: "deny", permissionDecisionReason: sent.reason } };
    case "ask":
      return { hookSpecificOutput: { ...head, permissionDecision: "ask", permissionDecisionReason: sent.reason } };
    case "silent":
      return null;
  }
}

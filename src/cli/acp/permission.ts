/**
 * A call hmux's policy left for somebody to decide, as an ACP `session/request_permission`, and
 * the client's answer back as hmux's `tool.decide`. The options are exactly what hmux can do with
 * the call: allow once, deny, and "allow always" only where the control core offered a rule for
 * it (`always` / `alwaysPath` of the pending call, shown with what the rule would allow). ACP's
 * reject_always has no hmux counterpart (a session keeps allow rules only), so it is not offered.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { PendingCall } from "../../core/control/types.js";
import { toolKind, toolLocations, toolTitle } from "./tool-call.js";

export const OPTION_ALLOW = "allow";
export const OPTION_ALLOW_SESSION = "allow-session";
export const OPTION_ALLOW_PATH = "allow-path";
export const OPTION_DENY = "deny";

export function permissionOptions(call: PendingCall): acp.PermissionOption[] {
  const options: acp.PermissionOption[] = [{ optionId: OPTION_ALLOW, name: "Allow once", kind: "allow_once" }];
  if (call.always && "allows" in call.always)
    options.push({ optionId: OPTION_ALLOW_SESSION, name: `Allow always: ${call.always.allows}`, kind: "allow_always" });
  if (call.alwaysPath)
    options.push({
      optionId: OPTION_ALLOW_PATH,
      name: `Allow always: ${call.alwaysPath.allows}`,
      kind: "allow_always",
    });
  options.push({ optionId: OPTION_DENY, name: "Deny", kind: "reject_once" });
  return options;
}

export function permissionRequest(
  sessionId: string,
  toolCallId: string,
  call: PendingCall,
  cwd: string,
): acp.RequestPermissionRequest {
  return {
    sessionId,
    toolCall: {
      toolCallId,
      title: toolTitle({ name: call.tool, input: call.input }),
      kind: toolKind(call.canonical),
      status: "pending",
      locations: toolLocations(call, cwd),
      rawInput: call.input ?? {},
    },
    options: permissionOptions(call),
  };
}

/** What the client's answer asks hmux to do: a tool.decide's decision and scope, or nothing (no choice was made). */
export type ClientVerdict =
  | { readonly decision: { readonly decision: "allow" }; readonly scope?: "session" | "path" }
  | { readonly decision: { readonly decision: "deny"; readonly reason: string } }
  | { readonly none: string };

export function verdictOf(outcome: acp.RequestPermissionOutcome, client: string): ClientVerdict {
  if (outcome.outcome === "cancelled") return { none: `${client} cancelled the permission request` };
  switch (outcome.optionId) {
    case OPTION_ALLOW:
      return { decision: { decision: "allow" } };
    case OPTION_ALLOW_SESSION:
      return { decision: { decision: "allow" }, scope: "session" };
    case OPTION_ALLOW_PATH:
      return { decision: { decision: "allow" }, scope: "path" };
    case OPTION_DENY:
      return { decision: { decision: "deny", reason: `denied in ${client}'s permission prompt` } };
    default:
      // Fail closed: an option hmux never offered is no allow.
      return {
        decision: {
          decision: "deny",
          reason: `${client} answered with option ${JSON.stringify(outcome.optionId).slice(0, 80)}, which hmux did not offer`,
        },
      };
  }
}

/** The metaharness.command/1 line of a client's decision. */
export function decideLine(
  id: string,
  callId: string,
  verdict: Exclude<ClientVerdict, { none: string }>,
): Record<string, unknown> {
  return {
    format: "metaharness.command/1",
    id,
    command: "tool.decide",
    call_id: callId,
    decision: verdict.decision,
    ...("scope" in verdict && verdict.scope !== undefined ? { scope: verdict.scope } : {}),
  };
}

/**
 * `session/request_permission` in hmux's approval flow. The request becomes one ToolCallAsk for
 * the control machine (policy and allow-rules first, then the person, src/core/control), and the
 * machine's decision goes back as one of the agent's own options: allow → its allow_once, deny →
 * its reject_once (else reject_always). hmux never picks allow_always: the agent would then run
 * later calls without asking, unchecked by hmux's policy; an agent that offers no allow_once is
 * answered with a reject, and says so.
 */
import { posix } from "node:path";
import type { PermissionOption, RequestPermissionOutcome } from "@agentclientprotocol/sdk";
import type { ToolCallAsk } from "../../core/control/machine-types.js";
import { canonicalOf, inputOf, type KnownToolCall } from "./updates.js";

export type PermissionVerdict = "allow" | "deny";

export interface PermissionAnswer {
  readonly outcome: RequestPermissionOutcome;
  /** Why the answer is not the verdict as asked (the agent offered no option for it). */
  readonly note?: string;
}

/** The control machine's view of the call the agent asks about. `workspace` is the session's worktree. */
export function askOf(known: KnownToolCall, ref: string | number, workspace: string): ToolCallAsk {
  const canonical = canonicalOf(known.kind);
  const input = inputOf(known);
  const path = policyPath(known.locations, workspace);
  return {
    callId: known.callId,
    tool: known.kind ?? known.title,
    ...(canonical ? { canonical } : {}),
    // The path the policy checks: any location outside the workspace, else the first one.
    input: path !== undefined && input.path === undefined ? { ...input, path } : input,
    ref,
  };
}

function policyPath(locations: readonly string[], workspace: string): string | undefined {
  const root = posix.resolve(workspace);
  const outside = locations.find((p) => {
    const resolved = posix.resolve(root, p);
    return resolved !== root && !resolved.startsWith(`${root}/`);
  });
  return outside ?? locations[0];
}

const ALLOW_KINDS = ["allow_once"] as const;
const REJECT_KINDS = ["reject_once", "reject_always"] as const;

/** The agent's own option for hmux's verdict; a cancelled outcome when it offers none to say no with. */
export function answerOf(verdict: PermissionVerdict, options: readonly PermissionOption[]): PermissionAnswer {
  const pick = (kinds: readonly string[]) => kinds.map((k) => options.find((o) => o.kind === k)).find(Boolean);
  if (verdict === "allow") {
    const allow = pick(ALLOW_KINDS);
    if (allow) return { outcome: { outcome: "selected", optionId: allow.optionId } };
    const reject = refusal(pick(REJECT_KINDS));
    return {
      ...reject,
      note: "the agent offered no allow_once option, and hmux never grants allow_always (later calls would run unchecked); the call was rejected instead",
    };
  }
  return refusal(pick(REJECT_KINDS));
}

function refusal(option: PermissionOption | undefined): PermissionAnswer {
  if (option) return { outcome: { outcome: "selected", optionId: option.optionId } };
  return {
    outcome: { outcome: "cancelled" },
    note: "the agent offered no reject option, so hmux answered cancelled, which ACP reads as not permitted",
  };
}

export const CANCELLED: PermissionAnswer = { outcome: { outcome: "cancelled" } };

/**
 * `s` (abstain) is offered exactly where the channel's capability row says the harness has a
 * check of its own to hand the call to (escalate, or a person reviewing on silence); on every
 * other channel abstaining would only become a deny, so the key is not shown.
 */
import { afterEach, describe, expect, it } from "vitest";
import { claudePaneHook } from "../../../src/adapters/claude/capabilities.js";
import { CLAUDE_SESSION_CAPABILITIES } from "../../../src/adapters/claude/session-bridge.js";
import { CODEX_SESSION_CAPABILITIES } from "../../../src/adapters/codex/session-bridge.js";
import { PI_SESSION_CAPABILITIES } from "../../../src/adapters/pi/session-bridge.js";
import type { BridgeCapabilities } from "../../../src/core/exec/session-bridge.js";
import { supportOf } from "../../../src/ui/handle-session-port.js";
import { FakePort } from "./fake-port.js";
import { type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

/** The approval widget and input line a pane on this channel shows for one pending call. */
async function approvalScreen(caps: BridgeCapabilities): Promise<string> {
  const p = new FakePort({ harness: caps.harness, support: supportOf(caps) });
  m = await mount({ ports: [p], columns: 120 });
  p.emit({ kind: "tool", phase: "call", callId: "c1", name: "Bash", input: { command: "ls" } });
  p.emit({ kind: "approval-request", call: { callId: "c1", tool: "Bash", input: {}, openedAt: 0, deadlineAt: null } });
  p.emit({ kind: "state", from: "running", to: "awaiting-approval" });
  await m.flush();
  const frame = m.frame();
  m.unmount();
  m = undefined;
  return frame;
}

describe("the abstain key", () => {
  it("is offered on a channel whose row gives the harness its own check", async () => {
    const paneHook: BridgeCapabilities = { ...CLAUDE_SESSION_CAPABILITIES, channel: claudePaneHook };
    expect(claudePaneHook.facets.escalate.value || claudePaneHook.facets.humanReviewOnSilence.value).toBe(true);
    expect(await approvalScreen(paneHook)).toContain("s abstain");
  });

  it("is not offered on the session channels, where nobody further checks the call", async () => {
    for (const caps of [CLAUDE_SESSION_CAPABILITIES, CODEX_SESSION_CAPABILITIES, PI_SESSION_CAPABILITIES]) {
      const f = caps.channel.facets;
      expect(f.escalate.value || f.humanReviewOnSilence.value).toBe(false);
      const screen = await approvalScreen(caps);
      expect(screen).toContain("a allow");
      expect(screen).not.toContain("abstain");
    }
  });
});

/**
 * A core SessionHandle (src/core/exec/session-types.ts) seen as the TUI's SessionPort: sends
 * and answers become ops with fresh ids, decisions and stops become metaharness.command/1
 * commands decided by a human.
 */

import type { CommandOutcome, Decision } from "../core/control/types.js";
import type { BridgeCapabilities } from "../core/exec/session-bridge.js";
import { delivers } from "../core/exec/session-bridge.js";
import type { SessionHandle } from "../core/exec/session-types.js";
import type {
  ControlSnapshot,
  InputSupport,
  IntentOutcome,
  ResolvedSettingView,
  SessionInfo,
  SessionPort,
  WorkspaceInfo,
} from "./session-port.js";

function harnessChecksOnItsOwn(capabilities: BridgeCapabilities): boolean {
  const facets = capabilities.channel.facets;
  return facets.escalate.value || facets.humanReviewOnSilence.value;
}

export function supportOf(capabilities: BridgeCapabilities): InputSupport {
  return {
    steer: delivers(capabilities, "steer"),
    inject: delivers(capabilities, "message.inject"),
    // Abstaining hands the call to the harness's own check; on a channel where nobody further
    // reviews it, the core turns an abstain into a deny, so the key is not offered there.
    abstain: harnessChecksOnItsOwn(capabilities),
    replace: delivers(capabilities, "tool.decide/replace"),
  };
}

/** What the launcher knows about a session that its handle does not carry: shown in the pane and inspector. */
export interface SessionLaunchDetails {
  readonly model?: string;
  readonly effort?: string;
  readonly cwd?: string;
  readonly label?: string;
  readonly workspace?: WorkspaceInfo;
  readonly settings?: readonly ResolvedSettingView[];
  /** Sent as the first turn once the session has started. */
  readonly initialPrompt?: string;
}

export class HandleSessionPort implements SessionPort {
  readonly info: SessionInfo;
  private seq = 0;

  private readonly initialPrompt: string | undefined;

  constructor(
    private readonly handle: SessionHandle,
    capabilities: BridgeCapabilities,
    info: SessionLaunchDetails = {},
  ) {
    this.initialPrompt = info.initialPrompt;
    this.info = {
      harness: handle.harness,
      model: info.model,
      effort: info.effort,
      cwd: info.cwd,
      label: info.label,
      ...(info.workspace ? { workspace: info.workspace } : {}),
      settings: info.settings ?? [],
      support: supportOf(capabilities),
      ...(info.initialPrompt ? { initialPrompt: info.initialPrompt } : {}),
    };
  }

  private id(prefix: string): string {
    this.seq += 1;
    return `ui-${prefix}-${this.seq}`;
  }

  async start(): Promise<void> {
    await this.handle.start();
    if (this.initialPrompt) await this.send(this.initialPrompt, "turn");
  }

  subscribe(listener: Parameters<SessionHandle["subscribe"]>[0]): () => void {
    return this.handle.subscribe(listener);
  }

  send(text: string, mode: "turn" | "steer" | "inject"): Promise<IntentOutcome> {
    if (mode === "turn") return this.handle.send(this.id("prompt"), text);
    return this.handle.command(
      { command: mode === "steer" ? "steer" : "message.inject", id: this.id(mode), text },
      "human",
    );
  }

  answer(text: string): Promise<IntentOutcome> {
    return this.handle.answer(this.id("answer"), text);
  }

  decide(callId: string, decision: Decision): Promise<CommandOutcome> {
    return this.handle.command({ command: "tool.decide", id: this.id("decide"), callId, decision }, "human");
  }

  interrupt(): Promise<CommandOutcome> {
    return this.handle.command(
      { command: "interrupt", id: this.id("interrupt"), reason: "interrupted from the hmux TUI" },
      "human",
    );
  }

  halt(): Promise<CommandOutcome> {
    return this.handle.command({ command: "halt", id: this.id("halt"), reason: "halted from the hmux TUI" }, "human");
  }

  async close(): Promise<void> {
    await this.handle.abort("killed");
  }

  control(): ControlSnapshot {
    const snap = this.handle.snapshot();
    const c = snap.census;
    const census: Record<string, number> = {
      allowed: c.allowed,
      denied: c.denied,
      replaced: c.replaced,
      abstained: c.abstained,
    };
    for (const [decider, n] of Object.entries(c.byDecider)) if (n !== undefined) census[`by-${decider}`] = n;
    const frame = snap.frame
      ? `admits ${snap.frame.admits.join(", ") || "nothing"}${snap.frame.digest ? ` (${snap.frame.digest.slice(0, 12)})` : ""}`
      : null;
    return { frame, posture: snap.posture, pending: snap.pending, census };
  }
}

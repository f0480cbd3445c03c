/**
 * A core SessionHandle (src/core/exec/session-types.ts) seen as the TUI's SessionPort: sends
 * and answers become ops with fresh ids, decisions and stops become metaharness.command/1
 * commands decided by a human.
 */

import type { AllowRule } from "../core/control/allow-rules.js";
import type { CommandOutcome, Decision, SessionEvent } from "../core/control/types.js";
import { controlSnapshotOf } from "../core/exec/control-snapshot.js";
import { supportOf } from "../core/exec/input-support.js";
import type { BridgeCapabilities } from "../core/exec/session-bridge.js";
import type { SessionHandle } from "../core/exec/session-types.js";
import { HmuxError } from "../core/hmux-error.js";
import type { SessionChanges } from "./changes-port.js";
import type {
  ControlSnapshot,
  IntentOutcome,
  ResolvedSettingView,
  SessionInfo,
  SessionPort,
  WorkspaceInfo,
} from "./session-port.js";

export { supportOf };

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
  /** The worktree's diff and actions, when the session has one. */
  readonly changes?: SessionChanges;
}

/** How a pane's launcher reopens its session once it has ended, and lets go of it at the end. */
export interface PaneResumer {
  /** The same session (id, state dir, launch plan) again, continuing the harness's own session. */
  relaunch(from: {
    readonly sessionId: string;
    /** Null when it never said one: only a session that ran no turn resumes so (its harness starts fresh). */
    readonly harnessSessionId: string | null;
    readonly turnsBefore: number;
    /** The ended session's "allow always" rules: the resumed one keeps them in force. */
    readonly rules?: readonly AllowRule[];
  }): SessionHandle;
  /** The TUI is done with the session for good (it quits): what was kept for a resume goes. */
  release(): void;
}

type Listener = (event: SessionEvent) => void;

export class HandleSessionPort implements SessionPort {
  readonly info: SessionInfo;
  readonly changes?: SessionChanges;
  private seq = 0;
  private handle: SessionHandle;
  /** Each subscriber and its subscription on the current handle: a resume moves them to the new one. */
  private readonly subscriptions = new Map<Listener, () => void>();
  /** What a resume continues from: the harness's own session id and the turns run so far. */
  private harnessSessionId: string | null = null;
  private turns = 0;

  private readonly initialPrompt: string | undefined;

  constructor(
    handle: SessionHandle,
    capabilities: BridgeCapabilities,
    info: SessionLaunchDetails = {},
    private readonly resumer?: PaneResumer,
  ) {
    this.handle = handle;
    this.follow(handle);
    this.initialPrompt = info.initialPrompt;
    if (info.changes) this.changes = info.changes;
    this.info = {
      harness: handle.harness,
      id: handle.sessionId,
      model: info.model,
      effort: info.effort,
      cwd: info.cwd,
      label: info.label,
      ...(info.workspace ? { workspace: info.workspace } : {}),
      settings: info.settings ?? [],
      support: supportOf(capabilities),
      ...(info.initialPrompt ? { initialPrompt: info.initialPrompt } : {}),
      ...(resumer ? { resumable: true } : {}),
    };
  }

  private follow(handle: SessionHandle): void {
    handle.subscribe((event) => {
      if (event.kind === "identity") this.harnessSessionId = event.sessionId;
      if (event.kind === "turn") this.turns += 1;
    });
  }

  private id(prefix: string): string {
    this.seq += 1;
    return `ui-${prefix}-${this.seq}`;
  }

  async start(): Promise<void> {
    await this.handle.start();
    if (this.initialPrompt) await this.send(this.initialPrompt, "turn");
  }

  subscribe(listener: Listener): () => void {
    this.subscriptions.set(listener, this.handle.subscribe(listener));
    return () => {
      this.subscriptions.get(listener)?.();
      this.subscriptions.delete(listener);
    };
  }

  /**
   * Opens the ended session again through the launcher's resumer (same id and state dir, the
   * harness's own session id): every subscriber moves to the new session and sees it start.
   */
  async resume(): Promise<IntentOutcome> {
    if (!this.resumer) throw new HmuxError("not-resumable", "this pane's session cannot be resumed");
    const lifecycle = this.handle.snapshot().lifecycle;
    if (lifecycle !== "closed" && lifecycle !== "failed")
      throw new HmuxError("session-live", `the session is ${lifecycle}: only an ended session resumes`);
    const harnessSessionId = this.harnessSessionId ?? this.handle.snapshot().harnessSessionId;
    if (!harnessSessionId && this.turns > 0)
      throw new HmuxError(
        "not-resumable",
        `${this.info.harness} never said its own session id, so there is no conversation to continue`,
      );
    const rules = this.handle.snapshot().rules ?? [];
    const next = this.resumer.relaunch({
      sessionId: this.handle.sessionId,
      harnessSessionId,
      turnsBefore: this.turns,
      ...(rules.length > 0 ? { rules } : {}),
    });
    this.handle = next;
    this.follow(next);
    for (const [listener, stop] of this.subscriptions) {
      stop();
      this.subscriptions.set(listener, next.subscribe(listener));
    }
    await next.start();
    return { result: "ok" };
  }

  send(text: string, mode: "turn" | "steer" | "inject"): Promise<IntentOutcome> {
    if (mode === "turn") return this.handle.send(this.id("prompt"), text);
    return this.handle.command(
      { command: mode === "steer" ? "steer" : "message.inject", id: this.id(mode), text },
      "person",
    );
  }

  answer(text: string): Promise<IntentOutcome> {
    return this.handle.answer(this.id("answer"), text);
  }

  decide(callId: string, decision: Decision, scope?: "session" | "path"): Promise<CommandOutcome> {
    return this.handle.command(
      { command: "tool.decide", id: this.id("decide"), callId, decision, ...(scope ? { scope } : {}) },
      "person",
    );
  }

  revokeRule(ruleId: string): Promise<CommandOutcome> {
    return this.handle.command({ command: "rule.revoke", id: this.id("revoke"), ruleId }, "person");
  }

  interrupt(): Promise<CommandOutcome> {
    return this.handle.command(
      { command: "interrupt", id: this.id("interrupt"), reason: "interrupted from the hmux TUI" },
      "person",
    );
  }

  halt(): Promise<CommandOutcome> {
    return this.handle.command({ command: "halt", id: this.id("halt"), reason: "halted from the hmux TUI" }, "person");
  }

  async close(): Promise<void> {
    await this.handle.abort("killed");
    this.resumer?.release();
  }

  control(): ControlSnapshot {
    return controlSnapshotOf(this.handle.snapshot());
  }
}

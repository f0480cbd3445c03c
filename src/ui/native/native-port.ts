/**
 * A native pane as a SessionPort, so the TUI's store, rail and notifier treat it like any
 * session. The session itself (its pty, terminal and hook-driven lifecycle) is a NativeSession
 * (src/native/native-session.ts) wherever it runs; a pane only draws its terminal and passes keys
 * on. Decisions, prompts and answers belong to the native UI itself, so those intents are refused
 * with a reason saying where to act.
 */
import type { CommandOutcome, Decision } from "../../core/control/types.js";
import { ESCAPE_CHORD_LABEL } from "../../native/keys.js";
import type { NativeKind } from "../../native/native-plan.js";
import type { NativeSession } from "../../native/native-session.js";
import type { NativeTerminal } from "../../native/native-terminal.js";
import type { IntentOutcome, SessionInfo, SessionListener, SessionPort } from "../session-port.js";

/**
 * What the TUI needs of a native pane wherever its pty runs: in this process (LocalNativePort)
 * or on the hmux server (a terminal fed by the server's stream). The pane draws `terminal`, keys
 * go to `input`, and the header shows whether the state is known.
 */
export interface NativePort extends SessionPort {
  readonly native: true;
  readonly kind: NativeKind;
  readonly terminal: NativeTerminal;
  /** Whether the state shown is known from hooks, or unknown (never guessed). */
  readonly stateKnown: boolean;
  /** Keys typed into the pane. */
  input(bytes: string): void;
}

/** The reason every intent but keys is refused with: where to act instead. */
export function typeInThePane(): string {
  return `type in the pane itself (focus it, press Enter or ${ESCAPE_CHORD_LABEL}; ${ESCAPE_CHORD_LABEL} returns to hmux)`;
}

/** A native session in this process, drawn by a pane. */
export class LocalNativePort implements NativePort {
  readonly native = true as const;
  readonly kind: NativeKind;
  readonly info: SessionInfo;
  readonly terminal: NativeTerminal;

  constructor(readonly session: NativeSession) {
    this.kind = session.kind;
    this.terminal = session.terminal;
    this.info = {
      harness: session.kind,
      label: session.label,
      cwd: session.cwd,
      model: session.model,
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
      native: true,
    };
  }

  get stateKnown(): boolean {
    return this.session.stateKnown;
  }

  subscribe(listener: SessionListener): () => void {
    return this.session.subscribe(listener);
  }

  input(bytes: string): void {
    this.session.write(bytes);
  }

  send(): Promise<IntentOutcome> {
    return Promise.resolve({ disposition: "rejected", reason: `native pane: ${typeInThePane()}` });
  }

  answer(): Promise<IntentOutcome> {
    return Promise.resolve({ disposition: "rejected", reason: `native pane: ${typeInThePane()}` });
  }

  decide(_callId: string, _decision: Decision): Promise<CommandOutcome> {
    return Promise.resolve({
      result: "refused",
      refused: { code: "UNSUPPORTED_CONTROL", reason: `answer ${this.kind}'s own dialog: ${typeInThePane()}` },
    });
  }

  interrupt(): Promise<CommandOutcome> {
    return Promise.resolve(this.session.interrupt());
  }

  async halt(): Promise<CommandOutcome> {
    await this.session.close();
    return { result: "ok" };
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}

export function isNativePort(port: SessionPort | undefined): port is NativePort {
  return port !== undefined && (port as Partial<NativePort>).native === true;
}

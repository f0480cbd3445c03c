/**
 * A native session owned by the hmux server: the same native pane the TUI opens locally (the
 * launch pipeline, the native plan, hooks, the pty and its headless terminal, through
 * launchNative), held as a row of the server's table. To the table it is a session handle (its
 * hook-driven state, its "needs you", how it ended); to the hub it is a byte channel (keys in,
 * raw output out, the screen for a client that attaches). The pty is the server's child, so it
 * goes with the server: a kill hangs it up, and a server that dies closes the pty's master, which
 * hangs up the session leader as a closed terminal window does.
 */
import { randomUUID } from "node:crypto";
import type { CommandOutcome, Disposition, Lifecycle, PendingCall, SessionEvent } from "../core/control/types.js";
import type { ClosedEvent, LineAnswer, SessionHandle, SessionSnapshot } from "../core/exec/session-types.js";
import type { HookServer } from "../native/hooks/hook-server.js";
import { NativeLaunchError, parseNativeKind } from "../native/launch.js";
import { nativeKinds, SHELL_KIND } from "../native/native-plan.js";
import { ServerError } from "../server/errors.js";
import type { NativeChannel, NativeWatch } from "../server/native-channel.js";
import type { NativeSummary } from "../server/protocol.js";
import type { CreateSpec, Launched } from "../server/session-table.js";
import { leashedPty } from "../spawn/native-pty.js";
import type { NativeSessionPort } from "../ui/native/native-port.js";
import { launchNative, type NativeLaunchDeps } from "./native-launch.js";

/** How long an attach waits for the pane's emulator to catch up before it gives up. */
const SCREEN_WAIT_MS = 5_000;

export class ServerNativeSession implements SessionHandle, NativeChannel {
  readonly sessionId: string;
  readonly harness: string;
  readonly closed: Promise<ClosedEvent>;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private lifecycle: Lifecycle = "starting";
  private readonly pending = new Map<string, PendingCall>();
  private harnessSessionId: string | null = null;

  constructor(
    private readonly port: NativeSessionPort,
    sessionId: string = randomUUID(),
  ) {
    this.sessionId = sessionId;
    this.harness = port.kind;
    let resolveClosed: (event: ClosedEvent) => void = () => undefined;
    this.closed = new Promise((r) => {
      resolveClosed = r;
    });
    port.subscribe((event) => {
      this.track(event);
      if (event.kind === "closed") resolveClosed(event);
      for (const l of [...this.listeners]) l(event);
    });
  }

  private track(event: SessionEvent): void {
    if (event.kind === "state") this.lifecycle = event.to;
    else if (event.kind === "approval-request") this.pending.set(event.call.callId, event.call);
    else if (event.kind === "approval-cleared") this.pending.delete(event.callId);
    else if (event.kind === "session") this.harnessSessionId = event.sessionId;
    else if (event.kind === "closed") {
      this.lifecycle = "closed";
      this.pending.clear();
    }
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The pty was spawned at launch; there is no stream to open. */
  start(): Promise<void> {
    return Promise.resolve();
  }

  private refusal(): string {
    return `${this.port.info.label ?? this.harness} is a native pane: type into it (attach a TUI)`;
  }

  send(): Promise<Disposition> {
    return Promise.resolve({ disposition: "rejected", reason: this.refusal() });
  }

  answer(): Promise<Disposition> {
    return Promise.resolve({ disposition: "rejected", reason: this.refusal() });
  }

  command(): Promise<CommandOutcome> {
    return Promise.resolve({ result: "refused", refused: { code: "UNSUPPORTED_CONTROL", reason: this.refusal() } });
  }

  handleLine(): Promise<LineAnswer> {
    return Promise.resolve({ kind: "error", message: this.refusal() });
  }

  /** A native pane keeps no journal: what is said about it goes to its watchers only. */
  note(event: SessionEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  /** Hangs the pane up (SIGHUP, then SIGKILL after a grace) and lets go of its files. */
  async close(): Promise<ClosedEvent> {
    await this.port.close();
    return this.closed;
  }

  abort(): Promise<ClosedEvent> {
    return this.close();
  }

  snapshot(): SessionSnapshot {
    return {
      lifecycle: this.lifecycle,
      turnId: null,
      pending: [...this.pending.values()],
      harnessSessionId: this.harnessSessionId,
      frame: null,
      posture: null,
      census: { allowed: 0, denied: 0, replaced: 0, abstained: 0, byDecider: {} },
    };
  }

  summary(): NativeSummary {
    const t = this.port.terminal;
    return {
      kind: this.port.kind,
      pid: t.pid,
      cols: t.cols,
      rows: t.rows,
      stateKnown: this.port.stateKnown,
      ...(t.exit ? { exit: { code: t.exit.code, signal: t.exit.signal } } : {}),
    };
  }

  write(data: string): void {
    this.port.input(data);
  }

  resize(cols: number, rows: number): void {
    this.port.terminal.resize(cols, rows);
  }

  watch(listener: (chunk: Uint8Array) => void): NativeWatch {
    const stop = this.port.terminal.onOutput(listener);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ServerError("INTERNAL", `the pane's screen was not ready within ${SCREEN_WAIT_MS} ms`)),
        SCREEN_WAIT_MS,
      );
    });
    const screen = Promise.race([this.port.terminal.replay(), late]).finally(() => clearTimeout(timer));
    return { screen, stop };
  }
}

export interface ServerNativeDeps extends Omit<NativeLaunchDeps, "hooks"> {
  /** The server's hook server, started on the first native session that reports through hooks. */
  readonly hooks?: () => Promise<HookServer>;
}

/** Opens a native session for the server's table: a NativeLaunchError becomes a LAUNCH_REFUSED with its hint. */
export async function launchServerNative(spec: CreateSpec, deps: ServerNativeDeps = {}): Promise<Launched> {
  const size = spec.native ?? { cols: 80, rows: 24 };
  try {
    const kind = parseNativeKind(spec.harness, nativeKinds(deps.registry));
    const { hooks, ...rest } = deps;
    const port = await launchNative(
      {
        kind,
        cwd: spec.cwd,
        cols: size.cols,
        rows: size.rows,
        ...(spec.options.endpoint !== undefined ? { endpoint: spec.options.endpoint } : {}),
        ...(spec.options.model !== undefined ? { model: spec.options.model } : {}),
      },
      // A shell reports no state, so it starts no hook server.
      // The pty leash: whatever the pane starts goes with it, and with the server (pty-leash.mjs).
      { ...rest, spawn: leashedPty(rest.spawn), ...(hooks && kind !== SHELL_KIND ? { hooks: await hooks() } : {}) },
    );
    const session = new ServerNativeSession(port);
    return { handle: session, cwd: port.info.cwd ?? spec.cwd, notes: [], native: session };
  } catch (err) {
    if (err instanceof NativeLaunchError) throw new ServerError("LAUNCH_REFUSED", err.message, err.hint);
    throw err;
  }
}

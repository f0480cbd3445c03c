/**
 * The transport of a harness that stays up for the whole session (claude stream-json, codex
 * app-server, pi rpc): one process, spoken to through the harness's bridge. It spawns, writes
 * in order, splits the output into lines for the bridge, and stops the process (EOF, a grace,
 * TERM, KILL); everything the bridge reads is reported to the runtime as a machine input.
 */
import type { Decision } from "../control/types.js";
import { type LineItem, LineSplitter } from "../line-splitter.js";
import type { RequestRef } from "./open-requests.js";
import type { ChildProcessHandle, Clock, ExitStatus, Spawner, SpawnRequest } from "./ports.js";
import type { BridgeOutput, SessionBridge } from "./session-bridge.js";
import type { SessionTransport, TransportSink } from "./session-transport.js";
import { parseStdoutLine } from "./stdout-line.js";

/** Between TERM and KILL. */
const KILL_GRACE_MS = 5000;

export interface ProcessTransportPlan {
  readonly spawn: SpawnRequest;
  readonly bridge: SessionBridge;
  /** Grace after stdin EOF before signals, in ms (default 5000). */
  readonly closeGraceMs?: number;
}

export class ProcessTransport implements SessionTransport {
  private sink: TransportSink | null = null;
  private child: ChildProcessHandle | null = null;
  private writes: Promise<boolean> = Promise.resolve(true);
  private gone = false;
  private stopping: "grace" | "now" | null = null;
  private termTimer: unknown;
  /** Its last non-blank stderr line: why it quit, when it quits at start-up. */
  private lastStderr: string | undefined;

  constructor(
    private readonly plan: ProcessTransportPlan,
    private readonly ports: { readonly spawner: Spawner; readonly clock: Clock },
  ) {}

  start(sink: TransportSink): void {
    this.sink = sink;
    const child = this.ports.spawner.spawn({ ...this.plan.spawn, stdin: "pipe" });
    this.child = child;
    const out = new LineSplitter();
    const err = new LineSplitter();
    child.onStdout((chunk) => {
      for (const l of out.push(chunk)) this.onItem(l, "stdout");
    });
    child.onStderr((chunk) => {
      for (const l of err.push(chunk)) this.onItem(l, "stderr");
    });
    void child.exited.then(async (status) => {
      for (const l of out.end()) this.onItem(l, "stdout");
      for (const l of err.end()) this.onItem(l, "stderr");
      try {
        await this.plan.bridge.settle?.();
      } catch {
        // The exit is reported whatever the bridge could still settle.
      }
      this.onExit(status);
    });
    // An asynchronous bridge reports on its own, through the same path as what it answers a line with.
    this.plan.bridge.attach?.({ emit: (outputs) => this.report(outputs), clock: this.ports.clock });
    const { lines, readyAtOnce } = this.plan.bridge.start();
    if (lines.length > 0) void this.write(lines);
    if (readyAtOnce) sink.input({ type: "ready" });
  }

  send(text: string, turnOpen: boolean): Promise<boolean> {
    return this.write(this.plan.bridge.encodeSend(text, turnOpen));
  }

  decide(callId: string, ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>): Promise<boolean> {
    return this.write(this.plan.bridge.encodeDecision(callId, ref, decision));
  }

  continueCall(callId: string, ref: RequestRef): void {
    const lines = this.plan.bridge.encodeContinue?.(callId, ref) ?? [];
    if (lines.length > 0) void this.write(lines);
  }

  interrupt(): boolean {
    const lines = this.plan.bridge.encodeInterrupt();
    if (lines === null) return false;
    if (lines.length > 0) void this.write(lines);
    return true;
  }

  steer(text: string): void {
    void this.write(this.plan.bridge.encodeSteer(text) ?? []);
  }

  setPermission(posture: string): void {
    const lines = this.plan.bridge.encodePermission(posture);
    if (lines) void this.write(lines);
  }

  /** EOF first, then TERM after the grace (at once when `now`), then KILL. A stop `now` cuts a running grace short. */
  stop(now: boolean): void {
    const child = this.child;
    if (!child || this.gone || this.stopping === "now" || (this.stopping === "grace" && !now)) return;
    const clock = this.ports.clock;
    if (this.stopping === null) child.endStdin();
    this.stopping = now ? "now" : "grace";
    if (this.termTimer !== undefined) clock.clearTimeout(this.termTimer);
    const term = clock.setTimeout(
      () => {
        child.kill("SIGTERM");
        const kill = clock.setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
        void child.exited.then(() => clock.clearTimeout(kill));
      },
      now ? 0 : (this.plan.closeGraceMs ?? 5000),
    );
    this.termTimer = term;
    void child.exited.then(() => clock.clearTimeout(term));
  }

  flushed(): Promise<unknown> {
    return this.writes;
  }

  private write(lines: readonly string[]): Promise<boolean> {
    const child = this.child;
    if (!child || lines.length === 0) return Promise.resolve(child !== null);
    const data = lines.map((l) => `${l}\n`).join("");
    this.writes = this.writes.then(
      (prev) => (prev ? child.write(data) : false),
      () => false,
    );
    return this.writes;
  }

  private onItem(item: LineItem, stream: "stdout" | "stderr"): void {
    if (item.kind === "line") return this.onLine(item.text, stream);
    this.sink?.emit({
      kind: "error",
      message: `a ${stream} line of ${item.bytes} bytes exceeded the ${item.limit}-byte limit and was skipped`,
    });
  }

  private onLine(line: string, stream: "stdout" | "stderr"): void {
    if (this.gone) return;
    const parsed = stream === "stdout" ? parseStdoutLine(line) : { kind: "text" as const, text: line };
    if (parsed.kind === "text" && parsed.text.trim() === "") return this.sink?.activity();
    if (stream === "stderr") this.lastStderr = line;
    const bridge = this.plan.bridge;
    this.report(parsed.kind === "json" ? bridge.record(parsed.record) : bridge.text(parsed.text, stream));
    this.sink?.activity();
  }

  private report(outputs: readonly BridgeOutput[]): void {
    const sink = this.sink;
    if (!sink || this.gone) return;
    for (const o of outputs) {
      switch (o.kind) {
        case "event":
          sink.input({ type: "harness-event", event: o.event });
          break;
        case "approval":
          sink.input({ type: "tool-call-requested", call: o.ask });
          break;
        case "pre-tool-check":
          sink.input({ type: "pre-tool-check", call: o.ask });
          break;
        case "approval-withdrawn":
          sink.input({ type: "call-cleared", callId: o.callId, reason: "native-resolved" });
          break;
        case "turn-end":
          sink.input({
            type: "turn-ended",
            outcome: {
              exitCode: null,
              ...(o.cause !== undefined ? { cause: o.cause } : {}),
              ...(o.failure ? { failure: o.failure } : {}),
            },
          });
          break;
        case "write":
          void this.write(o.lines);
          break;
        case "ready":
          sink.input({ type: "ready" });
          break;
        case "fatal":
          sink.input({ type: "harness-failed", failure: o.failure });
          break;
      }
    }
  }

  private onExit(status: ExitStatus): void {
    this.report(this.plan.bridge.end());
    this.gone = true;
    this.sink?.input({
      type: "harness-gone",
      exitCode: status.code,
      signal: status.signal,
      ...(status.spawnError ? { spawnError: status.spawnError } : {}),
      ...(this.lastStderr !== undefined ? { lastStderr: this.lastStderr } : {}),
    });
  }
}

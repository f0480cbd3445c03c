/**
 * The session bridge of every ACP agent: the official SDK's client connection (its handlers
 * check each request and notification the agent sends against ACP's schemas) over the session
 * transport's stdio. Handshake initialize → session/new (or session/resume, session/load with
 * --resume) with cwd = the session's worktree; a user send is one session/prompt (a send during a
 * turn is held for the next, as ACP v1 has no steering); interrupt is session/cancel; each
 * session/update becomes HarnessEvents; session/request_permission is one ToolCallAsk for the
 * control machine, answered with the agent's own option ids; a form elicitation/create is one
 * hmux question (elicitation.ts). hmux advertises no fs or terminal client capability, so the
 * agent does its own file and shell work and asks permission for it.
 *
 * The SDK is asynchronous, so everything it learns goes out through the bridge's output port
 * (BridgeOutputPort); a line never answers synchronously here except when it is malformed.
 */

import type {
  AnyMessage,
  ClientConnection,
  CreateElicitationRequest,
  CreateElicitationResponse,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionNotification,
} from "@agentclientprotocol/sdk";
import type { Decision } from "../../core/control/types.js";
import type { JsonObject } from "../../core/decoder.js";
import type { FailureClass, FailureSummary, HarnessEvent } from "../../core/events.js";
import { budgetText, elapsedText } from "../../core/exec/handshake-budget.js";
import type { RequestRef } from "../../core/exec/open-requests.js";
import type {
  BridgeCapabilities,
  BridgeOutput,
  BridgeOutputPort,
  SessionBridge,
} from "../../core/exec/session-bridge.js";
import { failure } from "../../core/failure.js";
import { invariant } from "../../core/invariant.js";
import { answerIn } from "../../core/question.js";
import type { AcpLimits, PermissionToolCall } from "./definition.js";
import { answerForm, type FormQuestion, readForm } from "./elicitation.js";
import { answerOf, askOf, CANCELLED, type PermissionAnswer, type PermissionVerdict } from "./permission.js";
import { envelopeProblem, initializeReply, newSessionReply, promptReply, type StopReasonName } from "./replies.js";
import { type AcpSdk, loadAcpSdk } from "./sdk.js";
import { UpdateEvents } from "./updates.js";
import { type WireEnds, wireEnds } from "./wire.js";

export interface AcpBridgeOptions {
  /** The harness name: every failure names the agent by it. */
  readonly agent: string;
  readonly capabilities: BridgeCapabilities;
  /** The session's worktree: session/new's cwd, and the workspace permission paths are checked against. */
  readonly cwd: string;
  /** The agent's own session id to continue. */
  readonly resume?: string;
  readonly limits: AcpLimits;
  readonly tolerateStdoutText: boolean;
  /** hmux's version, as clientInfo says it. */
  readonly clientVersion: string;
  /** The session mode set (session/set_mode) once the session is open, before the first prompt. */
  readonly sessionMode?: string;
  /** The call a permission request is about, where the agent asks in its own words (AcpAgentDefinition). */
  readonly permissionToolCall?: (toolCall: PermissionToolCall) => PermissionToolCall;
}

interface OpenPermission {
  readonly callId: string;
  readonly options: RequestPermissionRequest["options"];
  readonly resolve: (response: RequestPermissionResponse) => void;
}

/** The one elicitation hmux is asking the person, waiting for the answer that is the next send. */
interface OpenElicitation {
  readonly form: FormQuestion;
  readonly resolve: (response: CreateElicitationResponse) => void;
}

type Phase = "handshake" | "ready" | "failed" | "ended";
type HandshakeStep = "initialize" | "session/new" | "session/resume" | "session/load" | "session/set_mode";

/**
 * hmux's client capabilities: exactly what it serves. None of fs/* and terminal/*; form
 * elicitation, asked as a question (URL mode is not offered: hmux has nowhere to open a URL).
 */
const CLIENT_CAPABILITIES = {
  fs: { readTextFile: false, writeTextFile: false },
  terminal: false,
  elicitation: { form: {} },
} as const;

export class AcpSessionBridge implements SessionBridge {
  readonly capabilities: BridgeCapabilities;
  private port: BridgeOutputPort | null = null;
  private sdk: AcpSdk | null = null;
  private wire: WireEnds | null = null;
  private connection: ClientConnection | null = null;
  private sessionId: string | null = null;
  private phase: Phase = "handshake";
  private handshakeTimer: unknown;
  private handshakeStarted = 0;
  /** The handshake request waiting for its answer, and when each earlier one was answered (ms after start). */
  private handshakeStep: HandshakeStep = "initialize";
  private readonly handshakeAnswered: { readonly step: HandshakeStep; readonly atMs: number }[] = [];
  private prompting = false;
  /** The running turn was cancelled: every permission it still asks is answered cancelled. */
  private cancelling = false;
  private readonly held: string[] = [];
  private readonly updates = new UpdateEvents();
  private readonly open = new Map<string, OpenPermission>();
  private elicitation: OpenElicitation | null = null;
  private decided: { readonly open: OpenPermission; readonly verdict: PermissionVerdict }[] = [];
  private updateCount = 0;
  /** session/update notifications read, handed to a handler by the SDK, and read before the last prompt reply. */
  private updatesArrived = 0;
  private updatesHandled = 0;
  private updatesBeforeReply = 0;
  /** Permission requests received and not yet answered (counted on arrival, before the SDK hands them over). */
  private asking = 0;
  private replaying = false;
  /** The process is gone and its last output is being worked through: a prompt cut off by that is the exit's to report. */
  private exiting = false;
  private replayed = 0;
  private seq = 0;

  constructor(private readonly options: AcpBridgeOptions) {
    this.capabilities = options.capabilities;
  }

  attach(port: BridgeOutputPort): void {
    this.port = port;
  }

  start(): { lines: string[]; readyAtOnce: boolean } {
    const port = this.port;
    invariant(port, "the ACP bridge reports through its output port, attached before start");
    // What the agent writes before the SDK is loaded waits in the wire's readable side.
    const wire = wireEnds((line) => this.out({ kind: "write", lines: [line] }));
    this.wire = wire;
    const ms = this.options.limits.handshakeMs;
    this.handshakeStarted = port.clock.now();
    this.handshakeTimer = port.clock.setTimeout(() => this.fail("timeout", this.handshakeOverdue(ms)), ms);
    void this.connect(wire).catch((err: unknown) => {
      // An agent that quit mid-handshake is the exit's to report (its code and last stderr line).
      if (this.exiting) return;
      // -32000 is ACP's "authentication required": the agent wants a login hmux cannot give it.
      this.fail(rpcCode(err) === -32000 ? "auth" : "native", this.refusedWhy("the handshake", err));
    });
    return { lines: [], readyAtOnce: false };
  }

  /** The SDK's client on the wire (the SDK is loaded here, not when hmux starts), then the handshake. */
  private async connect(wire: WireEnds): Promise<void> {
    const sdk = await loadAcpSdk();
    if (this.phase !== "handshake") return;
    this.sdk = sdk;
    const app = sdk
      .client({ name: "hmux" })
      .onNotification("session/update", ({ params }) => this.onUpdate(params))
      .onRequest("session/request_permission", ({ params, signal }) => this.onPermission(params, signal))
      .onRequest("elicitation/create", ({ params, signal }) => this.onElicitation(params, signal))
      .onNotification("*", ({ method, params }) => {
        // $/cancel_request is the SDK's own to act on (it withdraws the request named); anything else is shown.
        if (method !== "$/cancel_request") this.event({ kind: "unrecognized", nativeType: method, record: params });
      })
      .onRequest("*", ({ method, params }) => {
        // Never leave the agent waiting on a request hmux does not serve: the error is the refusal.
        this.event({ kind: "unrecognized", nativeType: method, record: params });
        throw sdk.RequestError.methodNotFound(method);
      });
    this.connection = app.connect(wire.stream);
    await this.handshake(this.connection);
  }

  encodeSend(text: string): string[] {
    if (this.phase !== "ready") return [];
    if (this.elicitation) {
      this.answerElicitation(text);
      return [];
    }
    if (this.prompting) this.held.push(text);
    else this.prompt(text);
    return [];
  }

  encodeDecision(callId: string, ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>): string[] {
    const key = String(ref);
    const open = this.open.get(key);
    if (!open || open.callId !== callId) return [];
    this.open.delete(key);
    // replace cannot be carried (the row's replace facet is false): what is not an allow is a no.
    this.decided.push({ open, verdict: decision.decision === "allow" ? "allow" : "deny" });
    // Answered after the current step: an interrupt carried in the same step turns the answers into `cancelled`.
    void Promise.resolve().then(() => this.answerDecided());
    return [];
  }

  encodeInterrupt(): string[] {
    const connection = this.connection;
    if (!this.prompting || this.sessionId === null || !connection || this.phase !== "ready") return [];
    this.cancelling = true;
    this.cancelOpen();
    this.closeElicitation("cancel");
    void connection.agent.notify("session/cancel", { sessionId: this.sessionId }).catch(() => undefined);
    return [];
  }

  encodeSteer(): null {
    return null;
  }

  encodePermission(): null {
    return null;
  }

  record(record: JsonObject): BridgeOutput[] {
    if (this.phase === "failed" || this.phase === "ended") return [];
    const problem = envelopeProblem(record);
    if (problem !== null) {
      this.fail(
        "native",
        `${this.options.agent} sent malformed JSON-RPC (${problem}): ${clip(JSON.stringify(record))}`,
      );
      return [];
    }
    if (typeof record.method === "string" && !this.withinBounds(record.method)) return [];
    if (record.method === "session/update") this.updatesArrived++;
    // A prompt's reply: every update before it is handled (or refused by the SDK's schema) before the reply is.
    else if (record.method === undefined && typeof obj(record.result).stopReason === "string")
      this.updatesBeforeReply = this.updatesArrived;
    this.wire?.push(record as AnyMessage);
    return [];
  }

  text(line: string, stream: "stdout" | "stderr"): BridgeOutput[] {
    if (stream === "stdout" && !this.options.tolerateStdoutText && this.phase !== "ended") {
      this.fail(
        "native",
        `${this.options.agent} wrote a line on stdout that is not a JSON-RPC message (ACP reserves stdout for its messages): ${clip(line)}`,
      );
      return [];
    }
    return [{ kind: "event", event: { kind: "raw", stream, text: line } }];
  }

  /** The agent's stdout is all read: the SDK works through what it still holds before the exit is reported. */
  async settle(): Promise<void> {
    const connection = this.connection;
    if (!connection || this.phase === "failed" || this.phase === "ended") return;
    this.exiting = true;
    this.wire?.close();
    await connection.closed;
    // A handler the last message started runs one step after the connection saw it.
    await Promise.resolve();
  }

  end(): BridgeOutput[] {
    const before = this.phase;
    this.phase = "ended";
    this.stopHandshakeTimer();
    this.cancelOpen();
    this.closeElicitation("decline");
    this.wire?.close();
    this.connection?.close();
    return before === "failed" ? [] : this.updates.flush().map((event) => ({ kind: "event", event }));
  }

  // ——— the handshake ———

  private async handshake(connection: ClientConnection): Promise<void> {
    const agent = this.options.agent;
    const raw = await connection.agent.request("initialize", {
      protocolVersion: this.protocolVersion,
      clientCapabilities: CLIENT_CAPABILITIES,
      clientInfo: { name: "hmux", title: "harnessmux", version: this.options.clientVersion },
    });
    const init = initializeReply.safeParse(raw);
    if (!init.success)
      return this.fail("native", `${agent} answered initialize with a malformed result: ${init.error.message}`);
    const version = init.data.protocolVersion;
    if (version !== this.protocolVersion)
      return this.fail(
        "native",
        `${agent} speaks ACP protocol version ${version} and hmux speaks version ${this.protocolVersion}; no session was started`,
      );
    const caps = init.data.agentCapabilities;
    const info = init.data.agentInfo;
    this.event({
      kind: "progress",
      label: "acp",
      detail: `${info ? `${info.name} ${info.version}` : agent}, ACP protocol ${version}${caps?.loadSession ? ", loads sessions" : ""}`,
    });
    const cwd = this.options.cwd;
    const resume = this.options.resume;
    if (resume === undefined) {
      this.handshakeStepTo("session/new");
      const opened = newSessionReply.safeParse(await connection.agent.request("session/new", { cwd, mcpServers: [] }));
      if (!opened.success) return this.fail("native", `${agent} answered session/new without a session id`);
      this.sessionId = opened.data.sessionId;
    } else if (caps?.sessionCapabilities?.resume) {
      this.handshakeStepTo("session/resume");
      await connection.agent.request("session/resume", { sessionId: resume, cwd, mcpServers: [] });
      this.sessionId = resume;
    } else if (caps?.loadSession) {
      // The agent replays the session as updates; hmux's journal already holds them, so they are counted, not shown again.
      this.sessionId = resume;
      this.replaying = true;
      this.handshakeStepTo("session/load");
      await connection.agent.request("session/load", { sessionId: resume, cwd, mcpServers: [] });
      this.replaying = false;
      this.event({
        kind: "progress",
        label: "acp",
        detail: `${agent} loaded session ${resume} (${this.replayed} updates replayed)`,
      });
    } else {
      return this.fail(
        "rejected",
        `${agent} offers neither session/resume nor session/load, so hmux cannot continue its session ${resume}`,
      );
    }
    if (this.phase !== "handshake") return;
    const mode = this.options.sessionMode;
    if (mode !== undefined) {
      // An agent left in its own default mode may run calls nobody is asked about: a refusal ends the session.
      this.handshakeStepTo("session/set_mode");
      await connection.agent.request("session/set_mode", { sessionId: this.sessionId, modeId: mode });
      if (this.phase !== "handshake") return;
      this.event({ kind: "progress", label: "acp", detail: `${agent} session mode ${mode}` });
    }
    this.stopHandshakeTimer();
    this.phase = "ready";
    this.updateCount = 0;
    this.out(
      {
        kind: "event",
        event: { kind: "identity", harness: agent, sessionId: this.sessionId, authority: "harness-minted" },
      },
      { kind: "ready" },
    );
  }

  // ——— turns ———

  private prompt(text: string): void {
    const connection = this.connection;
    if (!connection || this.sessionId === null) return;
    this.prompting = true;
    this.cancelling = false;
    this.updateCount = 0;
    connection.agent.request("session/prompt", { sessionId: this.sessionId, prompt: [{ type: "text", text }] }).then(
      (reply) => this.promptEnded(reply),
      (err: unknown) => this.promptFailed(err),
    );
  }

  private promptEnded(reply: unknown): void {
    if (this.phase !== "ready") return;
    const dropped = this.updatesBeforeReply - this.updatesHandled;
    if (dropped > 0) {
      // The SDK checks each update against ACP's schema and drops one that fails it: say so, so nothing is lost unseen.
      this.updatesHandled = this.updatesBeforeReply;
      this.event({
        kind: "error",
        message: `${this.options.agent} sent ${dropped} session/update notification${dropped === 1 ? "" : "s"} that ACP's schema refuses; ${dropped === 1 ? "it was" : "they were"} not shown`,
      });
    }
    const parsed = promptReply.safeParse(reply);
    if (!parsed.success)
      return this.turnEnded(failure("native", `${this.options.agent} ended a prompt with a malformed stop reason`));
    this.turnEnded(stopFailure(this.options.agent, parsed.data.stopReason));
  }

  private promptFailed(err: unknown): void {
    if (this.phase !== "ready" || this.exiting) return;
    const cls: FailureClass = rpcCode(err) === -32000 ? "auth" : "native";
    this.turnEnded(failure(cls, this.refusedWhy("session/prompt", err)));
  }

  private turnEnded(f: FailureSummary | undefined): void {
    this.prompting = false;
    this.cancelOpen();
    // The agent ended its prompt with its question unanswered: a later answer reaches it as the next prompt.
    this.closeElicitation("cancel");
    const events = this.updates.flush();
    if (f) events.push({ kind: "failure", ...f });
    this.out(...events.map((event): BridgeOutput => ({ kind: "event", event })), {
      kind: "turn-end",
      ...(f ? { failure: f } : {}),
    });
    this.updateCount = 0;
    const next = this.held.shift();
    if (next !== undefined) this.prompt(next);
  }

  // ——— what the agent sends ———

  /**
   * Every request and notification counts against the bound of its stretch (a turn, a session
   * load, the time between turns), and open permission requests against theirs: past either, the
   * agent is flooding, and the session ends before hmux holds more of it.
   */
  private withinBounds(method: string): boolean {
    const limits = this.options.limits;
    const limit = this.prompting || this.replaying ? limits.updatesPerTurn : limits.updatesBetweenTurns;
    if (++this.updateCount > limit) {
      const when = this.replaying ? "while loading a session" : this.prompting ? "in one turn" : "between turns";
      this.fail("native", `${this.options.agent} flooded hmux with more than ${limit} messages ${when}`);
      return false;
    }
    if (method === "session/request_permission" && ++this.asking > limits.openPermissions) {
      this.fail(
        "native",
        `${this.options.agent} flooded hmux with more than ${limits.openPermissions} permission requests open at once`,
      );
      return false;
    }
    return true;
  }

  private onUpdate(notification: SessionNotification): void {
    if (this.phase === "failed" || this.phase === "ended") return;
    this.updatesHandled++;
    if (this.sessionId !== null && notification.sessionId !== this.sessionId) {
      this.event({ kind: "unrecognized", nativeType: "session/update for another session", record: notification });
      return;
    }
    if (this.replaying) {
      this.replayed++;
      return;
    }
    const events = this.updates.update(notification.update);
    if (events.length > 0) this.out(...events.map((event): BridgeOutput => ({ kind: "event", event })));
  }

  private onPermission(params: RequestPermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
    const call = this.options.permissionToolCall?.(params.toolCall) ?? params.toolCall;
    const known = this.updates.learn(call.toolCallId, {
      ...(call.title != null ? { title: call.title } : {}),
      ...(call.kind != null ? { kind: call.kind } : {}),
      ...(call.rawInput !== undefined ? { rawInput: call.rawInput } : {}),
      ...(call.locations != null ? { locations: call.locations } : {}),
    });
    // Nobody can decide for a turn that is being cancelled, a session that is not up, or another session.
    const elsewhere = params.sessionId !== this.sessionId;
    if (elsewhere)
      this.event({
        kind: "unrecognized",
        nativeType: "session/request_permission for another session",
        record: params,
      });
    if (this.phase !== "ready" || this.cancelling || elsewhere) {
      this.asking--;
      return Promise.resolve({ outcome: CANCELLED.outcome });
    }
    const ref = `acp-permission-${++this.seq}`;
    return new Promise((answered) => {
      const resolve = (response: RequestPermissionResponse) => {
        this.asking--;
        answered(response);
      };
      this.open.set(ref, { callId: known.callId, options: params.options, resolve });
      signal.addEventListener("abort", () => {
        // The agent withdrew its request ($/cancel_request), or the connection closed.
        if (!this.open.delete(ref)) return;
        // Still answered: the agent's request ends with an outcome, not an unanswered id.
        resolve({ outcome: CANCELLED.outcome });
        this.out({ kind: "approval-withdrawn", callId: known.callId });
      });
      // The SDK hands each message to its handler without waiting for the one before, so the updates
      // an agent sent just before this request (its text, the tool call) may still be on their way:
      // the ask goes out after them, in the order they came on the wire (pi-acp's came 4 ms apart).
      const ask = () => {
        if (this.open.has(ref)) this.out({ kind: "approval", ask: askOf(known, ref, this.options.cwd) });
      };
      if (this.port) this.port.clock.setTimeout(ask, 0);
      else ask();
    });
  }

  /**
   * A form elicitation is one hmux question: the turn so far ends on it (awaiting input, as a
   * question ends every harness's turn) while the agent's prompt stays open, and the next send is
   * the answer, which the agent's prompt goes on from. A form hmux cannot ask is declined with why.
   */
  private onElicitation(params: CreateElicitationRequest, signal: AbortSignal): Promise<CreateElicitationResponse> {
    const scope = params as { sessionId?: string };
    const why =
      this.phase !== "ready" || !this.prompting || this.cancelling
        ? "no turn is open to ask it in"
        : scope.sessionId !== this.sessionId
          ? "it is for another session"
          : this.elicitation
            ? "hmux asks one question at a time and one is already waiting"
            : null;
    const reading = why === null ? readForm(params) : { ok: false as const, why };
    if (!reading.ok) {
      this.event({ kind: "error", message: `${this.options.agent} asked a question hmux declined: ${reading.why}` });
      return Promise.resolve({ action: "decline" });
    }
    const { form } = reading;
    return new Promise((resolve) => {
      const open: OpenElicitation = { form, resolve };
      this.elicitation = open;
      signal.addEventListener("abort", () => {
        // The agent withdrew its question ($/cancel_request), or the connection closed.
        if (this.elicitation === open) this.elicitation = null;
        resolve({ action: "cancel" });
      });
      // After the updates the agent sent just before (as for a permission request), then the turn ends on the question.
      const ask = () => {
        if (this.elicitation !== open) return;
        const events = this.updates.flush();
        events.push({ kind: "question", ...form.question });
        this.out(...events.map((event): BridgeOutput => ({ kind: "event", event })), { kind: "turn-end" });
      };
      if (this.port) this.port.clock.setTimeout(ask, 0);
      else ask();
    });
  }

  /** The send answering the open elicitation: hmux's answer wording is unwrapped, any other text is the answer as said. */
  private answerElicitation(text: string): void {
    const open = this.elicitation;
    if (!open) return;
    this.elicitation = null;
    const answer = answerForm(open.form, answerIn(text) ?? text);
    if (answer.action === "decline")
      this.event({ kind: "error", message: `${this.options.agent}'s question was declined: ${answer.why}` });
    open.resolve(answer.action === "accept" ? { action: "accept", content: answer.content } : { action: "decline" });
  }

  /** An elicitation nobody will answer: cancelled when the turn is, declined when the session ends first. */
  private closeElicitation(action: "cancel" | "decline"): void {
    const open = this.elicitation;
    if (!open) return;
    this.elicitation = null;
    open.resolve({ action });
  }

  private answerDecided(): void {
    const decided = this.decided;
    this.decided = [];
    for (const { open, verdict } of decided) {
      const answer: PermissionAnswer = this.cancelling ? CANCELLED : answerOf(verdict, open.options);
      const selected = answer.outcome.outcome === "selected" ? answer.outcome.optionId : null;
      const allowed = open.options.some((o) => o.optionId === selected && o.kind.startsWith("allow"));
      if (!allowed) this.updates.markDenied(open.callId);
      if (answer.note) this.event({ kind: "error", message: `${this.options.agent}: ${answer.note}` });
      open.resolve({ outcome: answer.outcome });
    }
  }

  /** Every request still open is answered cancelled: its turn ended or was cancelled, or the session is ending. */
  private cancelOpen(): void {
    for (const [ref, open] of this.open) {
      this.open.delete(ref);
      open.resolve({ outcome: CANCELLED.outcome });
      this.out({ kind: "approval-withdrawn", callId: open.callId });
    }
    if (this.decided.length > 0) this.answerDecided();
  }

  // ——— failure ———

  private fail(cls: FailureClass, message: string): void {
    if (this.phase === "failed" || this.phase === "ended") return;
    this.phase = "failed";
    this.stopHandshakeTimer();
    this.cancelOpen();
    this.closeElicitation("decline");
    this.out({ kind: "fatal", failure: failure(cls, message) });
    this.connection?.close();
  }

  private refusedWhy(what: string, err: unknown): string {
    const agent = this.options.agent;
    const code = rpcCode(err);
    const message = err instanceof Error ? err.message : String(err);
    if (code === -32022) return `${agent} does not speak ACP protocol version ${this.protocolVersion} (${message})`;
    if (code !== undefined) return `${agent} answered ${what} with error ${code}: ${message}`;
    return `${agent}: ${what} failed: ${message}`;
  }

  /** The protocol version hmux speaks: the SDK's, once it is loaded (1 before, which is what it is). */
  private get protocolVersion(): number {
    return this.sdk?.PROTOCOL_VERSION ?? 1;
  }

  /** The handshake moves on to `step`: the one before it was answered now. */
  private handshakeStepTo(step: HandshakeStep): void {
    const atMs = (this.port?.clock.now() ?? this.handshakeStarted) - this.handshakeStarted;
    this.handshakeAnswered.push({ step: this.handshakeStep, atMs });
    this.handshakeStep = step;
  }

  /** The timeout's reason: the agent, the request it left unanswered, the budget, and what it did answer in time. */
  private handshakeOverdue(ms: number): string {
    const answered = this.handshakeAnswered.map((a) => `${a.step} answered after ${elapsedText(a.atMs)}`);
    return `${this.options.agent} did not answer ${this.handshakeStep} within its ACP handshake budget of ${budgetText(ms)}${answered.length > 0 ? ` (${answered.join(", ")})` : ""}`;
  }

  private stopHandshakeTimer(): void {
    if (this.handshakeTimer !== undefined) this.port?.clock.clearTimeout(this.handshakeTimer);
    this.handshakeTimer = undefined;
  }

  private event(event: HarnessEvent): void {
    this.out({ kind: "event", event });
  }

  private out(...outputs: BridgeOutput[]): void {
    this.port?.emit(outputs);
  }
}

/** How a prompt's stop reason ends the turn: a failure for the stops that are not the turn's own end. */
function stopFailure(agent: string, reason: StopReasonName): FailureSummary | undefined {
  switch (reason) {
    case "end_turn":
    case "cancelled":
      return undefined;
    case "max_tokens":
      return failure("budget", `${agent} stopped the turn: the model reached its token limit`);
    case "max_turn_requests":
      return failure("budget", `${agent} stopped the turn: it reached its limit of model requests in one turn`);
    case "refusal":
      return failure("rejected", `${agent} stopped the turn: the model refused to go on`);
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The JSON-RPC error code an SDK request failed with (its RequestError), if it was an error answer. */
function rpcCode(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === "number" ? code : undefined;
}

function obj(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

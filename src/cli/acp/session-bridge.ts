/**
 * One ACP session: an hmux server session this connection attached to. It renders the session's
 * events as `session/update`s, runs the client's prompts as the session's turns, asks the client
 * about each call hmux's policy left for somebody to decide, and hands the answer to the server
 * as a `tool.decide` (decider `program`). The server settles every call once: a person in
 * `hmux attach` may answer first, and then the client's request is cancelled (`$/cancel_request`)
 * and an answer it sends anyway is refused there TOO_LATE, which the client is told in the call.
 */
import type * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import type { PendingCall, SessionEvent } from "../../core/control/types.js";
import type { HarnessEvent } from "../../core/events.js";
import type { InputAnswer } from "../../protocol/replies.js";
import type { SessionSummary } from "../../protocol/session-row.js";
import type { ServerClient } from "../../server/client.js";
import { acpError } from "./errors.js";
import { decideLine, permissionRequest, verdictOf } from "./permission.js";
import { promptText } from "./prompt-text.js";
import { SessionUpdates } from "./session-updates.js";
import { turnEnd } from "./stop-reason.js";
import { toolNote } from "./tool-call.js";

/** What the bridge needs of the ACP connection: the two client methods it calls. */
export interface AcpPeer {
  update(update: acp.SessionNotification): Promise<void>;
  askPermission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
  /** The client's name, for the reasons hmux records ("denied in Zed's permission prompt"). */
  readonly name: string;
  /** How a decision's record names the way it came (`hmux acp for Zed on box (pid 12)`): hmux audit shows it. */
  readonly via: string;
  /** The client has gone (the connection closed): a request it could not answer is nobody's no. */
  gone(): boolean;
  log(line: string): void;
}

type Done = Extract<HarnessEvent, { kind: "done" }>;

interface Turn {
  readonly lineId: string;
  /** The session announced this prompt's turn (or its input was answered `started`). */
  started: boolean;
  cancelled: boolean;
  /** A done seen while the turn had not been announced yet: it may be this turn's, if the answer says started. */
  doneBeforeStart: Done | null;
  readonly resolve: (response: acp.PromptResponse) => void;
  readonly reject: (error: RequestError) => void;
}

interface Ask {
  readonly abort: AbortController;
  /** The client answered (or the request failed): its answer goes to the server, whoever wins there. */
  answered: boolean;
  /** Settled before the client answered: by whom (for the log), or the client's own cancel. */
  settledBy: string | null;
}

const ENDED_LIFECYCLES: ReadonlySet<string> = new Set(["closed", "failed", "detached"]);

export class AcpSessionBridge {
  readonly updates: SessionUpdates;
  private lifecycle: string;
  private turn: Turn | null = null;
  private readonly asks = new Map<string, Ask>();
  /** Updates go out in the order the session emitted their events, and a prompt's answer after them. */
  private outgoing: Promise<void> = Promise.resolve();
  private nextLine = 1;
  private ended: string | null = null;

  /** `acpId`: the id the client knows the session by (the hmux id, or the name it loaded it by). */
  constructor(
    readonly row: SessionSummary,
    private readonly server: ServerClient,
    private readonly peer: AcpPeer,
    readonly acpId: string = row.id,
  ) {
    this.lifecycle = row.lifecycle;
    this.updates = new SessionUpdates(row.workspace?.path ?? row.cwd);
  }

  get id(): string {
    return this.row.id;
  }

  private get cwd(): string {
    return this.row.workspace?.path ?? this.row.cwd;
  }

  private send(updates: readonly acp.SessionUpdate[]): void {
    for (const update of updates) {
      this.outgoing = this.outgoing
        .then(() => this.peer.update({ sessionId: this.acpId, update }))
        .catch((err: unknown) => this.peer.log(`could not send an update: ${(err as Error).message}`));
    }
  }

  /** Every update sent so far has been handed to the connection. */
  flushed(): Promise<void> {
    return this.outgoing;
  }

  /** An event of a replay (`session/load`): the session's history, shown whole. */
  replay(event: SessionEvent): void {
    this.seen(event);
    this.send(this.updates.replayed(event));
  }

  /**
   * Live events that came while the attach's replay was not yet read (the reply and the first
   * live lines can arrive in one chunk): they follow the history, not precede it.
   */
  private held: SessionEvent[] | null = [];

  /** The replay is read: live events flow from here on, those held first. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) this.onEvent(event);
  }

  /** A live event of the session. */
  onEvent(event: SessionEvent): void {
    if (this.held !== null) {
      this.held.push(event);
      return;
    }
    this.seen(event);
    this.send(this.updates.live(event));
    switch (event.kind) {
      case "turn":
        if (this.turn && event.id === this.turn.lineId) this.turn.started = true;
        return;
      case "approval-request":
        this.ask(event.call);
        return;
      case "approval-disposition":
        this.settledElsewhere(event.callId, event.decider);
        return;
      case "approval-cleared":
        this.settledElsewhere(event.callId, `the session (${event.reason})`);
        return;
      case "done":
        this.onDone(event);
        return;
      case "closed":
        this.ended = `the session ended (${event.cause})`;
        this.failTurn(this.ended);
        return;
      default:
        return;
    }
  }

  /** An event the client is not shown (a new session's start): only its state counts. */
  seen(event: SessionEvent): void {
    if (event.kind === "state") this.lifecycle = event.to;
  }

  /** The server's connection is gone: a running prompt cannot learn how its turn ends. */
  lost(reason: string): void {
    this.ended = `the hmux server connection closed: ${reason}`;
    this.failTurn(this.ended);
    for (const ask of this.asks.values()) {
      ask.settledBy = "lost";
      ask.abort.abort();
    }
    this.asks.clear();
  }

  async prompt(blocks: readonly acp.ContentBlock[]): Promise<acp.PromptResponse> {
    if (this.ended !== null)
      throw new RequestError(-32603, `hmux: ${this.ended}`, {
        hmux: { code: "session-ended", message: this.ended, hint: "session/load it to resume it" },
      });
    if (this.turn !== null)
      throw RequestError.invalidRequest(
        { hmux: { code: "turn-running", message: "this session's last prompt is still running" } },
        "a prompt of this session is still running; cancel it first (session/cancel)",
      );
    const read = promptText(blocks);
    if (!read.ok) throw RequestError.invalidParams({ hmux: { code: "bad-prompt", message: read.why } }, read.why);
    const lineId = `acp-${this.nextLine++}`;
    // A session waiting on a question takes the next message as its answer.
    const op = this.lifecycle === "awaiting-input" ? "answer" : "send";
    this.updates.said(read.text);
    const answered = new Promise<acp.PromptResponse>((resolve, reject) => {
      this.turn = { lineId, started: false, cancelled: false, doneBeforeStart: null, resolve, reject };
    });
    let answer: InputAnswer;
    try {
      answer = (await this.server.request({ op: "input", session: this.id, line: { op, id: lineId, text: read.text } }))
        .answer;
    } catch (err) {
      this.turn = null;
      throw acpError(err, this.id);
    }
    const turn = this.turn as Turn | null;
    if (turn?.lineId === lineId && !turn.started) {
      if (answer.kind === "disposition" && answer.disposition === "started") {
        turn.started = true;
        if (turn.doneBeforeStart) this.onDone(turn.doneBeforeStart);
      } else {
        this.turn = null;
        const why = answer.kind === "disposition" && "reason" in answer ? String(answer.reason) : "it was not started";
        throw RequestError.invalidRequest(
          { hmux: { code: "prompt-rejected", message: why, answer } },
          `the session did not take the prompt: ${why}`,
        );
      }
    }
    return answered;
  }

  private onDone(done: Done): void {
    const turn = this.turn;
    if (!turn) return;
    if (!turn.started) {
      turn.doneBeforeStart = done;
      return;
    }
    this.turn = null;
    const end = turnEnd(done, turn.cancelled);
    const usage = this.updates.usage();
    void this.outgoing.then(() => {
      if ("error" in end)
        turn.reject(
          RequestError.internalError(
            { hmux: { code: "turn-failed", message: end.error.message, failure: end.error.failure } },
            end.error.message,
          ),
        );
      else
        turn.resolve({
          stopReason: end.stopReason,
          _meta: { hmux: { session: this.id, ...(usage ? { usage } : {}) } },
        });
    });
  }

  private failTurn(why: string): void {
    const turn = this.turn;
    if (!turn) return;
    this.turn = null;
    void this.outgoing.then(() =>
      turn.reject(RequestError.internalError({ hmux: { code: "session-ended", message: why } }, why)),
    );
  }

  /** session/cancel: every question to the client is withdrawn, then the turn is interrupted. */
  async cancel(): Promise<void> {
    const turn = this.turn;
    if (!turn) return;
    turn.cancelled = true;
    for (const ask of this.asks.values())
      if (!ask.answered) {
        ask.settledBy = "cancel";
        ask.abort.abort();
      }
    try {
      const reply = await this.server.request({
        op: "input",
        session: this.id,
        line: {
          format: "metaharness.command/1",
          id: `acp-cancel-${this.nextLine++}`,
          command: "interrupt",
          reason: `${this.peer.name} cancelled the turn`,
        },
      });
      const outcome = reply.answer.kind === "command.result" ? reply.answer.outcome : null;
      if (outcome?.result === "refused") this.peer.log(`interrupt refused: ${outcome.refused.reason}`);
    } catch (err) {
      this.peer.log(`interrupt failed: ${(err as Error).message}`);
    }
  }

  /** Asks the client about a call the server waits on; its answer becomes the session's tool.decide. */
  ask(call: PendingCall): void {
    // The control core decided it on the spot (policy, a rule, a frame): nobody is asked, and it says so with no deadline.
    if (call.deadlineAt === null || this.asks.has(call.callId)) return;
    const ask: Ask = { abort: new AbortController(), answered: false, settledBy: null };
    this.asks.set(call.callId, ask);
    const request = permissionRequest(this.acpId, this.updates.idOf(call.callId), call, this.cwd);
    // The call's tool_call goes out before the client is asked about it.
    void this.outgoing
      .then(() => this.peer.askPermission(request, ask.abort.signal))
      .then(
        (response) => {
          ask.answered = true;
          return this.answer(call.callId, ask, verdictOf(response.outcome, this.peer.name));
        },
        (err: unknown) => {
          ask.answered = true;
          const why = `the permission request failed: ${err instanceof Error ? err.message : String(err)}`;
          if (ask.settledBy !== null) return;
          // The editor closed: the session stays on the server, where the call waits for a person
          // (hmux attach) or hmux's deadline, as any call nobody has answered yet.
          if (this.peer.gone()) return this.peer.log(`${call.callId} waits on the server: ${this.peer.name} left`);
          // Fail closed: a call nobody could be asked about is denied, not left to run.
          return this.answer(call.callId, ask, { decision: { decision: "deny", reason: `${this.peer.name}: ${why}` } });
        },
      )
      .catch((err: unknown) => this.peer.log(`deciding ${call.callId} failed: ${(err as Error).message}`));
  }

  private async answer(callId: string, ask: Ask, verdict: ReturnType<typeof verdictOf>): Promise<void> {
    if ("none" in verdict) {
      // The client withdrew its prompt: after hmux cancelled it there is nothing to say; on its own
      // it said no answer, and a call nobody answers is denied (fail closed) rather than left waiting.
      if (ask.settledBy !== null) return;
      verdict = { decision: { decision: "deny", reason: verdict.none } };
    }
    const reply = await this.server.request({
      op: "input",
      session: this.id,
      line: decideLine(`acp-decide-${this.nextLine++}`, callId, verdict),
      as: "program",
      client: this.peer.via,
    });
    const outcome = reply.answer.kind === "command.result" ? reply.answer.outcome : null;
    if (outcome?.result !== "refused") return;
    const { code, reason } = outcome.refused;
    this.peer.log(`${this.peer.name}'s answer for ${callId} was refused ${code}: ${reason}`);
    this.send([toolNote(this.updates.idOf(callId), `hmux refused your answer (${code}): ${reason}`)]);
  }

  private settledElsewhere(callId: string, by: string): void {
    const ask = this.asks.get(callId);
    if (!ask) return;
    this.asks.delete(callId);
    if (ask.answered) return;
    ask.settledBy = by;
    ask.abort.abort();
  }

  /** Whether the session can still run a turn (for session/load: an ended one is resumed first). */
  static ended(row: SessionSummary): boolean {
    return ENDED_LIFECYCLES.has(row.lifecycle);
  }
}

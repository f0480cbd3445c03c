/**
 * `hmux acp`'s ACP agent: every ACP session is a session on the hmux server, created, attached,
 * prompted, cancelled, resumed and closed through the server's ops, as `hmux new`, `hmux attach`
 * and `hmux resume` do. The server decides (launch, policy, allow rules, who settles a call);
 * this only turns ACP requests into server requests and the session's events into ACP updates.
 */
import * as acp from "@agentclientprotocol/sdk";
import type { AttachReply } from "../../protocol/replies.js";
import type { CreateOptions } from "../../protocol/requests.js";
import type { SessionSummary } from "../../protocol/session-row.js";
import type { ServerClient } from "../../server/client.js";
import { isServerError } from "../../server/errors.js";
import { parseEvent, parseEvents } from "../../tui-client/wire-events.js";
import { acpError, unknownSession } from "./errors.js";
import { type AcpPeer, AcpSessionBridge } from "./session-bridge.js";

export interface HmuxAcpOptions {
  readonly harness: string;
  readonly options: CreateOptions;
  /** The first session's name (`--name`); later ones get the server's default. */
  readonly name?: string;
  readonly version: string;
  /** Reaches the hmux server (starting it when none runs). */
  readonly connect: () => Promise<ServerClient>;
  /** A line for stderr, which editors keep as the agent's log. */
  readonly log: (line: string) => void;
  /** This process as a decision's record names it, after `hmux acp for <client>`: ` on box (pid 12)`. */
  readonly where: string;
}

/** How long after answering session/load its waiting calls are put to the client, so the answer arrives first. */
const ASK_AFTER_LOAD_MS = 20;

export interface HmuxAcpAgent {
  readonly app: acp.AgentApp;
  /** Detaches from the server: the sessions stay there (hmux ls, hmux attach, session/load). */
  close(): Promise<void>;
}

export function hmuxAcpAgent(o: HmuxAcpOptions): HmuxAcpAgent {
  /** By the id the client knows, and by the hmux id the server's events carry. */
  const sessions = new Map<string, AcpSessionBridge>();
  const byHmuxId = new Map<string, AcpSessionBridge>();
  let server: Promise<ServerClient> | null = null;
  let clientName = "the ACP client";
  let nameUsed = false;
  /** The editor closed hmux acp: the connection this closes is no loss to report. */
  let leaving = false;

  const reach = (): Promise<ServerClient> => {
    server ??= o.connect().then(
      (client) => {
        client.onEvent((session, event) => {
          const bridge = byHmuxId.get(session);
          const read = bridge ? parseEvent(event) : null;
          if (bridge && read) bridge.onEvent(read);
        });
        client.onClose((reason) => {
          if (!leaving) o.log(`the hmux server connection closed: ${reason}`);
          for (const bridge of byHmuxId.values()) bridge.lost(reason);
          sessions.clear();
          byHmuxId.clear();
          server = null;
        });
        return client;
      },
      (err: unknown) => {
        server = null;
        throw err;
      },
    );
    return server;
  };

  let connection: acp.AgentConnection | null = null;
  const peerOf = (ctx: acp.AgentContext): AcpPeer => ({
    name: clientName,
    via: `hmux acp for ${clientName}${o.where}`,
    gone: () => connection?.signal.aborted ?? false,
    update: (notification) => ctx.notify(acp.methods.client.session.update, notification),
    askPermission: (request, signal) =>
      ctx.request(acp.methods.client.session.requestPermission, request, { cancellationSignal: signal }),
    log: o.log,
  });

  const bridgeOf = (sessionId: string): AcpSessionBridge => {
    const bridge = sessions.get(sessionId);
    if (!bridge) throw unknownSession(sessionId);
    return bridge;
  };

  /** Attaches a bridge to a row: the events the attach replays are history (`replay`) or only state (a new session). */
  const open = async (
    client: ServerClient,
    row: SessionSummary,
    ctx: acp.AgentContext,
    history: boolean,
    acpId = row.id,
  ): Promise<{ bridge: AcpSessionBridge; reply: AttachReply }> => {
    const bridge = new AcpSessionBridge(row, client, peerOf(ctx), acpId);
    const forget = () => {
      if (sessions.get(acpId) === bridge) sessions.delete(acpId);
      if (byHmuxId.get(row.id) === bridge) byHmuxId.delete(row.id);
    };
    sessions.set(acpId, bridge);
    byHmuxId.set(row.id, bridge);
    let reply: AttachReply;
    try {
      reply = await client.request({ op: "attach", session: row.id });
    } catch (err) {
      forget();
      throw err;
    }
    for (const event of parseEvents(reply.events)) {
      if (event === null) continue;
      if (history) bridge.replay(event);
      else bridge.seen(event);
    }
    bridge.release();
    return { bridge, reply };
  };

  const app = acp
    .agent({ name: "hmux" })
    .onConnect((opened) => {
      connection = opened;
    })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      if (params.clientInfo?.name) clientName = params.clientInfo.title ?? params.clientInfo.name;
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: {
          // The server resumes a detached or ended session through the harness's own resume.
          loadSession: true,
          promptCapabilities: { embeddedContext: true },
          sessionCapabilities: { close: {}, resume: {} },
        },
        authMethods: [],
        agentInfo: { name: "hmux", title: `hmux (${o.harness})`, version: o.version },
      };
    })
    .onRequest(acp.methods.agent.session.new, async ({ params, client: ctx }) => {
      try {
        const client = await reach();
        const name = !nameUsed ? o.name : undefined;
        const created = await client.request({
          op: "create",
          harness: o.harness,
          cwd: params.cwd,
          options: o.options,
          ...(name !== undefined ? { name } : {}),
        });
        nameUsed = true;
        const notes = [...created.notes];
        if (params.mcpServers.length > 0)
          notes.push(
            `hmux does not hand MCP servers to its harnesses; ignored: ${params.mcpServers.map((s) => s.name).join(", ")}`,
          );
        for (const note of notes) o.log(note);
        const { bridge } = await open(client, created.session, ctx, false);
        return {
          sessionId: bridge.id,
          _meta: {
            hmux: {
              name: created.session.name,
              harness: created.session.harness,
              cwd: created.session.workspace?.path ?? created.session.cwd,
              ...(created.session.workspace ? { workspace: created.session.workspace } : {}),
              settings: created.session.settings ?? [],
              notes,
            },
          },
        };
      } catch (err) {
        throw acpError(err);
      }
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client: ctx }) => {
      try {
        const { row, reply } = await reopen(params.sessionId, ctx, true);
        return { _meta: { hmux: { name: row.name, harness: row.harness, lifecycle: reply.session.lifecycle } } };
      } catch (err) {
        throw acpError(err, params.sessionId);
      }
    })
    .onRequest(acp.methods.agent.session.resume, async ({ params, client: ctx }) => {
      try {
        const { row, reply } = await reopen(params.sessionId, ctx, false);
        return { _meta: { hmux: { name: row.name, harness: row.harness, lifecycle: reply.session.lifecycle } } };
      } catch (err) {
        throw acpError(err, params.sessionId);
      }
    })
    .onRequest(acp.methods.agent.session.prompt, ({ params }) => bridgeOf(params.sessionId).prompt(params.prompt))
    .onNotification(acp.methods.agent.session.cancel, async ({ params }) => {
      const bridge = sessions.get(params.sessionId);
      if (!bridge) return o.log(`session/cancel for ${params.sessionId}, which this connection has not opened`);
      await bridge.cancel();
    })
    .onRequest(acp.methods.agent.session.close, async ({ params }) => {
      const bridge = bridgeOf(params.sessionId);
      sessions.delete(params.sessionId);
      byHmuxId.delete(bridge.id);
      try {
        await (await reach()).request({ op: "kill", session: bridge.id });
      } catch (err) {
        throw acpError(err, params.sessionId);
      }
      return {};
    });
  /**
   * session/load (`history`: its kept events replayed first) and session/resume (none): the row
   * running again, attached; calls still waiting are put to the client once the answer is out.
   */
  async function reopen(sessionId: string, ctx: acp.AgentContext, history: boolean) {
    const client = await reach();
    const row = await resumable(client, sessionId);
    const { bridge, reply } = await open(client, row, ctx, history, sessionId);
    await bridge.flushed();
    const waiting = reply.control?.pending ?? [];
    if (waiting.length > 0)
      // On the clock the client was connected with (the root's), as every wait of a server client is.
      client.clock.setTimeout(() => {
        for (const call of waiting) bridge.ask(call);
      }, ASK_AFTER_LOAD_MS);
    return { row, reply };
  }

  return {
    app,
    async close() {
      leaving = true;
      const pending = server;
      server = null;
      if (pending) (await pending.catch(() => null))?.close();
    },
  };
}

/**
 * The row of an hmux session a client loads, running: a live one as it is; a detached one, or one
 * ended or killed whose journal can resume, reopened through the server's resume first.
 */
async function resumable(client: ServerClient, target: string): Promise<SessionSummary> {
  const rows = await client.list();
  const row = rows.find((r) => r.id === target || r.name === target);
  if (row && !AcpSessionBridge.ended(row)) return row;
  try {
    return (await client.request({ op: "resume", session: row?.id ?? target })).session;
  } catch (err) {
    if (row && isServerError(err) && err.code === "session-live") return row;
    throw err;
  }
}

/**
 * The embedded scripted model: one node:http server on 127.0.0.1 that speaks Anthropic
 * Messages, OpenAI Responses and Chat Completions, answers from a script, checks what the
 * harness sends back and records every request. Never binds anything but loopback.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { anthropicWire, countTokens } from "./anthropic.js";
import { chatWire } from "./chat.js";
import type { Conversation } from "./conversation.js";
import { RequestShapeError } from "./conversation.js";
import { DEFAULT_SCRIPT } from "./default-script.js";
import { keptHeaders, type RecordedRequest, RequestRecorder } from "./recorder.js";
import { planReply } from "./reply-plan.js";
import { responsesWire } from "./responses.js";
import { ScriptEngine } from "./script-engine.js";
import type { Script } from "./script-schema.js";
import { readBody, sendJson } from "./sse.js";
import { UsageEstimator } from "./usage-estimate.js";
import { defaultErrorMessage, type WireAdapter } from "./wire.js";

export const MODEL_HOST = "127.0.0.1";
export const MODEL_IDS = ["hmux-model"] as const;

export interface ModelServerOptions {
  /** 0 or absent: any free port. */
  readonly port?: number;
  readonly script?: Script;
  /** One line per notable event (unknown route, bad request shape). */
  readonly log?: (line: string) => void;
  /** The bearer token GET/DELETE /_hmux/requests require; a random one when absent. */
  readonly token?: string;
  /** Every request as it is recorded (credentials already redacted): `hmux model serve --request-log`. */
  readonly onRequest?: (entry: RecordedRequest) => void;
}

export interface ModelServer {
  readonly url: string;
  readonly port: number;
  /** What /_hmux/requests wants in `Authorization: Bearer <token>`. */
  readonly token: string;
  requests(): readonly RecordedRequest[];
  clearRequests(): void;
  close(): Promise<void>;
}

/** Routes by path without the query; the "/v1" prefix is optional so any base URL style works. */
const WIRES: Record<string, WireAdapter> = {
  "/messages": anthropicWire,
  "/responses": responsesWire,
  "/chat/completions": chatWire,
};

function routeOf(path: string): string {
  return path.startsWith("/v1/") ? path.slice(3) : path;
}

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const engine = new ScriptEngine(options.script ?? DEFAULT_SCRIPT);
  const recorder = new RequestRecorder();
  const usage = new UsageEstimator();
  const log = options.log ?? (() => {});
  const sockets = new Set<Socket>();
  // The log holds prompts and tool output: only whoever started this server may read it.
  const token = options.token || randomBytes(24).toString("hex");
  const expected = Buffer.from(`Bearer ${token}`);
  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", `http://${MODEL_HOST}`);
    const method = req.method ?? "GET";
    const route = routeOf(url.pathname);
    if (url.pathname === "/_hmux/requests") {
      if (!authorized(req))
        return sendJson(res, 401, {
          error: "the request log needs this model server's token: Authorization: Bearer <token>",
        });
      if (method === "DELETE") {
        recorder.clear();
        return sendJson(res, 200, { cleared: true });
      }
      // ?bodies=0 leaves the (large) request bodies out.
      const all = recorder.all();
      return sendJson(
        res,
        200,
        url.searchParams.get("bodies") === "0" ? all.map(({ body: _body, ...rest }) => rest) : all,
      );
    }
    const text = await readBody(req);
    const base = {
      seq: recorder.nextSeq(),
      at: Date.now(),
      method,
      path: url.pathname + url.search,
      headers: keptHeaders(req.headers),
      checks: [],
    };
    let body: unknown = text.length ? text : null;
    try {
      if (text.length) body = JSON.parse(text);
    } catch {
      /* keep the raw text */
    }
    const record = (entry: Partial<RecordedRequest> & Pick<RecordedRequest, "outcome">) => {
      const recorded: RecordedRequest = { ...base, body, ...entry };
      recorder.add(recorded);
      options.onRequest?.(recorded);
    };

    if (method === "HEAD" && url.pathname === "/") {
      record({ outcome: "preconnect", status: 200 });
      res.writeHead(200);
      return void res.end();
    }
    if (method === "GET" && route === "/models") {
      record({ outcome: "models", status: 200 });
      const data = MODEL_IDS.map((id) => ({
        id,
        object: "model",
        type: "model",
        created: 0,
        created_at: "1970-01-01T00:00:00Z",
        owned_by: "hmux",
        display_name: "hmux scripted model",
      }));
      return sendJson(res, 200, {
        object: "list",
        data,
        has_more: false,
        first_id: data[0]?.id,
        last_id: data[data.length - 1]?.id,
      });
    }
    if (method === "POST" && route === "/messages/count_tokens") {
      record({ outcome: "count-tokens", status: 200 });
      return sendJson(res, 200, countTokens(body));
    }
    const wire = method === "POST" ? WIRES[route] : undefined;
    if (!wire) {
      const message = `hmux model: no route for ${method} ${url.pathname}`;
      log(message);
      record({ outcome: "not-found", status: 404, error: message });
      return sendJson(res, 404, { type: "error", error: { type: "not_found_error", message } });
    }
    if (typeof body !== "object" || body === null) {
      const message = `hmux model: the ${wire.protocol} request body is not JSON`;
      log(message);
      record({ outcome: "not-json", status: 400, protocol: wire.protocol, error: message });
      return sendJson(res, 400, wire.errorBody(400, message));
    }
    let conv: Conversation;
    try {
      conv = wire.read(body);
    } catch (err) {
      if (!(err instanceof RequestShapeError)) throw err;
      log(err.message);
      record({ outcome: "shape-error", status: 400, protocol: wire.protocol, error: err.message });
      return sendJson(res, 400, wire.errorBody(400, err.message));
    }
    const decision = engine.decide(conv);
    let calls = 0;
    const plan = planReply(
      decision,
      conv,
      () => `${wire.callIdPrefix}${base.seq}_${calls++}`,
      (replyChars) => usage.estimate(conv, text.length, replyChars),
    );
    for (const call of plan.toolCalls) engine.noteIssuedCall(call.id);
    const failure = plan.failure;
    const outcome = failure === undefined ? "reply" : failure.kind === "status" ? "failure" : failure.kind;
    for (const check of plan.checks) if (!check.ok) log(`hmux model: check ${check.name} failed: ${check.detail}`);
    record({
      outcome,
      protocol: wire.protocol,
      rule: decision.rule,
      replyIndex: decision.replyIndex,
      ...(decision.onError ? { onError: true } : {}),
      lastUserText: conv.lastUserText,
      checks: plan.checks,
      toolCalls: plan.toolCalls.map((c) => ({ id: c.id, name: c.name })),
      ...(failure?.kind === "status" ? { status: failure.status } : { status: 200 }),
    });
    if (failure?.kind === "hang") return; // never answer; close() destroys the socket
    if (failure?.kind === "status") {
      const headers: Record<string, string> =
        failure.retryAfter !== undefined ? { "retry-after": String(failure.retryAfter) } : {};
      if (failure.status === 529) headers["x-should-retry"] = "true";
      return sendJson(
        res,
        failure.status,
        wire.errorBody(failure.status, failure.message ?? defaultErrorMessage(failure.status)),
        headers,
      );
    }
    const prefix =
      wire.protocol === "anthropic" ? "msg_hmux_" : wire.protocol === "responses" ? "resp_hmux_" : "chatcmpl_hmux_";
    await wire.respond(res, plan, conv, `${prefix}${base.seq}`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const message = `hmux model: internal error: ${(err as Error).message}`;
      log(message);
      if (!res.headersSent) sendJson(res, 500, { type: "error", error: { type: "api_error", message } });
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, MODEL_HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${MODEL_HOST}:${port}`,
    port,
    token,
    requests: () => recorder.all(),
    clearRequests: () => recorder.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * hmux's refusals as JSON-RPC errors an ACP client can act on: the server's code, message and
 * hint go in `data.hmux`, so a client shows the same sentence and fix `hmux new` would print.
 * An unknown session is ACP's own "resource not found" with its `sessionId`.
 */
import { RequestError } from "@agentclientprotocol/sdk";
import { isServerError } from "../../server/errors.js";

/** The server codes that mean the client asked for something it may not: its params, not hmux, were wrong. */
const CLIENT_FAULTS: ReadonlySet<string> = new Set([
  "bad-request",
  "launch-refused",
  "name-taken",
  "name-like-id",
  "ambiguous-session",
  "session-live",
  "native-session",
]);

export function acpError(err: unknown, sessionId?: string): RequestError {
  if (err instanceof RequestError) return err;
  if (isServerError(err)) {
    const wire = err.code;
    const hmux = {
      code: wire,
      message: err.message,
      ...(err.hint !== undefined ? { hint: err.hint } : {}),
      ...(err.failure !== undefined ? { failure: err.failure } : {}),
    };
    if (wire === "no-such-session")
      return new RequestError(-32002, `Resource not found: ${err.message}`, {
        ...(sessionId !== undefined ? { sessionId } : {}),
        hmux,
      });
    const code = CLIENT_FAULTS.has(wire) ? -32602 : -32603;
    return new RequestError(code, `hmux: ${err.message}${err.hint ? ` (hint: ${err.hint})` : ""}`, { hmux });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new RequestError(-32603, `hmux: ${message}`, { hmux: { code: "internal", message } });
}

/** A session id this connection never opened (a prompt before session/new, a typo). */
export function unknownSession(sessionId: string): RequestError {
  return new RequestError(-32002, "Resource not found", {
    sessionId,
    hmux: {
      code: "no-such-session",
      message: `no session ${sessionId} on this connection`,
      hint: "open one with session/new, or session/load an hmux session id (hmux ls)",
    },
  });
}

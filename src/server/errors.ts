/**
 * Every way the hmux server says no, as a code a program can switch on, a sentence naming what
 * was wrong, and (when there is one) the fix. Carried on the wire as `{code, message, hint?}`.
 */
import type { WireCode } from "../core/error-codes.js";
import type { ServerErrorBody } from "../protocol/error-body.js";
import { SERVER_ERROR_CODES, type ServerErrorCode } from "../protocol/error-codes.js";

// The codes are the wire's vocabulary (src/protocol/error-codes.ts), and the body its schema's type.
export { SERVER_ERROR_CODES, type ServerErrorCode } from "../protocol/error-codes.js";
export type { ServerErrorBody };

export class ServerError extends Error {
  constructor(
    readonly code: ServerErrorCode,
    message: string,
    readonly hint?: string,
    readonly failure?: unknown,
  ) {
    super(message);
    this.name = "ServerError";
  }

  toBody(): ServerErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint !== undefined ? { hint: this.hint } : {}),
      ...(this.failure !== undefined ? { failure: this.failure } : {}),
    };
  }

  static from(body: ServerErrorBody): ServerError {
    return new ServerError(body.code, body.message, body.hint, body.failure);
  }
}

/** A wire code from the error-code table (src/core/error-codes.ts) as the wire's type; the table test holds it is one. */
export function serverCodeOf(wire: WireCode): ServerErrorCode {
  return (SERVER_ERROR_CODES as readonly string[]).includes(wire) ? (wire as ServerErrorCode) : "INTERNAL";
}

export function isServerError(err: unknown): err is ServerError {
  return err instanceof ServerError;
}

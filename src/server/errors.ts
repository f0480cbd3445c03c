/**
 * Every way the hmux server says no: an HmuxError whose code is one of the server codes of the one
 * vocabulary (src/core/error-codes.ts), carried on the wire as `{code, message, hint?, failure?}`.
 */
import type { ServerCode } from "../core/error-codes.js";
import { HmuxError, isHmuxError } from "../core/hmux-error.js";
import { isRefusal } from "../core/refusal.js";
import type { ServerErrorBody } from "../protocol/error-body.js";

export { SERVER_ERROR_CODES, type ServerErrorCode } from "../protocol/error-codes.js";
export type { ServerErrorBody };

export class ServerError extends HmuxError {
  declare readonly code: ServerCode;
  constructor(
    code: ServerCode,
    message: string,
    hint?: string,
    readonly failure?: unknown,
  ) {
    super(code, message, hint);
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

export function isServerError(err: unknown): err is ServerError {
  return err instanceof ServerError;
}

/**
 * The reply for whatever an op threw: a ServerError as it is, any other hmux error under its
 * table wire code (a refusal with its failure summary, so the client reads the refusal's own
 * code), and anything else as `fallback` with its message.
 */
export function serverErrorOf(err: unknown, fallback: ServerCode = "internal"): ServerError {
  if (isServerError(err)) return err;
  if (isRefusal(err)) {
    const failure = err.toFailure();
    return new ServerError(err.wireCode, err.message, failure.hint, failure);
  }
  if (isHmuxError(err)) return new ServerError(err.wireCode, err.message, err.hint);
  return new ServerError(fallback, err instanceof Error ? err.message : String(err));
}

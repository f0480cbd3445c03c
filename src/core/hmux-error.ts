/**
 * The base of every error hmux raises on purpose: a `code` from the one vocabulary
 * (src/core/error-codes.ts), a sentence naming what was wrong, and the fix when there is one.
 * The exit code and the wire code are the table's, never the raiser's choice.
 */
import { type ErrorCode, meaningOf, type WireCode } from "./error-codes.js";

export class HmuxError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  constructor(code: ErrorCode, message: string, hint?: string) {
    super(message);
    this.name = "HmuxError";
    this.code = code;
    if (hint !== undefined) this.hint = hint;
  }
  get exitCode(): number {
    return meaningOf(this.code).exitCode;
  }
  get wireCode(): WireCode {
    return meaningOf(this.code).wireCode;
  }
}

export function isHmuxError(err: unknown): err is HmuxError {
  return err instanceof HmuxError;
}

/**
 * The exit code an error stands for, from the error-code table (src/core/error-codes.ts). Apart from
 * the error reporting (errors.ts), which a clean start never loads: every server client says its
 * failures with it (server-client.ts), and `hmux ls` must not load the rest.
 */
import { CommanderError } from "commander";
import { ERROR_CODE_TABLE, type ErrorCode, meaningOf, USAGE_CODE } from "../core/error-codes.js";
import { isHmuxError } from "../core/hmux-error.js";
import { isServerError } from "../server/errors.js";

/** The refusal a server's `launch-refused` carries in its failure, so its exit code is the refusal's (3 for work at stake). */
function refusalIssueOf(failure: unknown): ErrorCode | undefined {
  const issue = (failure as { issue?: unknown } | undefined)?.issue;
  return typeof issue === "string" && ERROR_CODE_TABLE.has(issue as ErrorCode) ? (issue as ErrorCode) : undefined;
}

/** The code an error stands for: its own, the wire's (a server's answer), or usage or internal. */
function codeOf(err: unknown): ErrorCode {
  if (isServerError(err)) return refusalIssueOf(err.failure) ?? err.code;
  if (isHmuxError(err)) return err.code;
  if (err instanceof CommanderError) return USAGE_CODE;
  return "internal";
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError && err.exitCode === 0) return 0; // --help, --version: not an error
  return meaningOf(codeOf(err)).exitCode;
}

/**
 * The kernel's bounds on what exec can carry, checked before spawn so an oversized value is a
 * clear refusal instead of an E2BIG spawn error that reads like a retryable transport failure.
 * Linux: one argument or environment string may be at most MAX_ARG_STRLEN (32 pages, 128 KiB,
 * with its NUL); all of them together, plus a pointer each, at most a quarter of the stack limit,
 * which is 2 MiB under the usual 8 MiB stack. The total bound here is that usual value.
 */
import type { HarnessName } from "../harness-names.js";
import { RefusalError } from "../refusal.js";

export const MAX_ARG_STRLEN = 128 * 1024;
export const MAX_EXEC_BYTES = 2 * 1024 * 1024;
const POINTER = 8;

function bytes(text: string): number {
  return Buffer.byteLength(text, "utf8") + 1;
}

function size(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
}

/** The argument's name for a message: `--flag` of `--flag=value`, the flag before a value, else its position. */
function nameOf(argv: readonly string[], i: number): string {
  const arg = argv[i]!;
  const eq = /^(--?[A-Za-z][\w-]*)=/.exec(arg);
  if (eq) return `the value of ${eq[1]}`;
  const before = argv[i - 1];
  if (before?.startsWith("-")) return `the value of ${before}`;
  return `argument ${i}`;
}

const HINT =
  "shorten it, or move the text into a file the harness reads (a prompt via --prompt-file is sent on stdin where the harness allows it)";

/** Throws a RefusalError when the argv and environment could not be passed to exec. */
export function checkExecSize(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
  harness: HarnessName,
): void {
  let total = 0;
  for (const [i, arg] of argv.entries()) {
    const n = bytes(arg);
    if (n > MAX_ARG_STRLEN)
      throw new RefusalError(
        `${nameOf(argv, i)} for ${harness} is ${size(n)}; the operating system passes at most ${size(MAX_ARG_STRLEN)} in one argument`,
        { issue: "too-large", harness, hint: HINT },
      );
    total += n + POINTER;
  }
  for (const [key, value] of Object.entries(env)) {
    const n = bytes(`${key}=${value}`);
    if (n > MAX_ARG_STRLEN)
      throw new RefusalError(
        `environment variable ${key} is ${size(n)}; the operating system passes at most ${size(MAX_ARG_STRLEN)} in one variable`,
        { issue: "too-large", harness, hint: "shorten or unset it (--env NAME= removes it for the harness)" },
      );
    total += n + POINTER;
  }
  if (total > MAX_EXEC_BYTES)
    throw new RefusalError(
      `${harness}'s command line and environment together are ${size(total)}; the operating system passes at most about ${size(MAX_EXEC_BYTES)}`,
      { issue: "too-large", harness, hint: HINT },
    );
}

/** HMUX_MAX_LINE_BYTES raises (or lowers) the 8 MiB bound on one harness output line, for every reader of one. */
import { UsageError } from "./usage-error.js";

export function lineBoundFromEnv(env: Readonly<Record<string, string | undefined>>): { maxLineBytes?: number } {
  const raw = env.HMUX_MAX_LINE_BYTES;
  if (raw === undefined || raw === "") return {};
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1024) {
    throw new UsageError(
      `HMUX_MAX_LINE_BYTES must be an integer ≥ 1024, got ${JSON.stringify(raw)}`,
      "unset it to use the 8 MiB default",
    );
  }
  return { maxLineBytes: n };
}

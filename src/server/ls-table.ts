/** `hmux ls` as a table: one row per session of the server, columns padded, the cwd last (it may be long). */
import { countdown } from "../core/control/countdown.js";
import { compactTokens, formatContext, formatCost } from "../core/usage/format.js";
import { allInputTokens } from "../core/usage/input-tokens.js";
import type { SessionSummary } from "../protocol/index.js";

/**
 * A session's state as a person reads it: its lifecycle, or how it ended; and what a restore
 * lost. A native pane whose harness reports no state (a shell, or hooks off) says so rather than
 * showing a guess.
 */
export function stateOf(s: SessionSummary): string {
  const lifecycle = s.native && !s.native.stateKnown ? "running (state unknown)" : s.lifecycle;
  const state = s.closed ? `closed (${s.closed.cause})` : lifecycle;
  const lost = s.restored?.lostCalls ?? 0;
  const marks = [
    ...(s.deadlineInMs !== undefined ? [`auto-deny in ${timeLeft(s.deadlineInMs)}`] : []),
    ...(lost > 0 ? [`${lost} call${lost === 1 ? "" : "s"} lost`] : []),
    ...(s.restored?.cut ? ["journal cut"] : []),
  ];
  return marks.length ? `${state} (${marks.join(", ")})` : state;
}

/** Time left as the pane's approval countdown reads it (one function for both: "9 min", then "45 s" steps, then seconds). */
export function timeLeft(ms: number): string {
  return countdown(ms, 0) ?? "0 s";
}

/** What runs in the session: its harness, marked when it is the harness's own UI in a pty. */
export function harnessOf(s: SessionSummary): string {
  if (!s.native || s.native.kind === "shell") return s.harness;
  return `${s.harness}·native`;
}

/** Seconds, minutes, hours or days, the largest whole unit: 42s, 5m, 3h, 2d. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/** Tokens in (every input token, cached or not) and out; cost; context: "-" before any usage. */
export function usageCells(s: SessionSummary): [string, string, string] {
  const u = s.usage;
  if (!u) return ["-", "-", "-"];
  const input = allInputTokens(u);
  return [
    `${compactTokens(input)}/${compactTokens(u.outputTokens)}`,
    formatContext(u).replace(/^ctx /, "") || "-",
    formatCost(u) || "-",
  ];
}

export function sessionTable(sessions: readonly SessionSummary[], now: number): string[] {
  const rows = [
    ["NAME", "HARNESS", "STATE", "AGE", "PENDING", "TOKENS", "CONTEXT", "COST", "ID", "CWD"],
    ...sessions.map((s) => [
      s.name,
      harnessOf(s),
      stateOf(s),
      formatAge(now - Date.parse(s.createdAt)),
      String(s.pending),
      ...usageCells(s),
      s.id.slice(0, 8),
      s.cwd,
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "));
}

/**
 * What to do about detached rows (restored after their server died; no harness runs them):
 * resume them. Null when no row is detached. `host` is the `--host` the listing came from.
 */
export function resumeHint(sessions: readonly SessionSummary[], host?: string): string | null {
  const detached = sessions.filter((s) => s.lifecycle === "detached");
  const first = detached[0];
  if (!first) return null;
  const command = (name: string) => `hmux resume${host !== undefined ? ` --host ${host}` : ""} ${name}`;
  if (detached.length === 1)
    return `${first.name} is detached (the hmux server running it died): resume it with \`${command(first.name)}\``;
  return `${detached.length} sessions are detached (the hmux server running them died): resume each with \`${command("<name>")}\`, e.g. \`${command(first.name)}\``;
}

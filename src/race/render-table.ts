/**
 * The scorecard as text for a person: one row per contestant, then what the race found (who
 * passed, who was fastest, …), then each contestant's divergences and warnings. Pure: lines in,
 * lines out, no colour (the caller's terminal decides nothing here).
 */
import { formatUsd } from "../core/usage/format.js";
import type { ContestantScore, Scorecard } from "./scorecard-schema.js";

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}

/** One spelling of a cost for the CLI table and the TUI scorecard (core/usage/format.ts). */
export const formatCost = formatUsd;

function tokens(s: ContestantScore): string {
  const { input, output } = s.tokens;
  if (input === null && output === null) return "-";
  return `${input ?? "?"}/${output ?? "?"}`;
}

function check(s: ContestantScore): string {
  if (s.check === null) return "-";
  if (s.check.timedOut) return `timeout ${seconds(s.check.durationMs)}`;
  if (s.check.error !== undefined) return "not run";
  return `${s.check.passed ? "pass" : "FAIL"} (${s.check.exitCode}) ${seconds(s.check.durationMs)}`;
}

function outcome(s: ContestantScore): string {
  return s.outcome.failure ? `${s.outcome.cause}:${s.outcome.failure.class}` : s.outcome.cause;
}

const HEADER = [
  "HARNESS",
  "TURN",
  "WALL",
  "TOKENS IN/OUT",
  "COST",
  "ASKED/DENIED",
  "FILES",
  "+/-",
  "ONLY HERE",
  "CHECK",
];

function row(s: ContestantScore): string[] {
  return [
    s.harness,
    outcome(s),
    seconds(s.wallMs),
    tokens(s),
    s.costUnknown ? "unknown" : s.costUsd === null ? "-" : formatCost(s.costUsd),
    `${s.approvals.asked}/${s.approvals.denied}`,
    String(s.files.length),
    `+${s.lines.added}/-${s.lines.removed}`,
    String(s.uniqueFiles.length),
    check(s),
  ];
}

function names(list: readonly string[] | null): string {
  return list === null ? "-" : list.length === 0 ? "none" : list.join(", ");
}

export function renderScorecard(card: Scorecard): string[] {
  const rows = [HEADER, ...card.contestants.map(row)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const out = rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
  const s = card.summary;
  out.push("");
  if (s.passed !== null) out.push(`passed the check: ${names(s.passed)}; failed: ${names(s.failed)}`);
  out.push(`fastest: ${names(s.fastest)}; fewest lines: ${names(s.fewestLines)}`);
  out.push(`fewest tokens: ${names(s.fewestTokens)}; cheapest: ${names(s.cheapest)}`);
  if (s.sharedFiles.length > 0) out.push(`changed by all: ${s.sharedFiles.join(", ")}`);
  for (const c of card.contestants) {
    if (c.uniqueFiles.length > 0) out.push(`only ${c.harness}: ${c.uniqueFiles.join(", ")}`);
    for (const d of c.divergences)
      out.push(
        `divergence: ${c.harness} ${d.key} (asked ${d.asked}; ${d.when === "plan" ? "planning" : "running"}): ${d.reason}`,
      );
  }
  for (const w of s.warnings) out.push(`warning: ${w}`);
  return out;
}

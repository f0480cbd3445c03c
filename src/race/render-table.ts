/**
 * The scorecard as text for a person: one row per contestant, then what the race found (who
 * passed, who was fastest, …), then each contestant's divergences and warnings. Pure: lines in,
 * lines out, no colour (the caller's terminal decides nothing here).
 */
import { formatUsd } from "../core/usage/format.js";
import type { ContestantScore, RaceSummary, Scorecard } from "./scorecard-schema.js";

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

/** How one contestant's answer merges with each other one's: "codex ✓ pi ✗" (✗: conflicts, ?: git could not tell). */
export function mergesWith(summary: RaceSummary, harness: string): string {
  const marks = (summary.overlap?.merges ?? []).flatMap((m) => {
    const other =
      m.contestants[0] === harness ? m.contestants[1] : m.contestants[1] === harness ? m.contestants[0] : null;
    return other === null ? [] : [`${other} ${m.clean === null ? "?" : m.clean ? "✓" : "✗"}`];
  });
  return marks.join(" ");
}

/** Files more than one contestant changed, and the pairs whose answers would not merge cleanly. */
export function overlapLines(summary: RaceSummary): string[] {
  const o = summary.overlap;
  if (!o) return [];
  const out: string[] = [];
  if (o.files.length > 0)
    out.push(`changed by more than one: ${o.files.map((f) => `${f.path} (${f.contestants.join(", ")})`).join("; ")}`);
  const clean = o.merges.filter((m) => m.clean === true).map((m) => m.contestants.join("+"));
  const conflicting = o.merges.filter((m) => m.clean === false);
  if (o.merges.length > 0)
    out.push(
      `merge cleanly: ${clean.length ? clean.join(", ") : "none"}${conflicting.length ? `; conflict: ${conflicting.map((m) => `${m.contestants.join("+")} (${m.conflicts.join(", ")})`).join(", ")}` : ""}`,
    );
  return out;
}

/** A contestant's cross-review in words: "review of claude by codex: <verdict>", or why there is none. */
export function reviewLine(c: ContestantScore): string | null {
  const r = c.review;
  if (!r) return null;
  const said =
    r.error !== undefined ? `not run: ${r.error}` : (r.verdict ?? `no verdict (its turn ended ${r.outcome})`);
  return `review of ${c.harness} by ${r.reviewer}: ${said}`;
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
  out.push(...overlapLines(s));
  for (const c of card.contestants) {
    if (c.uniqueFiles.length > 0) out.push(`only ${c.harness}: ${c.uniqueFiles.join(", ")}`);
    const review = reviewLine(c);
    if (review) out.push(review);
    for (const d of c.divergences)
      out.push(
        `divergence: ${c.harness} ${d.key} (asked ${d.asked}; ${d.when === "plan" ? "planning" : "running"}): ${d.reason}`,
      );
  }
  for (const w of s.warnings) out.push(`warning: ${w}`);
  return out;
}

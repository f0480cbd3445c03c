/**
 * The scorecard overlay's table: a row per scorecard field, a column per contestant, as words.
 * Pure, so what the overlay shows can be tested without Ink. Numbers a harness did not report
 * read "—", never 0.
 */
import { formatCost, mergesWith, reviewLine } from "../../../race/render-table.js";
import type { ContestantScore, Scorecard } from "../../../race/scorecard-schema.js";

export interface ScoreRow {
  readonly label: string;
  readonly cells: readonly string[];
  /** Cells worth the eye: a failed check, a setting the harness could not express. */
  readonly warn: readonly boolean[];
}

const none = "—";

function seconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)}s` : `${(ms / 1000).toFixed(1)}s`;
}

function num(n: number | null): string {
  if (n === null) return none;
  return n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

function check(c: ContestantScore): string {
  const k = c.check;
  if (!k) return none;
  if (k.timedOut) return `timed out ${seconds(k.durationMs)}`;
  if (k.exitCode === null) return `did not run${k.error ? `: ${k.error}` : ""}`;
  return `${k.passed ? "pass" : "FAIL"} exit ${k.exitCode} · ${seconds(k.durationMs)}`;
}

export function scoreRows(card: Scorecard): ScoreRow[] {
  const cs = card.contestants;
  const row = (
    label: string,
    cell: (c: ContestantScore) => string,
    warn?: (c: ContestantScore) => boolean,
  ): ScoreRow => ({
    label,
    cells: cs.map(cell),
    warn: cs.map((c) => warn?.(c) ?? false),
  });
  return [
    row(
      "outcome",
      (c) => `${c.outcome.cause}${c.outcome.failure ? `: ${c.outcome.failure.class}` : ""}`,
      (c) => c.outcome.failure !== undefined,
    ),
    row("wall time", (c) => seconds(c.wallMs)),
    // Apart from the wall time, which leaves it out: how long each turn stood waiting for you.
    ...(cs.some((c) => (c.personWaitMs ?? 0) > 0)
      ? [row("waited for you", (c) => (c.personWaitMs === undefined ? none : seconds(c.personWaitMs)))]
      : []),
    row("tokens in/out", (c) =>
      c.tokens.input === null && c.tokens.output === null ? none : `${num(c.tokens.input)} / ${num(c.tokens.output)}`,
    ),
    row("cost", (c) => (c.costUnknown ? "unknown" : c.costUsd === null ? none : formatCost(c.costUsd))),
    row("approvals", (c) => `${c.approvals.asked} asked · ${c.approvals.denied} denied`),
    row("tool calls", (c) => String(c.toolCalls)),
    row("files changed", (c) => String(c.files.length)),
    row("lines +/−", (c) => `+${c.lines.added} −${c.lines.removed}`),
    row("files by all", (c) => (c.sharedFiles.length === 0 ? none : c.sharedFiles.join(", "))),
    row("only this one", (c) => (c.uniqueFiles.length === 0 ? none : c.uniqueFiles.join(", "))),
    // Whether its answer would merge with each other one's (git merge-tree): ✓ clean, ✗ conflicts.
    ...(card.summary.overlap?.merges.length
      ? [
          row(
            "merges with",
            (c) => mergesWith(card.summary, c.harness) || none,
            (c) => mergesWith(card.summary, c.harness).includes("✗"),
          ),
        ]
      : []),
    row("check", check, (c) => c.check !== null && !c.check.passed),
    row(
      "not expressible",
      // A key once, however many times it diverged (planning and running, or two notices of one sandbox).
      (c) => (c.divergences.length === 0 ? none : [...new Set(c.divergences.map((d) => d.key))].join(", ")),
      (c) => c.divergences.length > 0,
    ),
  ];
}

/** The summary in a few lines: the race, its base, who won what, and what to know first. */
export function summaryLines(card: Scorecard): string[] {
  const s = card.summary;
  const lines = [`${s.race} · base ${s.base.name} @ ${s.base.commit.slice(0, 8)} · “${s.prompt}”`];
  const best: string[] = [];
  if (s.passed) best.push(`check passed: ${s.passed.length ? s.passed.join(", ") : "nobody"}`);
  if (s.fastest.length) best.push(`fastest: ${s.fastest.join(", ")}`);
  if (s.fewestLines.length) best.push(`fewest lines: ${s.fewestLines.join(", ")}`);
  if (s.cheapest.length) best.push(`cheapest: ${s.cheapest.join(", ")}`);
  if (best.length) lines.push(best.join(" · "));
  for (const c of card.contestants) {
    const review = reviewLine(c);
    if (review) lines.push(review);
  }
  for (const w of s.warnings) lines.push(`⚠ ${w}`);
  return lines;
}

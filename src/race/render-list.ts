/**
 * `hmux race ls` for a person: a header, then one row per recorded race, every column padded to
 * its widest cell so the columns line up whatever the names' lengths. Pure: records in, lines out.
 */
import type { RaceRecord } from "./record.js";

const HEADER = ["RACE", "CREATED", "BASE", "CONTESTANTS", "RESULT", "REPO"];

function result(r: RaceRecord): string {
  const summary = r.scorecard?.summary;
  const verdict = !summary
    ? "not finished"
    : summary.passed === null
      ? `finished: ${summary.finished.join(", ") || "none"}`
      : `passed: ${summary.passed.join(", ") || "none"}`;
  return r.picked ? `${verdict}; picked ${r.picked}` : verdict;
}

function row(r: RaceRecord): string[] {
  return [
    r.race,
    r.createdAt,
    `${r.base}@${r.baseCommit.slice(0, 12)}`,
    r.contestants.map((c) => c.harness).join(" "),
    result(r),
    r.repo,
  ];
}

export function renderRaceList(records: readonly RaceRecord[]): string[] {
  const rows = [HEADER, ...records.map(row)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd(),
  );
}

/**
 * The "did you mean …" guess every unknown name gets (a command, a harness, a config key): the
 * known name a slip of the fingers most likely came from, or none when no name is that close.
 */

/** The closest known name: one the word is a start of (3+ letters), else within a small edit distance. */
export function nearestName(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase();
  // A truncated name ("cooldown" for "cooldownSeconds", "sess" for "session") is the likeliest slip.
  const extended = known.find((k) => lower.length >= 3 && k.toLowerCase().startsWith(lower));
  if (extended) return extended;
  // Longer names tolerate more slips; a short word is never "near" a name it shares almost nothing with.
  const tolerance = Math.min(Math.max(2, Math.floor(name.length / 3)), name.length - 1);
  let best: string | null = null;
  let bestDistance = tolerance + 1;
  for (const candidate of known) {
    const d = typoDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Damerau–Levenshtein distance (optimal string alignment): insertions, deletions, substitutions and
 * swaps of two neighbours each cost 1, since a swap ("sesison") is as common a typo as a missed key.
 */
export function typoDistance(a: string, b: string): number {
  // rows[i][j]: the distance between a's first i characters and b's first j.
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

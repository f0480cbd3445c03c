/**
 * The scorecard from what each contestant did: its tally (tokens, cost, approvals, outcome), what
 * git says it changed in its worktree, its check run and the settings it could not express. Pure:
 * the runner and the TUI gather the facts, this decides who was fastest, changed least, passed.
 */
import type {
  CheckResult,
  ContestantScore,
  DivergenceScore,
  FileScore,
  MergeScore,
  RaceSummary,
  ReviewScore,
  Scorecard,
} from "./scorecard-schema.js";
import type { Tally } from "./tally.js";

export interface ContestantFacts {
  readonly harness: string;
  readonly workspace: string;
  readonly branch: string;
  readonly path: string;
  /** The turn's wall time, without the time it waited for a person. */
  readonly wallMs: number;
  /** The time its turn waited for a person (a TUI race's approvals); absent in a headless race, where nobody is asked. */
  readonly personWaitMs?: number;
  readonly tally: Tally;
  /** What the worktree holds against the base (committed or not), from git. */
  readonly files: readonly FileScore[];
  readonly check: CheckResult | null;
  /** Settings the plan could not express on this harness (the resolution's divergence). */
  readonly planDivergences: readonly { readonly key: string; readonly value: unknown; readonly reason: string }[];
  /** Another harness's verdict on its diff (review.ts), when the race asked for one. */
  readonly review?: ReviewScore;
  /** The worktree's tree as scored and the commit it was measured from, for the merge check (overlap.ts). */
  readonly snapshot?: { readonly tree: string; readonly mergeBase: string };
}

export interface RaceFacts {
  readonly race: string;
  readonly prompt: string;
  readonly repo: string;
  readonly base: { readonly name: string; readonly commit: string };
  readonly baseDirty: readonly string[];
  readonly settings: Readonly<Record<string, unknown>>;
  /** The --check command, or null when the race had none. */
  readonly check: string | null;
  /** Each pair's answers merged (overlap.ts); absent: not tried. */
  readonly merges?: readonly MergeScore[];
}

const FINISHED = new Set(["clean", "awaiting-input"]);

export function finished(t: Tally): boolean {
  return t.done !== null && FINISHED.has(t.done.cause);
}

function asked(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "(unset)");
}

function contestantScore(race: string, c: ContestantFacts, shared: ReadonlySet<string>, others: Map<string, number>) {
  const t = c.tally;
  const paths = c.files.map((f) => f.path);
  const divergences: DivergenceScore[] = [
    ...c.planDivergences.map(
      (d): DivergenceScore => ({ key: d.key, asked: asked(d.value), when: "plan", reason: d.reason }),
    ),
    ...t.divergences,
  ];
  const score: ContestantScore = {
    kind: "contestant",
    race,
    harness: c.harness,
    workspace: c.workspace,
    branch: c.branch,
    path: c.path,
    outcome: {
      cause: t.done?.cause ?? "failed",
      exitCode: t.done?.exitCode ?? null,
      ...(t.done?.failure ? { failure: t.done.failure } : {}),
    },
    wallMs: Math.max(0, Math.round(c.wallMs)),
    ...(c.personWaitMs !== undefined ? { personWaitMs: Math.max(0, Math.round(c.personWaitMs)) } : {}),
    tokens: { input: t.inputTokens, output: t.outputTokens, cachedInput: t.cachedInputTokens },
    costUsd: t.costUnknown ? null : t.costUsd,
    ...(t.costUnknown ? { costUnknown: true as const } : {}),
    approvals: {
      asked: t.approvalsAsked,
      denied: t.approvalsDenied,
      ...(t.approvalsDeniedByPerson > 0 ? { byPerson: t.approvalsDeniedByPerson } : {}),
    },
    toolCalls: t.toolCalls,
    files: [...c.files],
    lines: {
      added: c.files.reduce((n, f) => n + (f.added ?? 0), 0),
      removed: c.files.reduce((n, f) => n + (f.removed ?? 0), 0),
    },
    sharedFiles: paths.filter((p) => shared.has(p)),
    // `others` counts, per path, how many contestants changed it: 1 means only this one.
    uniqueFiles: paths.filter((p) => others.get(p) === 1),
    check: c.check,
    divergences,
    ...(c.review ? { review: c.review } : {}),
  };
  return score;
}

/** Every name whose value is the least (ties all win); names with no value take no part. */
function least(values: ReadonlyArray<{ readonly name: string; readonly value: number | null }>): string[] {
  const known = values.filter((v): v is { name: string; value: number } => v.value !== null);
  if (known.length === 0) return [];
  const best = Math.min(...known.map((v) => v.value));
  return known.filter((v) => v.value === best).map((v) => v.name);
}

/**
 * Why a losing contestant's calls were denied, by whom: a loss to a gate (policy, rule, deadline —
 * in a headless race nobody can answer one) may say more about the gate than the harness; a call a
 * person denied was their own choice, and the warning must not blame the gate for it.
 */
function deniedWarning(s: ContestantScore): string {
  const { denied } = s.approvals;
  const byPerson = s.approvals.byPerson ?? 0;
  const byGate = denied - byPerson;
  const fix = "--autonomy, or a config policy that allows the call, lets it act";
  if (byGate === 0) return `${s.harness} lost with ${denied} call(s) denied by a person at its pane`;
  // A TUI race asked a person (its turn waited for one): there, a gate's denial came from a policy, a rule or the deadline.
  const gate =
    s.personWaitMs === undefined
      ? "its permission gate (nobody can answer one mid-race)"
      : "its permission gate (a policy, a rule or the deadline, not a person)";
  const person = byPerson > 0 ? `, ${byPerson} by a person at its pane` : "";
  return `${s.harness} lost with ${byGate} call(s) denied by ${gate}${person}; ${fix}`;
}

export function buildScorecard(race: RaceFacts, contestants: readonly ContestantFacts[]): Scorecard {
  const changedBy = new Map<string, number>();
  for (const c of contestants)
    for (const path of new Set(c.files.map((f) => f.path))) changedBy.set(path, (changedBy.get(path) ?? 0) + 1);
  // "Changed by all" says something only when there is more than one contestant.
  const shared = new Set(
    contestants.length > 1 ? [...changedBy].filter(([, n]) => n === contestants.length).map(([p]) => p) : [],
  );
  const scores = contestants.map((c) => contestantScore(race.race, c, shared, changedBy));

  const hasCheck = race.check !== null;
  const passed = hasCheck ? scores.filter((s) => s.check?.passed === true).map((s) => s.harness) : null;
  const failed = hasCheck ? scores.filter((s) => s.check?.passed !== true).map((s) => s.harness) : null;
  const done = new Set(contestants.filter((c) => finished(c.tally)).map((c) => c.harness));
  // The superlatives rank only real candidates: finished, changed something, and passed the check if there was one.
  const candidates = scores.filter(
    (s) => done.has(s.harness) && s.files.length > 0 && (passed === null || passed.includes(s.harness)),
  );
  const tokens = (s: ContestantScore) =>
    s.tokens.input === null && s.tokens.output === null ? null : (s.tokens.input ?? 0) + (s.tokens.output ?? 0);

  const warnings: string[] = [];
  if (race.baseDirty.length > 0)
    warnings.push(
      `the base checkout ${race.repo} had ${race.baseDirty.length} uncommitted change(s) that no worktree has (they started from ${race.base.name} @ ${race.base.commit.slice(0, 12)}): ${race.baseDirty
        .slice(0, 10)
        .map((line) => line.slice(3))
        .join(", ")}${race.baseDirty.length > 10 ? ", …" : ""}`,
    );
  for (const s of scores) {
    if (!done.has(s.harness))
      warnings.push(
        `${s.harness} did not finish its turn (${s.outcome.cause}${s.outcome.failure ? `: ${s.outcome.failure.message}` : ""})`,
      );
    if (s.approvals.denied > 0 && !candidates.includes(s)) warnings.push(deniedWarning(s));
    if (s.check?.timedOut) warnings.push(`${s.harness}'s check ran past its timeout and was stopped`);
    else if (s.check?.error !== undefined) warnings.push(`${s.harness}'s check could not run: ${s.check.error}`);
  }
  for (const m of race.merges ?? [])
    if (m.clean === false)
      warnings.push(
        `${m.contestants[0]}'s and ${m.contestants[1]}'s answers would not merge cleanly: ${m.conflicts.join(", ") || "conflicts"}`,
      );
  const overlapFiles = [...changedBy]
    .filter(([, n]) => n > 1)
    .map(([path]) => ({
      path,
      contestants: contestants.filter((c) => c.files.some((f) => f.path === path)).map((c) => c.harness),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));

  const summary: RaceSummary = {
    kind: "summary",
    race: race.race,
    prompt: race.prompt,
    repo: race.repo,
    base: { name: race.base.name, commit: race.base.commit },
    baseDirty: [...race.baseDirty],
    settings: { ...race.settings },
    contestants: scores.map((s) => s.harness),
    finished: scores.filter((s) => done.has(s.harness)).map((s) => s.harness),
    passed,
    failed,
    fastest: least(candidates.map((s) => ({ name: s.harness, value: s.wallMs }))),
    fewestLines: least(candidates.map((s) => ({ name: s.harness, value: s.lines.added + s.lines.removed }))),
    fewestTokens: least(candidates.map((s) => ({ name: s.harness, value: tokens(s) }))),
    cheapest: least(candidates.map((s) => ({ name: s.harness, value: s.costUsd }))),
    sharedFiles: [...shared].sort(),
    ...(race.merges !== undefined ? { overlap: { files: overlapFiles, merges: [...race.merges] } } : {}),
    warnings,
  };
  return { contestants: scores, summary };
}

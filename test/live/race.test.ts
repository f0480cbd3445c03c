/**
 * The race acceptance path, live: the real claude, codex and pi on the scripted model's race
 * script, in a temporary git repository. `hmux race --json` → three worktrees and a scorecard
 * whose every figure is checked against what git and the check say in those worktrees; then
 * `hmux workspace rm` refuses a dirty contestant, and `hmux race pick` puts the winner's change on
 * the base branch and removes the other worktrees.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContestantScore, type RaceSummary, ScorecardLineSchema } from "../../src/race/scorecard-schema.js";
import { RACE_DEMO_CHECK, RACE_DEMO_FILES, RACE_DEMO_PROMPT } from "../../src/scripted-model/race-script.js";
import { servedCli } from "./helpers/served-cli.js";

const cli = servedCli("hmux-race-live-", (root) => ({
  XDG_STATE_HOME: join(root, "state"),
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "race test",
  GIT_AUTHOR_EMAIL: "race@example.invalid",
  GIT_COMMITTER_NAME: "race test",
  GIT_COMMITTER_EMAIL: "race@example.invalid",
}));
const { env } = cli;
const repo = join(cli.root, "slugs");
const hmux = cli.hmux;

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" });

beforeAll(async () => {
  mkdirSync(repo, { recursive: true });
  for (const [path, text] of Object.entries(RACE_DEMO_FILES)) writeFileSync(join(repo, path), text);
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "slug, first version");
  await cli.start(["--race"]);
}, 60_000);

afterAll(() => cli.stop());

describe("hmux race on claude, codex and pi (scripted model)", () => {
  it("races in three worktrees, scores what git and the check see there, and picks the winner into main", async () => {
    const r = await hmux([
      "race",
      RACE_DEMO_PROMPT,
      "claude",
      "codex",
      "pi",
      "--json",
      "--name",
      "live",
      "--cwd",
      repo,
      "--endpoint",
      cli.url,
      "--isolate",
      "--autonomy",
      "--timeout",
      "120",
      "--check",
      RACE_DEMO_CHECK,
      "--check-timeout",
      "60",
    ]);
    const context = `exit ${r.code}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`;
    const lines = r.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => ScorecardLineSchema.parse(JSON.parse(l)));
    expect(
      lines.map((l) => l.kind),
      context,
    ).toEqual(["contestant", "contestant", "contestant", "summary"]);
    const cards = Object.fromEntries(
      lines.filter((l): l is ContestantScore => l.kind === "contestant").map((c) => [c.harness, c]),
    );
    const summary = lines.at(-1) as RaceSummary;
    expect(r.code, context).toBe(0);

    for (const harness of ["claude", "codex", "pi"]) {
      const c = cards[harness]!;
      // Its own worktree, on its own branch, from main's commit.
      expect(c.branch).toBe(`hmux/live-${harness}`);
      expect(git(c.path, "symbolic-ref", "--short", "HEAD").trim()).toBe(c.branch);
      expect(git(c.path, "rev-parse", "HEAD").trim()).toBe(summary.base.commit);
      expect(c.outcome.cause, context).toBe("clean");
      expect(c.wallMs).toBeGreaterThan(0);
      expect(c.toolCalls).toBeGreaterThanOrEqual(2); // read, then edit (codex also writes)
      expect(c.approvals).toEqual({ asked: 0, denied: 0 }); // --autonomy: nobody was asked
      // Files and lines as git counts them in the worktree (untracked files included).
      git(c.path, "add", "-A", "--intent-to-add");
      const numstat = git(c.path, "diff", "--numstat")
        .trim()
        .split("\n")
        .map((l) => l.split("\t"))
        .map(([a, d, p]) => ({ path: p!, added: Number(a), removed: Number(d) }))
        .sort((x, y) => x.path.localeCompare(y.path));
      git(c.path, "reset", "-q");
      expect([...c.files].sort((x, y) => x.path.localeCompare(y.path))).toEqual(numstat);
      expect(c.lines).toEqual({
        added: numstat.reduce((n, f) => n + f.added, 0),
        removed: numstat.reduce((n, f) => n + f.removed, 0),
      });
      // The check's verdict is the one it gives when run again in that worktree.
      const again = spawnSync("sh", ["-c", RACE_DEMO_CHECK], { cwd: c.path, env });
      expect(c.check).toMatchObject({ command: RACE_DEMO_CHECK, exitCode: again.status, timedOut: false });
      expect(c.check!.durationMs).toBeGreaterThan(0);
    }
    // The script's intent: claude and codex pass, pi's fix breaks the check; only codex adds a changelog.
    expect(summary.passed).toEqual(["claude", "codex"]);
    expect(summary.failed).toEqual(["pi"]);
    expect(cards.pi!.check!.exitCode).not.toBe(0);
    expect(summary.sharedFiles).toEqual(["slug.js"]);
    // Every one changed slug.js; git says for each pair whether their answers would merge.
    expect(summary.overlap?.files).toEqual([{ path: "slug.js", contestants: ["claude", "codex", "pi"] }]);
    expect(summary.overlap?.merges.map((m) => m.contestants)).toEqual([
      ["claude", "codex"],
      ["claude", "pi"],
      ["codex", "pi"],
    ]);
    for (const m of summary.overlap!.merges) {
      expect(m.clean, JSON.stringify(m)).not.toBeNull();
      expect(m.conflicts).toEqual(m.clean ? [] : ["slug.js"]);
    }
    expect(cards.codex!.uniqueFiles).toEqual(["CHANGELOG.md"]);
    expect(cards.claude!.uniqueFiles).toEqual([]);
    // Tokens as each harness reported them (pi's message usage too); a cost where the model has a
    // price (claude's own figure), "unknown" where it has none (the scripted model's own name), never 0.
    for (const harness of ["claude", "codex", "pi"]) expect(cards[harness]!.tokens.output).toBeGreaterThan(0);
    expect(cards.claude!.costUsd).toBeGreaterThan(0);
    for (const c of Object.values(cards)) expect(c.costUsd === null ? c.costUnknown : c.costUsd > 0).toBe(true);
    // --autonomy means the same on every harness: nobody gates the calls (pi's one-shot turn runs them as it is).
    for (const harness of ["claude", "codex", "pi"])
      expect(cards[harness]!.divergences.map((d) => d.key)).not.toContain("autonomy");
    expect(summary.baseDirty).toEqual([]);
    expect(summary.settings).toMatchObject({ autonomy: true, isolate: true, endpoint: cli.url, timeoutSeconds: 120 });

    // A contestant's uncommitted work is protected like any workspace's.
    const rm = await hmux(["workspace", "rm", "live-codex"]);
    expect(rm.code, rm.stderr).toBe(3);
    expect(rm.stderr).toContain("uncommitted change(s)");
    expect(existsSync(cards.codex!.path)).toBe(true);

    // Pick: main gets claude's fix; the others' worktrees go, each answer committed on its own branch.
    const pick = await hmux(["race", "pick", "live", "claude"]);
    expect(pick.code, pick.stderr).toBe(0);
    expect(git(repo, "show", "main:slug.js")).toContain('title.trim().toLowerCase().replace(/\\s+/g, "-")');
    expect(spawnSync("sh", ["-c", RACE_DEMO_CHECK], { cwd: repo, env }).status).toBe(0);
    for (const harness of ["codex", "pi"]) expect(existsSync(cards[harness]!.path)).toBe(false);
    const worktrees = git(repo, "worktree", "list", "--porcelain");
    expect(worktrees).toContain(cards.claude!.path);
    expect(worktrees).not.toContain(cards.codex!.path);
    expect(git(repo, "show", "hmux/live-codex:CHANGELOG.md")).toContain("Changelog");
    expect(pick.stdout).toContain("kept branch hmux/live-pi");
    const branches = () => git(repo, "branch", "--list", "--format=%(refname:short)", "hmux/*").trim().split("\n");
    expect(branches()).toEqual(["hmux/live-claude", "hmux/live-codex", "hmux/live-pi"]);
  }, 300_000);

  it("without --autonomy every contestant is gated alike, and the --json summary warns of each one a denied call cost the race", async () => {
    const r = await hmux([
      "race",
      "[[bash:touch gated.txt]] create gated.txt",
      "claude",
      "codex",
      "pi",
      "--json",
      "--name",
      "gated",
      "--cwd",
      repo,
      "--endpoint",
      cli.url,
      "--isolate",
      "--timeout",
      "120",
      "--check",
      "test -f gated.txt",
    ]);
    const context = `exit ${r.code}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`;
    const lines = r.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => ScorecardLineSchema.parse(JSON.parse(l)));
    const summary = lines.at(-1) as RaceSummary;
    const cards = lines.filter((l): l is ContestantScore => l.kind === "contestant");
    expect(summary.passed, context).toEqual([]);
    for (const c of cards) {
      expect(c.approvals.denied, `${c.harness}\n${context}`).toBeGreaterThanOrEqual(1);
      expect(existsSync(join(c.path, "gated.txt")), c.harness).toBe(false);
      expect(
        summary.warnings.some(
          (w) => w.startsWith(`${c.harness} lost with`) && w.includes("denied by its permission gate"),
        ),
        `${c.harness}\n${context}`,
      ).toBe(true);
    }
    expect(r.code, context).toBe(1);
    await hmux(["race", "discard", "gated", "--force"]);
  }, 300_000);
});

/**
 * Cross-review live: `hmux race … --review codex` races claude and pi on the scripted model's race
 * script, then the real codex reads each contestant's diff against the prompt, read-only and gated
 * (the race's --autonomy is not the reviewer's), and its verdict is in the scorecard; the reviews
 * leave every worktree as it was scored.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContestantScore, ScorecardLineSchema } from "../../src/race/scorecard-schema.js";
import { RACE_DEMO_FILES, RACE_DEMO_PROMPT } from "../../src/scripted-model/race-script.js";
import { servedCli } from "./helpers/served-cli.js";

const cli = servedCli("hmux-race-review-", (root) => ({
  XDG_STATE_HOME: join(root, "state"),
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "race test",
  GIT_AUTHOR_EMAIL: "race@example.invalid",
  GIT_COMMITTER_NAME: "race test",
  GIT_COMMITTER_EMAIL: "race@example.invalid",
}));
const repo = join(cli.root, "slugs");
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: cli.env, encoding: "utf8" });

beforeAll(async () => {
  mkdirSync(repo, { recursive: true });
  for (const [path, text] of Object.entries(RACE_DEMO_FILES)) writeFileSync(join(repo, path), text);
  git(repo, "init", "-q", "-b", "main");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "slug, first version");
  await cli.start(["--race"]);
}, 60_000);

afterAll(() => cli.stop());

describe("hmux race --review (scripted model)", () => {
  it("codex reviews each contestant's diff read-only and gated, and its verdict is in the scorecard", async () => {
    const r = await cli.hmux([
      "race",
      RACE_DEMO_PROMPT,
      "claude",
      "pi",
      "--json",
      "--name",
      "rev",
      "--cwd",
      repo,
      "--endpoint",
      cli.url,
      "--isolate",
      "--autonomy",
      "--timeout",
      "120",
      "--review",
      "codex",
    ]);
    const context = `exit ${r.code}\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`;
    const lines = r.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => ScorecardLineSchema.parse(JSON.parse(l)));
    const cards = lines.filter((l): l is ContestantScore => l.kind === "contestant");
    expect(
      cards.map((c) => c.harness),
      context,
    ).toEqual(["claude", "pi"]);
    for (const c of cards) {
      expect(c.review, context).toMatchObject({ reviewer: "codex", outcome: "clean" });
      expect(c.review!.verdict).toContain("Verdict:");
      expect(r.stderr).toContain(`codex reviewing ${c.harness}`);
      // The review changed nothing: the worktree still holds what was scored.
      git(c.path, "add", "-A", "--intent-to-add");
      const changed = git(c.path, "diff", "--name-only").trim().split("\n").sort();
      git(c.path, "reset", "-q");
      expect(changed).toEqual(c.files.map((f) => f.path).sort());
    }
  }, 300_000);
});

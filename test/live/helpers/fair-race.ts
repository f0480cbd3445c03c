/**
 * The fair race's setup, shared by its protocol test (test/live/race-fair.test.ts) and its TUI one
 * (test/e2e/race-fair-tmux.test.ts): a one-commit repository, a prompt on which the scripted model
 * asks once to run a command, the check that command satisfies, and how slow the person is.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Each contestant asks once to run `touch done.txt`: one approval each, for the person to answer. */
export const FAIR_RACE_PROMPT = "[[bash:touch done.txt]] make done.txt";
export const FAIR_RACE_CHECK = "test -f done.txt";
/** How long the person takes to answer claude: far longer than a contestant's own turn on the scripted model. */
export const SLOW_PERSON_MS = 6_000;

/** git's identity for commits in a test, and no system config to change what git does. */
export const GIT_IDENTITY = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.invalid",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.invalid",
};

/** The race's repository at `repo`: a README on main, one commit, made with `env` and GIT_IDENTITY. */
export function fairRaceRepo(repo: string, env: NodeJS.ProcessEnv): void {
  mkdirSync(repo, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: repo, env: { ...env, ...GIT_IDENTITY }, encoding: "utf8" });
  writeFileSync(join(repo, "README"), "race\n");
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "first");
}

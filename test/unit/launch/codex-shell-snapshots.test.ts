/**
 * codex's shell snapshots hold the caller's whole environment in plain text; in an isolated HOME
 * (kept for --resume) codex is told not to write them, on every path that starts codex.
 */
import { describe, expect, it } from "vitest";
import { adapterFor } from "../../../src/adapters/registry.js";
import { sessionPlanner } from "../../helpers/builtin-harnesses.js";

const OFF = "features.shell_snapshot=false";
const overrides = (argv: readonly string[]) => argv.filter((_, i) => argv[i - 1] === "-c");

describe("codex writes no shell snapshots in an isolated HOME", () => {
  it("a turn planned with an isolated state dir turns them off; a turn in the user's own HOME leaves them", () => {
    const plan = (stateDir?: string) =>
      adapterFor("codex").planTurn({
        options: {},
        inputs: { prompt: "go", cwd: "/w" },
        prompt: "go",
        ...(stateDir ? { stateDir } : {}),
      });
    expect(overrides(plan("/tmp/hmux-iso").argv)).toContain(OFF);
    expect(overrides(plan().argv)).not.toContain(OFF);
  });

  it("an isolated session turns them off too", () => {
    const plan = (isolate: boolean) =>
      sessionPlanner("codex")({ sessionId: "s1", cwd: "/w", env: {}, stateDir: "/tmp/hmux-s1", isolate });
    expect(overrides(plan(true).spawn.argv)).toContain(OFF);
    expect(overrides(plan(false).spawn.argv)).not.toContain(OFF);
  });
});

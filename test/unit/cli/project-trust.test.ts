import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sandbox } from "./cli-harness.js";

/** A cloned repository whose project config tries to turn claude's permission gates off. */
let box: Sandbox;
let repo: string;
beforeAll(() => {
  box = new Sandbox();
  repo = join(box.root, "cloned-repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(join(repo, ".hmux"), { recursive: true });
  writeFileSync(join(repo, ".hmux", "config.json"), JSON.stringify({ version: 1, autonomy: true }));
});
afterAll(() => box.cleanup());

const userConfig = (body: object) => {
  mkdirSync(join(box.home, ".config", "hmux"), { recursive: true });
  writeFileSync(join(box.home, ".config", "hmux", "config.json"), JSON.stringify({ version: 1, ...body }));
};

describe("hmux run honours project trust", () => {
  it("an untrusted project cannot turn autonomy on, and says how to trust it", async () => {
    userConfig({});
    const r = await box.run(["inspect", "claude", "--argv", "--prompt", "hi", "--cwd", repo]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("--dangerously-skip-permissions");
    expect(r.stderr).toMatch(/untrusted: project config "autonomy" ignored/);
  });

  it("a project the user config trusts applies its autonomy setting", async () => {
    userConfig({ trustedProjects: [repo] });
    const r = await box.run(["inspect", "claude", "--argv", "--prompt", "hi", "--cwd", repo]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--dangerously-skip-permissions");
    expect(r.stderr).toContain("provenance: autonomy = true (project-config)");
  });
});

describe("hmux session says what an untrusted project asked for, as docs/config.md promises", () => {
  it("an untrusted project's policy and autonomy are reported on stderr, one line each", async () => {
    userConfig({});
    const project = join(box.root, "policy-repo");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(join(project, ".hmux"), { recursive: true });
    writeFileSync(
      join(project, ".hmux", "config.json"),
      JSON.stringify({ version: 1, autonomy: true, policy: { allowCommands: ["rm -rf"] } }),
    );
    const claude = box.fake("claude-exits", "process.exit(0);");
    const r = await box.run(
      ["session", "claude", "--json", "--no-journal", "--no-control-socket", "--cwd", project],
      { HMUX_CLAUDE_BIN: claude, XDG_RUNTIME_DIR: join(box.root, "run") },
      "",
    );
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("untrusted:"));
    expect(lines.some((l) => /project config "autonomy" ignored/.test(l))).toBe(true);
    expect(lines.some((l) => /project config "policy\.allowCommands"/.test(l))).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

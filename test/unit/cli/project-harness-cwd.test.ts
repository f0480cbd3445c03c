/**
 * A harness a trusted project's config registers is known to hmux run, hmux session and hmux race
 * given `--cwd <project>` from another folder: the registry is the one in force where the launch
 * runs, not where hmux was typed.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIMIC_PLUGIN } from "../../support/fake-harness/adapter.js";

const TWIN_PLUGIN = join(import.meta.dirname, "..", "..", "support", "fake-harness", "twin-plugin.mjs");

import { Sandbox } from "./cli-harness.js";

let box: Sandbox;
let project: string;
beforeAll(() => {
  box = new Sandbox();
  project = join(box.root, "project");
  mkdirSync(join(project, ".hmux"), { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: project, env: box.env, stdio: "ignore" });
  git("init", "-q", "-b", "main");
  writeFileSync(join(project, "README"), "a project\n");
  writeFileSync(
    join(project, ".hmux", "config.json"),
    JSON.stringify({ version: 1, harnesses: { mimic: { module: MIMIC_PLUGIN }, twin: { module: TWIN_PLUGIN } } }),
  );
  git("add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init");
  mkdirSync(join(box.home, ".config", "hmux"), { recursive: true });
  writeFileSync(
    join(box.home, ".config", "hmux", "config.json"),
    JSON.stringify({ version: 1, trustedProjects: [project] }),
  );
});
afterAll(() => box.cleanup());

describe("a trusted project's harness, launched with --cwd from elsewhere", () => {
  it("hmux run runs it", async () => {
    const r = await box.run(["run", "mimic", "hello", "--json", "--cwd", project]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toContainEqual(expect.objectContaining({ kind: "message", text: "mimic heard: hello" }));
  }, 60_000);

  it("hmux session opens it", async () => {
    const r = await box.run(
      ["session", "mimic", "--json", "--no-journal", "--no-control-socket", `--cwd=${project}`],
      { XDG_RUNTIME_DIR: join(box.root, "run") },
      "",
    );
    expect(r.stderr).not.toMatch(/unknown harness/i);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);

  it("hmux race races it", async () => {
    const r = await box.run(["race", "hello", "mimic", "twin", "--json", "--cwd", project]);
    expect(r.stderr).not.toMatch(/unknown harness/i);
    expect(r.code, r.stderr).toBe(0);
    const harnesses = (r.lines as { harness?: string }[]).flatMap((l) => (l.harness ? [l.harness] : []));
    expect(harnesses).toEqual(expect.arrayContaining(["mimic", "twin"]));
  }, 60_000);
});

import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandModuleNames } from "../../../src/cli/command-lines/index.js";
import { BUILTIN_NAMES, PINNED_VERSIONS } from "../../helpers/builtin-harnesses.js";
import { REPO, Sandbox } from "./cli-harness.js";

const FIXTURES = join(REPO, "test", "fixtures", "live", "claude");
let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("hmux decode", () => {
  it("a recorded claude turn decodes to events ending in the done it implies", async () => {
    const r = await box.run(["decode", "claude", join(FIXTURES, "text.ndjson"), "--exit-code", "0"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatchObject({ kind: "identity", harness: "claude" });
    expect(r.lines.at(-1)).toEqual({ kind: "done", exitCode: 0, cause: "clean" });
  });

  it("reads stdin with '-' and keeps the exit code unknown when not given", async () => {
    const r = await box.run(["decode", "pi", "-"], {}, "not json at all\n");
    expect(r.lines.at(-1)).toMatchObject({ kind: "done", exitCode: null });
    expect(r.lines).toContainEqual({ kind: "raw", stream: "stdout", text: "not json at all" });
  });

  it("exits as hmux run would have for the turn: 1 when the done it implies is not clean", async () => {
    const r = await box.run(["decode", "claude", join(FIXTURES, "text.ndjson"), "--exit-code", "3"]);
    expect(r.lines.at(-1)).toMatchObject({ kind: "done", exitCode: 3, cause: "crash" });
    expect(r.code).toBe(1);
  });

  it("an unreadable file is refused with exit 2", async () => {
    const r = await box.run(["decode", "claude", "/nonexistent/stream.ndjson"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read/);
  });
});

describe("hmux inspect", () => {
  it("--argv shows the planned invocation without running it", async () => {
    const r = await box.run(["inspect", "codex", "--argv", "--prompt", "hi", "--sandbox", "read-only"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^argv: .*codex.* exec/m);
    expect(r.stdout).toContain("read-only");
    // --sandbox is the legacy spelling of codex's own --codex-sandbox: one setting, one provenance line.
    expect(r.stderr).toContain('provenance: codex.sandbox = "read-only" (arg)');
    const own = await box.run(["inspect", "codex", "--argv", "--prompt", "hi", "--codex-sandbox", "read-only"]);
    expect(own.stdout).toBe(r.stdout);
    // Without --autonomy hmux run gates codex through its session channel: the exec argv is not what it spawns.
    expect(r.stderr).toContain("hmux run spawns its session process, not this");
    const unchecked = await box.run(["inspect", "codex", "--argv", "--prompt", "hi", "--autonomy"]);
    expect(unchecked.stderr).not.toContain("hmux run spawns its session process");
  });

  it("--capabilities prints one JSON line", async () => {
    const r = await box.run(["inspect", "claude", "--capabilities"]);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ harness: "claude", mode: "headless-turn" });
  });

  it("--argv with an option the harness cannot express refuses with exit 2", async () => {
    const r = await box.run(["inspect", "claude", "--argv", "--prompt", "hi", "--sandbox", "read-only"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--codex-sandbox is codex's setting; this run is claude/);
  });
});

describe("hmux harnesses and check", () => {
  it("harnesses lists every built-in harness with installed and pinned versions", async () => {
    const r = await box.run(["harnesses", "--json"]);
    expect(r.code).toBe(0);
    expect(r.lines.map((l) => (l as { harness: string }).harness)).toEqual([...BUILTIN_NAMES]);
    const claude = PINNED_VERSIONS.claude.version;
    expect(r.lines[0]).toMatchObject({ pinned: claude, installed: claude, status: "match" });
  }, 30_000);

  it("check exits non-zero on drift (a fake claude reporting another version)", async () => {
    const fake = box.fake("claude-new", 'console.log("9.9.9 (Claude Code)");');
    const r = await box.run(["check", "--json"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toMatchObject({ drift: true });
  }, 30_000);
});

describe("command discovery", () => {
  it("every command declaration in src/cli/command-lines is found, run first", () => {
    const names = commandModuleNames();
    expect(names[0]).toBe("run");
    for (const name of [
      "decode",
      "inspect",
      "ls",
      "harnesses",
      "check",
      "model",
      "server",
      "new",
      "kill",
      "kill-server",
    ])
      expect(names).toContain(name);
  });
});

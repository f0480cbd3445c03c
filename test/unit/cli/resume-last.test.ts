/**
 * `hmux run <h> --resume-last` (docs/harness-facts.md#reference-resume-last): before any harness output, one fixed
 * warning and a `store root <root> for scope <cwd>` diagnostic; where the harness files sessions
 * per cwd, a warning - never a refusal - when that folder is absent.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUME_LAST_WARNING } from "../../../src/core/session-store.js";
import { Sandbox } from "./cli-harness.js";

const FAKE = `
const out = (o) => console.log(JSON.stringify(o));
out({ type: "system", subtype: "init", session_id: "22222222-3333-4444-8555-666666666666", model: "m" });
out({ type: "result", subtype: "success", is_error: false, result: "ok" });
`;

let box: Sandbox;
let fake: string;
beforeAll(() => {
  box = new Sandbox();
  fake = box.fake("claude", FAKE);
});
afterAll(() => box.cleanup());

describe("--resume-last", () => {
  it("emits the fixed warning and the store-root diagnostic first, and warns when the per-cwd folder is absent", async () => {
    const cwd = join(box.root, "proj-a");
    mkdirSync(cwd);
    const r = await box.run(["run", "claude", "go on", "--resume-last", "--cwd", cwd, "--json"], {
      HMUX_CLAUDE_BIN: fake,
    });
    expect(r.code, r.stderr).toBe(0);
    const root = join(box.home, ".claude", "projects");
    const folder = join(root, cwd.replace(/[^a-zA-Z0-9]/g, "-"));
    expect(r.lines.slice(0, 3)).toEqual([
      { kind: "error", message: RESUME_LAST_WARNING },
      { kind: "progress", label: "resume-last", detail: `store root ${root} for scope ${cwd}` },
      { kind: "error", message: expect.stringContaining(`${folder} does not exist`) },
    ]);
    expect(r.lines.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
  });

  it("no absent-folder warning when the harness has filed sessions for this cwd; CLAUDE_CONFIG_DIR moves the root", async () => {
    const cwd = join(box.root, "proj-b");
    mkdirSync(cwd);
    const config = join(box.root, "claude-config");
    mkdirSync(join(config, "projects", cwd.replace(/[^a-zA-Z0-9]/g, "-")), { recursive: true });
    const r = await box.run(["run", "claude", "go on", "--resume-last", "--cwd", cwd, "--json"], {
      HMUX_CLAUDE_BIN: fake,
      CLAUDE_CONFIG_DIR: config,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines[1]).toEqual({
      kind: "progress",
      label: "resume-last",
      detail: `store root ${join(config, "projects")} for scope ${cwd}`,
    });
    expect(r.lines[2]).not.toMatchObject({ kind: "error" });
  });

  it("human mode shows the warning and the diagnostic on stderr", async () => {
    const r = await box.run(["run", "claude", "go on", "--resume-last"], { HMUX_CLAUDE_BIN: fake });
    expect(r.stderr).toContain(RESUME_LAST_WARNING);
    expect(r.stderr).toMatch(/note: store root .*\/\.claude\/projects for scope /);
  });
});

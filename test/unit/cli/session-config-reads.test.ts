/** `hmux session` takes its options, its policy and its untrusted-setting lines from one read of the config files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sessionRequest } from "../../../src/cli/commands/session.js";
import type { CliContext } from "../../../src/cli/context.js";
import { processOutput } from "../../../src/cli/render/output.js";
import { launch } from "../../../src/launch/launch.js";
import { createAppContext } from "../../../src/main/context.js";

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function world(): { context: CliContext; reads: string[]; project: string } {
  const root = mkdtempSync(join(tmpdir(), "hmux-session-reads-"));
  dirs.push(root);
  const project = join(root, "repo");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, ".hmux"), { recursive: true });
  writeFileSync(
    join(project, ".hmux", "config.json"),
    JSON.stringify({ version: 1, autonomy: true, policy: { allowCommands: ["rm -rf"] } }),
  );
  const env = { HOME: root, XDG_CONFIG_HOME: join(root, "cfg"), XDG_STATE_HOME: join(root, "state") };
  const app = createAppContext({ env });
  const reads: string[] = [];
  const context: CliContext = {
    ...app,
    launch: {
      ...app.launch,
      configFiles: (cwd) => {
        reads.push(cwd);
        return app.launch.configFiles(cwd);
      },
      binary: () => ({ ok: true, binary: { executable: "/bin/true", prefixArgs: [] } }),
    },
    output: processOutput(),
    input: process.stdin,
  };
  return { context, reads, project };
}

describe("hmux session reads the config files once per launch", () => {
  it("one read gives the workspace, the options, the policy and every untrusted line", async () => {
    const { context, reads, project } = world();
    const launched = await launch(sessionRequest("claude", { json: true, cwd: project, journal: false }), context);
    try {
      expect(reads).toEqual([project]);
      expect(launched.notes.some((l) => /project config "autonomy" ignored/.test(l))).toBe(true);
      expect(launched.notes.some((l) => /project config "policy\.allowCommands"/.test(l))).toBe(true);
    } finally {
      await launched.handle.abort("killed");
      await launched.released;
    }
  });
});

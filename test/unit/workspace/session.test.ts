import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { GitFixture } from "./git-fixture.js";

const MUSE_STREAM = join(import.meta.dirname, "..", "decode", "hcn-fixtures", "harnesses", "muse.ndjson");

let fx: GitFixture;
afterEach(() => {
  fx?.cleanup();
  process.exitCode = undefined;
});

/** A muse stand-in: waits a moment (the turn has begun), edits a file in its cwd, then replays a recorded stream. */
function fakeMuse(): string {
  const path = join(fx.root, "fake-muse.mjs");
  writeFileSync(
    path,
    `#!${process.execPath}
import { readFileSync, writeFileSync } from "node:fs";
await new Promise((r) => setTimeout(r, 800));
writeFileSync("muse-was-here.txt", "edit\\n");
process.stdout.write(readFileSync(${JSON.stringify(MUSE_STREAM)}));
`,
  );
  chmodSync(path, 0o755);
  return path;
}

describe("hmux session --worktree", () => {
  it("runs the session in its worktree, records who held it and each turn's start, and releases it at the end", async () => {
    fx = new GitFixture();
    const input = Readable.from([Buffer.from(`${JSON.stringify({ op: "send", id: "m1", text: "edit something" })}\n`)]);
    const env = { ...fx.env, HMUX_MUSE_BIN: fakeMuse() };
    const args = [
      "session",
      "muse",
      "--json",
      "--worktree",
      "s",
      "--cwd",
      fx.repo,
      "--approvals",
      "allow",
      "--no-journal",
      "--no-control-socket",
    ];
    const { code, stdout } = await runHmux(args, { env, input });
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { kind: string; sessionId?: string });
    expect(code, stdout).toBe(0);
    const sessionId = lines.find((l) => l.kind === "session")?.sessionId;
    const entry = fx.ports().registry().list()[0]!;
    expect(readFileSync(join(entry.path, "muse-was-here.txt"), "utf8")).toBe("edit\n");
    expect(entry.sessions).toEqual([sessionId]);
    expect(entry.holders).toEqual([]);
    expect(entry.turns).toHaveLength(1);
  });
});

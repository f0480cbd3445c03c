/**
 * The acceptance path by hand, automated: `hmux model serve --port 0` in one process, then
 * `hmux run <harness> --endpoint <its address> --isolate "…" --json` shows a tool call and its
 * result for claude, codex and pi.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedCli } from "./helpers/served-cli.js";

const cli = servedCli("hmux-cli-endpoint-");

beforeAll(() => cli.start(), 60_000);
afterAll(() => cli.stop());

describe.concurrent("hmux model serve + hmux run --endpoint", () => {
  it("prints its address first", () => {
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each(["claude", "codex", "pi"])(
    "hmux run %s --endpoint … --json shows a tool call and its result",
    async (harness) => {
      const cwd = mkdtempSync(join(cli.root, `${harness}-`));
      const r = await cli.hmux([
        "run",
        harness,
        "--endpoint",
        cli.url,
        "--isolate",
        "--cwd",
        cwd,
        "--timeout",
        "90",
        "Run it. [[bash:echo by-hand]]",
        "--json",
      ]);
      const events = r.stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const context = `exit ${r.code}\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-1000)}`;
      expect(
        events.find((e) => e.kind === "tool" && e.phase === "call"),
        context,
      ).toMatchObject({ canonical: "shell" });
      expect(
        events.find((e) => e.kind === "tool" && e.phase === "result"),
        context,
      ).toMatchObject({ output: expect.stringContaining("by-hand"), isError: false });
      expect(events.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
      expect(r.code).toBe(0);
    },
  );
});

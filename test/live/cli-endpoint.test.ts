/**
 * The acceptance path by hand, automated: `hmux model serve --port 0` in one process, then
 * `hmux run <harness> --endpoint <its address> --isolate "…" --json` shows a tool call and its
 * result for claude, codex and pi.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
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
      // A read every harness runs unasked (hmux's default policy lists ls): the gate lets it through.
      writeFileSync(join(cwd, "by-hand.txt"), "");
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
        "Run it. [[bash:ls]]",
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

/** `hmux run <harness> [[bash:touch x]]` in a fresh folder, the NDJSON events and whether x exists after. */
async function touchTurn(harness: string, extra: readonly string[]) {
  const cwd = mkdtempSync(join(cli.root, `${harness}-touch-`));
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
    "Do it. [[bash:touch x]]",
    "--json",
    ...extra,
  ]);
  const events = r.stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    r,
    events,
    created: existsSync(join(cwd, "x")),
    context: `exit ${r.code}\n${r.stdout.slice(-2500)}\n${r.stderr.slice(-1000)}`,
  };
}

describe.concurrent("hmux run gates every harness alike", () => {
  it.each(["codex", "pi"])(
    "without --autonomy, %s's shell write is denied by hmux's policy with its reason, and the file is not created",
    async (harness) => {
      const { r, events, created, context } = await touchTurn(harness, []);
      expect(created, context).toBe(false);
      const decided = events.find((e) => e.kind === "approval-disposition");
      expect(decided, context).toMatchObject({
        decider: "policy",
        decision: { decision: "deny", reason: expect.stringContaining("not on the policy's allowCommands list") },
      });
      expect(
        events.find((e) => e.kind === "tool" && e.phase === "result"),
        context,
      ).toMatchObject({ denied: true });
      expect(events.at(-1), context).toMatchObject({ kind: "done", cause: "clean" });
      expect(r.stderr).toContain("hmux's policy decides each gated call");
    },
  );

  it("without --autonomy, claude's shell write is denied by its own permission system, and the file is not created", async () => {
    const { events, created, context } = await touchTurn("claude", []);
    expect(created, context).toBe(false);
    expect(
      events.find((e) => e.kind === "tool" && e.phase === "result"),
      context,
    ).toMatchObject({ denied: true });
  });

  it.each(["claude", "codex", "pi"])("with --autonomy, %s runs the write and the file is created", async (harness) => {
    const { r, events, created, context } = await touchTurn(harness, ["--autonomy"]);
    expect(created, context).toBe(true);
    expect(
      events.some((e) => e.kind === "approval-disposition"),
      context,
    ).toBe(false);
    expect(r.code, context).toBe(0);
  });
});

/**
 * `hmux session muse --json` end to end through the real launcher: a fake muse binary prints
 * a recorded `muse exec --json` stream and records its argv, so a program driving the session
 * sees one turn per send, the second resuming the id the first announced, and a journal.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HMUX, REPO, Sandbox } from "./cli-harness.js";

const MUSE_STREAM = join(REPO, "test/unit/decode/hcn-fixtures/harnesses/muse.ndjson");
const MUSE_ID = "96a95c12-5616-4cda-a47f-9fdc7b542c7c";

let box: Sandbox;
afterEach(() => box?.cleanup());

function fakeMuse(sandbox: Sandbox): { readonly bin: string; readonly argvLog: string } {
  const argvLog = join(sandbox.root, "muse-argv.ndjson");
  const bin = sandbox.fake(
    "muse",
    [
      `const fs = require("node:fs");`,
      `fs.appendFileSync(${JSON.stringify(argvLog)}, JSON.stringify(process.argv.slice(2)) + "\\n");`,
      `process.stdout.write(fs.readFileSync(${JSON.stringify(MUSE_STREAM)}));`,
    ].join("\n"),
  );
  return { bin, argvLog };
}

interface Driven {
  readonly code: number | null;
  readonly lines: Record<string, unknown>[];
  readonly stderr: string;
}

/** Drives `hmux session …` like a program: each send waits for the previous turn's done; EOF after the last. */
function drive(
  sandbox: Sandbox,
  args: readonly string[],
  env: Record<string, string>,
  sends: readonly string[],
): Promise<Driven> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [HMUX, ...args], {
      cwd: sandbox.root,
      env: { ...sandbox.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const lines: Record<string, unknown>[] = [];
    let buffer = "";
    let stderr = "";
    const queue = [...sends];
    const next = () => {
      const text = queue.shift();
      if (text === undefined) return child.stdin.end();
      child.stdin.write(`${JSON.stringify({ op: "send", id: `m-${sends.length - queue.length}`, text })}\n`);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      for (const part of parts.filter((p) => p.trim() !== "")) {
        const event = JSON.parse(part) as Record<string, unknown>;
        lines.push(event);
        if (event.kind === "session" || event.kind === "done") next();
      }
    });
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("close", (code) => done({ code, lines, stderr }));
  });
}

describe("hmux session muse --json", () => {
  it("--approvals allow runs a turn per send, the second resuming the id the first announced, and journals it", async () => {
    box = new Sandbox();
    const { bin, argvLog } = fakeMuse(box);
    const env = { HMUX_MUSE_BIN: bin, XDG_STATE_HOME: join(box.root, "state"), XDG_RUNTIME_DIR: join(box.root, "run") };
    const run = await drive(
      box,
      ["session", "muse", "--json", "--approvals", "allow", "--session-id", "oneshot-cli-1"],
      env,
      ["Reply with only: alpha", "and again"],
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines[0]).toMatchObject({ kind: "session", sessionId: "oneshot-cli-1", harness: "muse" });
    expect(run.lines.at(-1)).toMatchObject({ kind: "closed", cause: "clean" });
    expect(run.lines.filter((e) => e.kind === "disposition")).toEqual([
      { kind: "disposition", id: "m-1", disposition: "started" },
      { kind: "disposition", id: "m-2", disposition: "started" },
    ]);
    expect(run.lines.filter((e) => e.kind === "done").map((e) => e.cause)).toEqual(["clean", "clean"]);
    const argvs = readFileSync(argvLog, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as string[]);
    expect(argvs).toHaveLength(2);
    expect(argvs[0]!.slice(0, 2)).toEqual(["exec", "--json"]);
    expect(argvs[1]!.slice(0, 4)).toEqual(["exec", "--session-id", MUSE_ID, "--json"]);
    expect(argvs[1]!.at(-1)).toBe("and again");
    const journal = join(box.root, "state", "hmux", "sessions", "oneshot-cli-1.ndjson");
    expect(existsSync(journal)).toBe(true);
    expect(readFileSync(journal, "utf8")).toContain(MUSE_ID);
  }, 30_000);

  it("the model in the user config file reaches the harness, as it does for hmux run", async () => {
    box = new Sandbox();
    const { bin, argvLog } = fakeMuse(box);
    mkdirSync(join(box.home, ".config", "hmux"), { recursive: true });
    writeFileSync(
      join(box.home, ".config", "hmux", "config.json"),
      JSON.stringify({ version: 1, model: "muse-spark-1.1" }),
    );
    const env = { HMUX_MUSE_BIN: bin, XDG_STATE_HOME: join(box.root, "state"), XDG_RUNTIME_DIR: join(box.root, "run") };
    const run = await drive(box, ["session", "muse", "--json", "--approvals", "allow", "--no-control-socket"], env, [
      "hi",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [argv] = readFileSync(argvLog, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as string[]);
    expect(argv![argv!.indexOf("--model") + 1]).toBe("muse-spark-1.1");
  }, 30_000);

  it("ask mode (the default) is refused before the stream opens, naming tool.decide, and muse never runs", async () => {
    box = new Sandbox();
    const { bin, argvLog } = fakeMuse(box);
    const env = { HMUX_MUSE_BIN: bin, XDG_STATE_HOME: join(box.root, "state"), XDG_RUNTIME_DIR: join(box.root, "run") };
    const run = await box.run(
      ["session", "muse", "--json", "--no-control-socket"],
      env,
      `${JSON.stringify({ op: "send", id: "m-1", text: "hi" })}\n`,
    );
    expect(run.code).toBe(2);
    expect(run.lines[0]).toMatchObject({
      kind: "command.result",
      id: "start/tool.decide",
      outcome: { refused: { code: "UNSUPPORTED_CONTROL" } },
    });
    expect(run.lines.at(-1)).toMatchObject({ kind: "closed", cause: "failed" });
    expect(existsSync(argvLog)).toBe(false);
  }, 30_000);

  it("ask mode still names tool.decide when muse is not even installed", async () => {
    box = new Sandbox();
    const run = await box.run(["session", "muse", "--json", "--no-control-socket"], {
      PATH: "/nonexistent",
      XDG_STATE_HOME: join(box.root, "state"),
    });
    expect(run.code).toBe(2);
    expect(run.lines.map((e) => (e as { kind: string }).kind)).toEqual(["command.result", "failure", "closed"]);
    expect(run.lines[0]).toMatchObject({ id: "start/tool.decide" });
    expect(run.lines[1]).toMatchObject({ issue: "missing-binary" });
  }, 30_000);

  it("a configuration the adapter refuses (cursor --endpoint) is refused before any turn runs", async () => {
    box = new Sandbox();
    const log = join(box.root, "agent-ran");
    const bin = box.fake("agent", `require("node:fs").writeFileSync(${JSON.stringify(log)}, "ran");`);
    const run = await box.run(
      [
        "session",
        "cursor",
        "--json",
        "--approvals",
        "allow",
        "--no-control-socket",
        "--endpoint",
        "http://127.0.0.1:9",
      ],
      { HMUX_CURSOR_BIN: bin, XDG_STATE_HOME: join(box.root, "state") },
    );
    expect(run.code).toBe(2);
    expect(run.lines.at(-2)).toMatchObject({
      kind: "failure",
      class: "rejected",
      message: expect.stringContaining("endpoint"),
    });
    expect(run.lines.at(-1)).toMatchObject({ kind: "closed", cause: "failed" });
    expect(existsSync(log)).toBe(false);
  }, 30_000);
});

describe("hmux session's own state dir", () => {
  const stateDirOf = (id: string) => join(box.root, "state", "hmux", "sessions", `${id}.d`);
  const run = async (id: string, extra: readonly string[]) => {
    box = new Sandbox();
    const { bin } = fakeMuse(box);
    const env = { HMUX_MUSE_BIN: bin, XDG_STATE_HOME: join(box.root, "state"), XDG_RUNTIME_DIR: join(box.root, "run") };
    const args = ["session", "muse", "--json", "--isolate", "--approvals", "allow", "--no-control-socket"];
    return drive(box, [...args, "--session-id", id, ...extra], env, ["hi"]);
  };

  it("an isolated session nobody can resume (no journal) removes its isolated HOME when it ends", async () => {
    const result = await run("no-journal-1", ["--no-journal"]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(stateDirOf("no-journal-1"))).toBe(false);
  }, 30_000);

  it("a journaled session that recorded the harness's id keeps it for --resume", async () => {
    const result = await run("journaled-1", []);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(stateDirOf("journaled-1"), "home"))).toBe(true);
  }, 30_000);
});

import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HMUX, lastTwo, Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

function refusedWith(issue: string) {
  return [
    expect.objectContaining({ kind: "failure", class: "rejected", issue }),
    expect.objectContaining({
      kind: "done",
      cause: "failed",
      failure: expect.objectContaining({ class: "rejected", issue }),
    }),
  ];
}

describe("hmux run refuses bad input before spawn: exit 2, prose on stderr, failure + done last under --json", () => {
  it("an unknown harness names the ones that exist", async () => {
    const r = await box.run(["run", "claudee", "hi", "--json"]);
    expect(r.code).toBe(2);
    expect(lastTwo(r)).toEqual(refusedWith("unknown-harness"));
    expect(r.stderr).toMatch(/unknown harness "claudee".*claude, codex, pi, muse, cursor/);
  });

  it("an unknown flag suggests the nearest one", async () => {
    const r = await box.run(["run", "claude", "hi", "--json", "--modle", "x"]);
    expect(r.code).toBe(2);
    expect(lastTwo(r)).toEqual(refusedWith("unsupported-option"));
    expect(r.stderr).toContain("--model");
  });

  it("an unknown flag with no near one points at the help of the command typed", async () => {
    const ls = await box.run(["ls", "--zzz"]);
    expect(ls.code).toBe(2);
    expect(ls.stderr).toContain("hint: see `hmux ls --help` for its flags\n");
    const run = await box.run(["run", "claude", "hi", "--zzz"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("hint: see `hmux run --help` for its flags; a harness's own flags go after --");
  });

  it("a native flag before -- is redirected to its normalized spelling", async () => {
    const r = await box.run(["run", "claude", "hi", "--json", "--allowedTools", "Bash"]);
    expect(r.code).toBe(2);
    expect(lastTwo(r)).toEqual(refusedWith("native-flag-spelling"));
    expect(r.stderr).toContain("use --tools");
  });

  it("a positional prompt starting with '-' is refused with the --prompt alternative", async () => {
    const r = await box.run(["run", "claude", "-rf everything", "--json"]);
    expect(r.code).toBe(2);
    expect(lastTwo(r)).toEqual(refusedWith("prompt-flag-injection"));
    expect(r.stderr).toContain("--prompt");
  });

  it("a missing binary is refused, naming where hmux looked and how to install it", async () => {
    const r = await box.run(["run", "claude", "hi", "--json"], { HMUX_CLAUDE_BIN: join(box.root, "no-such-claude") });
    expect(r.code).toBe(2);
    expect(lastTwo(r)).toEqual(refusedWith("missing-binary"));
    expect(r.stderr).toContain("HMUX_CLAUDE_BIN");
  });

  it("a malformed config file is refused, naming the file", async () => {
    const dir = join(box.home, ".config", "hmux");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "config.json"), '{ "version": 1, "efort": "high" }');
    try {
      const r = await box.run(["run", "claude", "hi", "--json"]);
      expect(r.code).toBe(2);
      expect(lastTwo(r)).toEqual(refusedWith("invalid-config"));
      expect(r.stderr).toContain("config.json");
    } finally {
      writeFileSync(join(dir, "config.json"), '{ "version": 1 }');
    }
  });

  it("a system prompt larger than the OS passes in one argument is refused before spawn (not E2BIG)", async () => {
    const claude = box.fake("claude-never", "process.exit(0);");
    const dir = join(box.home, ".config", "hmux");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "config.json"), JSON.stringify({ version: 1, systemPrompt: "x".repeat(600 * 1024) }));
    try {
      const r = await box.run(["run", "claude", "hi", "--json"], { HMUX_CLAUDE_BIN: claude });
      expect(r.code).toBe(2);
      expect(lastTwo(r)).toEqual(refusedWith("too-large"));
      expect(lastTwo(r)[0]).toMatchObject({
        message: expect.stringMatching(/--system-prompt.*60\d KiB.*at most 128 KiB/),
      });
      // The provenance line names the value without echoing megabytes of it.
      expect(r.stderr.length).toBeLessThan(64 * 1024);
    } finally {
      writeFileSync(join(dir, "config.json"), '{ "version": 1 }');
    }
  });

  it("a bad --timeout value is refused with an example", async () => {
    const r = await box.run(["run", "claude", "hi", "--json", "--timeout", "soon"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--timeout");
    expect((r.lines.at(-1) as { kind: string }).kind).toBe("done");
  });

  it("no prompt at all says how to give one", async () => {
    const r = await box.run(["run", "claude"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a prompt/);
  });
});

describe("hmux run with a broken harness: exit 1 and a typed failure + done", () => {
  it("a binary that prints garbage and exits 0 fails, naming the binary", async () => {
    const fake = box.fake("garbage", 'console.log("Usage: not what you think"); console.log("{half json");');
    const r = await box.run(["run", "claude", "hi", "--json"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual({ kind: "raw", stream: "stdout", text: "{half json" });
    expect(r.lines.at(-1)).toMatchObject({
      kind: "done",
      cause: "failed",
      failure: { class: "native", message: expect.stringContaining(fake) },
    });
  });

  it("a binary that exits at once with an error keeps its stderr and exit code", async () => {
    const fake = box.fake("dies", 'process.stderr.write("fatal: config is broken\\n"); process.exit(3);');
    const r = await box.run(["run", "claude", "hi", "--json"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    expect(r.lines.at(-1)).toMatchObject({
      kind: "done",
      exitCode: 3,
      failure: { nativeExitCode: 3, message: expect.stringContaining("config is broken") },
    });
  });

  it("a 100 MB line is a typed error, memory stays bounded, and later lines still decode", async () => {
    const fake = box.fake(
      "huge",
      [
        'const chunk = "x".repeat(1 << 20);',
        "let left = 100;",
        "const more = () => { while (left > 0) { left--; if (!process.stdout.write(chunk)) return process.stdout.once('drain', more); }",
        '  process.stdout.write("\\n" + JSON.stringify({ type: "system", subtype: "init", session_id: "s-1", model: "m" }) + "\\n"); };',
        "more();",
      ].join("\n"),
    );
    const r = await box.run(["run", "claude", "hi", "--json"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    const failure = r.lines.find((l) => (l as { kind?: string }).kind === "failure") as { message: string };
    expect(failure.message).toMatch(/104857600 bytes.*line bound/);
    expect(r.lines).toContainEqual(expect.objectContaining({ kind: "identity", sessionId: "s-1" }));
    expect(r.stdout.length).toBeLessThan(100_000); // the line was not echoed anywhere
  }, 60_000);

  it("invalid UTF-8 on stdout is reported and replaced, never a crash", async () => {
    const fake = box.fake("latin1", "process.stdout.write(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));");
    const r = await box.run(["run", "claude", "hi", "--json"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    expect(r.lines).toContainEqual({ kind: "raw", stream: "stdout", text: "caf\uFFFD" });
    expect(r.lines.at(-1)).toMatchObject({
      kind: "done",
      failure: { message: expect.stringContaining("invalid UTF-8") },
    });
  });

  it("--prompt carries a leading dash as data to the harness", async () => {
    const argvFile = join(box.root, "argv.json");
    const fake = box.fake(
      "echo-argv",
      `require("fs").writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify(process.argv.slice(2)));`,
    );
    await box.run(["run", "claude", "--prompt", "-rf is a flag in rm", "--json"], { HMUX_CLAUDE_BIN: fake });
    const argv = JSON.parse(readFileSync(argvFile, "utf8")) as string[];
    expect(argv.at(-1)).toMatch(/-rf is a flag in rm$/);
  });
});

describe("hmux run when the reader goes away", () => {
  it("`| head -n 5` exits promptly and leaves no harness process behind", async () => {
    const pidFile = join(box.root, "chatty.pid");
    const fake = box.fake(
      "chatty",
      [
        `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
        "process.on('SIGTERM', () => {}); // stubborn: only KILL ends it",
        'setInterval(() => console.log(JSON.stringify({ type: "stream_event", event: { type: "ping" } })), 5);',
      ].join("\n"),
    );
    const child = spawn(process.execPath, [HMUX, "run", "claude", "hi", "--json"], {
      cwd: box.root,
      env: { ...box.env, HMUX_CLAUDE_BIN: fake },
      stdio: ["ignore", "pipe", "ignore"],
    });
    let seen = "";
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (c: Buffer) => {
        seen += c.toString();
        if (seen.split("\n").length > 5) {
          child.stdout.destroy(); // what head does after its fifth line
          resolve();
        }
      });
    });
    const t0 = Date.now();
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(code).toBe(0);
    const pid = Number(readFileSync(pidFile, "utf8"));
    // Dead, or a zombie its new parent has yet to reap: the harness runs under the leash, so
    // after the group's KILL it is reaped by init, not by hmux.
    const running = () => {
      try {
        return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
      } catch {
        return false;
      }
    };
    expect(running()).toBe(false);
  }, 30_000);
});

describe("hmux's own budgets end a harness that never finishes", () => {
  it("--timeout ends a hung harness in failure(timeout), exit 1", async () => {
    const fake = box.fake(
      "hangs",
      'console.log(JSON.stringify({ type: "system", subtype: "init", session_id: "s-2" })); setInterval(() => {}, 1000);',
    );
    const t0 = Date.now();
    const r = await box.run(["run", "claude", "hi", "--json", "--timeout", "1"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(r.lines.at(-1)).toMatchObject({ kind: "done", cause: "killed", failure: { class: "timeout" } });
  }, 30_000);

  it("--stall ends a silent harness in failure(stall), exit 1", async () => {
    const fake = box.fake("silent", "setInterval(() => {}, 1000);");
    const r = await box.run(["run", "claude", "hi", "--json", "--stall", "1"], { HMUX_CLAUDE_BIN: fake });
    expect(r.code).toBe(1);
    expect(r.lines.at(-1)).toMatchObject({ kind: "done", cause: "stall", failure: { class: "stall" } });
  }, 30_000);
});

describe("hmux run inputs and interruption", () => {
  it("--prompt-file - reads the prompt from stdin", async () => {
    const argvFile = join(box.root, "argv-stdin.json");
    const fake = box.fake(
      "echo-argv2",
      `require("fs").writeFileSync(${JSON.stringify(argvFile)}, JSON.stringify(process.argv.slice(2)));`,
    );
    await box.run(["run", "claude", "--prompt-file", "-", "--json"], { HMUX_CLAUDE_BIN: fake }, "prompt from a pipe");
    expect((JSON.parse(readFileSync(argvFile, "utf8")) as string[]).at(-1)).toMatch(/prompt from a pipe$/);
  });

  it("SIGINT (Ctrl-C) stops the harness group, ends the stream with done cause interrupted, exit 130", async () => {
    const pidFile = join(box.root, "interrupted.pid");
    const fake = box.fake(
      "waits",
      [
        `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
        'console.log(JSON.stringify({ type: "system", subtype: "init", session_id: "s-3" }));',
        "setInterval(() => {}, 1000);",
      ].join("\n"),
    );
    const child = spawn(process.execPath, [HMUX, "run", "claude", "hi", "--json"], {
      cwd: box.root,
      env: { ...box.env, HMUX_CLAUDE_BIN: fake },
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    while (!out.includes("identity")) await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    expect(code).toBe(130);
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toMatchObject({ kind: "done", cause: "interrupted" });
    expect(() => process.kill(Number(readFileSync(pidFile, "utf8")), 0)).toThrow();
  }, 30_000);
});

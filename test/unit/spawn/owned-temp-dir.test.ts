/**
 * hmux's temp dirs name the pid that made them, so the dirs a SIGKILLed hmux left are removed when
 * the next one starts, and nothing else is: a live hmux's dir, another user's, a symlink, a name hmux did
 * not make, and anything in a temp dir other users could swap entries of.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sweepStaleTempDirs } from "../../../src/spawn/owned-temp-dir.js";
import { HMUX, REPO } from "../cli/cli-harness.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A private stand-in for the system temp dir. */
function root(): string {
  const r = mkdtempSync(join(tmpdir(), "owned-temp-test-"));
  roots.push(r);
  return r;
}

/** The pid of a process that has exited and been reaped: no process has it now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => child.on("exit", r));
  return child.pid!;
}

/**
 * The pid of a zombie: a child that exited while its parent (`sleep`, which never waits) lives,
 * so nobody reaps it. Returned once /proc says Z; the parent is the caller's to kill.
 */
async function zombie(): Promise<{ pid: number; parent: ReturnType<typeof spawn> }> {
  const parent = spawn("sh", ["-c", "sleep 0.2 & echo $!; exec sleep 60"], { stdio: ["ignore", "pipe", "ignore"] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once("data", (c: Buffer) => resolve(Number(c.toString().trim()))),
  );
  while (!/\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))) await new Promise((r) => setTimeout(r, 10));
  return { pid, parent };
}

/** A dir named as a hmux of that pid would have made it, with a file inside. */
function leftBy(r: string, kind: string, pid: number): string {
  const dir = join(r, `hmux-${kind}-${pid}-AbC123`);
  mkdirSync(join(dir, "home"), { recursive: true });
  writeFileSync(join(dir, "home", "state.json"), "{}");
  return dir;
}

const uid = process.getuid!();

describe("hmux's temp dirs after a SIGKILL", () => {
  it("the next hmux that may start a harness sweeps the dirs a SIGKILLed hmux left", async () => {
    const r = root();
    // hmux's own naming, in a child that is then killed with SIGKILL: it cannot clean up.
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { ownedTempPrefix } = await import(${JSON.stringify(join(REPO, "src", "core", "temp-owner.ts"))});
         const { mkdtempSync } = await import("node:fs");
         console.log(mkdtempSync(${JSON.stringify(r)} + "/" + ownedTempPrefix("claude", process.pid)));
         setInterval(() => undefined, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const left = await new Promise<string>((resolve) =>
      child.stdout.once("data", (c: Buffer) => resolve(c.toString().trim())),
    );
    expect(left).toMatch(new RegExp(`/hmux-claude-${child.pid}-[A-Za-z0-9]{6}$`));
    child.kill("SIGKILL");
    await exited;
    expect(existsSync(left)).toBe(true);

    const hmux = (...args: string[]) =>
      spawnSync(process.execPath, [HMUX, ...args], {
        env: { ...process.env, TMPDIR: r, HOME: join(r, "home") },
        timeout: 20_000,
      });
    expect(hmux("--version").status).toBe(0);
    expect(existsSync(left)).toBe(true); // a command that starts no harness stays as cheap as it was
    // A command that may start a harness builds hmux's context, and sweeps first (here it then refuses).
    expect(hmux("run", "no-such-harness", "hello").status).toBe(2);
    expect(existsSync(left)).toBe(false);
  }, 30_000);

  it("a dir whose maker is dead goes; one whose maker lives stays", async () => {
    const r = root();
    const stale = leftBy(r, "codex", await deadPid());
    const live = leftBy(r, "codex", process.pid);
    expect(sweepStaleTempDirs({ root: r })).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it("a dir whose maker is a zombie (killed, not yet reaped) goes: a zombie runs nothing", async () => {
    const r = root();
    const { pid, parent } = await zombie();
    try {
      const stale = leftBy(r, "claude", pid);
      expect(sweepStaleTempDirs({ root: r })).toEqual([stale]);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("another user's dir stays, even when its maker is dead", async () => {
    const r = root();
    const dir = leftBy(r, "hooks", await deadPid());
    expect(sweepStaleTempDirs({ root: r, uid: uid + 1 })).toEqual([]);
    expect(existsSync(dir)).toBe(true);
    expect(sweepStaleTempDirs({ root: r, uid })).toEqual([dir]);
  });

  it("a symlink named like a stale dir is not followed: what it points at stays", async () => {
    const r = root();
    const target = join(root(), "precious");
    mkdirSync(target);
    writeFileSync(join(target, "keep"), "x");
    const link = join(r, `hmux-native-${await deadPid()}-Zz9Zz9`);
    symlinkSync(target, link);
    expect(sweepStaleTempDirs({ root: r })).toEqual([]);
    expect(existsSync(join(target, "keep"))).toBe(true);
  });

  it("names hmux did not make this way stay: the control-socket dir, an older dir without a pid, a file", async () => {
    const r = root();
    const dead = await deadPid();
    mkdirSync(join(r, `hmux-${uid}`));
    mkdirSync(join(r, "hmux-claude-AbC123"));
    writeFileSync(join(r, `hmux-index-${dead}-AbC123`), "not a dir");
    mkdirSync(join(r, `other-claude-${dead}-AbC123`));
    expect(sweepStaleTempDirs({ root: r, alive: () => false })).toEqual([]);
  });

  it("nothing is swept from a temp dir that other users may write without the sticky bit", async () => {
    const r = root();
    const dir = leftBy(r, "version", await deadPid());
    chmodSync(r, 0o777);
    expect(sweepStaleTempDirs({ root: r })).toEqual([]);
    expect(existsSync(dir)).toBe(true);
    chmodSync(r, 0o1777);
    expect(sweepStaleTempDirs({ root: r })).toEqual([dir]);
  });
});

/**
 * Private files stay private: an `--isolate` session's home under $XDG_STATE_HOME/hmux holds the
 * harness's transcripts (the prompt, the replies, every tool's output), which pi and codex write
 * 0644. With the state home open to others, as ~/.local/state under a 0755 HOME is, nothing
 * below it that hmux made may let another user in — through `hmux session` and through the
 * server (`hmux new`). Checked on the mode bits and, as root, by reading as `nobody`.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { until } from "../helpers/until.js";
import { hmux, LiveSession, noneLeft, type Sandbox, sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

interface OpenSandbox extends Sandbox {
  readonly state: string;
  /** Folders below the state home made open before the case (as an older hmux left them): not this run's to close. */
  readonly premade: readonly string[];
}

/** A sandbox whose state home others may enter, with a 0644 canary in it that `nobody` can read. */
function openSandbox(secret: string, premade: readonly string[] = []): OpenSandbox {
  const box = sandbox();
  chmodSync(box.dir, 0o755);
  const state = box.env.XDG_STATE_HOME!;
  for (const dir of ["", ...premade]) {
    mkdirSync(join(state, dir), { recursive: true });
    chmodSync(join(state, dir), 0o755);
  }
  writeFileSync(join(state, "canary.txt"), `${secret}\n`, { mode: 0o644 });
  return { ...box, state, premade };
}

/** Every path under `state/hmux` that another user could read: each folder above it lets them in, and it lets them read. */
function readableByOthers(box: OpenSandbox): string[] {
  const exposed: string[] = [];
  const walk = (path: string) => {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return; // a link's own mode means nothing; its target is walked where it lives
    const rel = relative(box.state, path);
    if ((st.mode & 0o044) !== 0 && !box.premade.includes(rel)) exposed.push(`${rel} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory() && (st.mode & 0o011) !== 0) for (const name of readdirSync(path)) walk(join(path, name));
  };
  // The state home itself is the user's (0755 here); what hmux made below it is what must be closed.
  walk(join(box.state, "hmux"));
  return exposed;
}

/** Files under `state` that hold `secret`, as `who` can find them (grep -rl; unreadable folders are skipped). */
function filesHolding(state: string, secret: string, who: "owner" | "nobody"): string[] {
  const argv = ["grep", "-rl", "--", secret, state];
  const asNobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", ...argv];
  const run = who === "owner" ? argv : asNobody;
  const r = spawnSync(run[0]!, run.slice(1), { encoding: "utf8" });
  return r.stdout
    .split("\n")
    .filter(Boolean)
    .map((p) => relative(state, p))
    .sort();
}

const isRoot = process.getuid?.() === 0;

/** The transcript was written (the owner finds the words in the session's home), and nobody else can read any of it. */
function expectPrivate(box: OpenSandbox, secret: string): void {
  const owned = filesHolding(box.state, secret, "owner");
  expect(owned.some((p) => p.startsWith("hmux/") && p.includes("home/"))).toBe(true);
  expect(readableByOthers(box)).toEqual([]);
  // The probe can fail: nobody reads the canary, which lies in the open state home.
  if (isRoot) expect(filesHolding(box.state, secret, "nobody")).toEqual(["canary.txt"]);
}

describe("an --isolate session's home is private", () => {
  it("hmux session pi --isolate, where an older hmux left hmux/sessions open: the session's own folders are 0700, so pi's 0644 transcript is nobody else's to read", async () => {
    const secret = "private prompt words pi session";
    const box = openSandbox(secret, ["hmux", "hmux/sessions"]);
    try {
      const s = new LiveSession(box, "pi", ["--isolate", "--endpoint", model.url]);
      s.send("in-1", `[[say:ok]] ${secret}`);
      await s.next((e) => e.kind === "done");
      await until(() => filesHolding(box.state, secret, "owner").some((p) => p.includes("home/")), 20_000, 100);
      expectPrivate(box, secret);
      s.endInput();
      expect(await s.exit).toBe(0);
      expect(await noneLeft(box)).toEqual([]);
    } finally {
      box.remove();
    }
  });

  it("hmux new codex --isolate (the server's session): codex's rollout is nobody else's to read", async () => {
    const secret = "private prompt words codex server";
    const box = openSandbox(secret);
    try {
      const made = await hmux(box, [
        "new",
        "codex",
        "--name",
        "private",
        "--isolate",
        "--endpoint",
        model.url,
        "--prompt",
        `[[say:ok]] ${secret}`,
      ]);
      expect(made.code, made.stderr).toBe(0);
      await until(() => filesHolding(box.state, secret, "owner").some((p) => p.includes("home/")), 60_000, 200);
      expectPrivate(box, secret);
    } finally {
      await hmux(box, ["kill-server"]);
      box.remove();
    }
  });
});

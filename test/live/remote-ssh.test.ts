/**
 * Remote hosts over a real OpenSSH: an sshd on 127.0.0.1 started by this file, and the "box" it
 * logs into is this machine with its own HOME and XDG dirs, so the box's hmux server is not the
 * client's. `hmux ls/new --host` go through ssh and `hmux server --stdio` there; a real pi on the
 * box asks for an approval; killing the ssh child drops the connection, which is a detach (the
 * session keeps running there, its approval still pending), and a new connection attaches and
 * sees it all, then approves. A host that is down, refuses the key, has no hmux, or runs another
 * version is a typed error naming the host, exit 2.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reachRemoteServer } from "../../src/cli/server-client.js";
import type { SessionEvent } from "../../src/core/control/types.js";
import { systemClock } from "../../src/main/system-clock.js";
import type { SessionSummary } from "../../src/protocol/index.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import type { ServerClient } from "../../src/server/client.js";
import { serverPaths } from "../../src/server/paths.js";
import { createPipeSpawner } from "../../src/spawn/pipes.js";
import { tmuxDriver } from "../e2e/tmux-driver.js";
import { until as pollUntil } from "../helpers/until.js";
import { sshdProblem, startSshd, type TestSshd } from "./helpers/sshd.js";
import { hmux, noneLeft, type Sandbox, sandbox } from "./session-live.js";

const ROOT = join(import.meta.dirname, "..", "..");
const found = sshdProblem();
const HAVE_TMUX = spawnSync("tmux", ["-V"]).status === 0;
const skipReason = "problem" in found ? found.problem : null;
if (skipReason) process.stderr.write(`remote-ssh.test.ts skipped: ${skipReason}\n`);

type Ev = SessionEvent & Record<string, unknown>;

describe.skipIf(skipReason !== null)(
  `hmux --host over a real sshd${skipReason ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let model: ModelServer;
    let sshd: TestSshd;
    let box: Sandbox; // the remote's HOME and XDG dirs
    let here: Sandbox; // the client's
    const clients: ServerClient[] = [];

    beforeAll(async () => {
      model = await startModelServer();
      box = sandbox();
      here = sandbox();
      const bin = join(box.dir, "bin");
      mkdirSync(bin, { recursive: true });
      // The box's `hmux` on its PATH: this checkout's, on this Node.
      writeFileSync(
        join(bin, "hmux"),
        `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, "bin", "hmux.js")}' "$@"\n`,
      );
      chmodSync(join(bin, "hmux"), 0o755);
      const boxEnv = { ...box.env, PATH: `${bin}:${box.env.PATH}` };
      sshd = await startSshd((found as { sshd: string }).sshd, [
        { host: "box", env: boxEnv },
        { host: "box-nohmux", env: { ...boxEnv, PATH: "/usr/bin:/bin" } },
        { host: "box-stranger" },
      ]);
      here.env.HMUX_SSH_COMMAND = sshd.sshCommand;
      mkdirSync(join(box.dir, "work"), { recursive: true });
    });

    afterAll(async () => {
      for (const c of clients) c.close();
      if (box) {
        await hmux(box, ["kill-server"]);
        await noneLeft(box, 20_000);
      }
      await sshd?.stop();
      sshd?.remove();
      await model?.close();
      box?.remove();
      here?.remove();
    });

    const remote = async (version?: string) => {
      const context = { env: here.env, clock: systemClock, spawners: { pipe: () => createPipeSpawner() } };
      const client = await reachRemoteServer(context, "box", version);
      clients.push(client);
      return client;
    };

    const lsRows = async (): Promise<SessionSummary[]> => {
      const r = await hmux(here, ["ls", "--host", "box", "--json"]);
      expect(r.code, `${r.stderr}\nsshd: ${sshd.log().slice(-2000)}`).toBe(0);
      return r.stdout
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as SessionSummary);
    };

    it("hmux ls --host starts the box's server there and lists it; the client's machine gets no server", async () => {
      const r = await hmux(here, ["ls", "--host", "box"]);
      expect(r.code, `${r.stderr}\nsshd: ${sshd.log().slice(-2000)}`).toBe(0);
      expect(r.stdout).toMatch(/^no sessions on the hmux server on box \(pid \d+\)/);
      const boxPid = Number(/pid (\d+)/.exec(r.stdout)?.[1]);
      expect(readFileSync(serverPaths(box.env).pid, "utf8").trim()).toBe(String(boxPid));
      expect(readdirSync(here.dir)).not.toContain("run");
    });

    it("a dropped ssh connection is a detach: the session runs on, and a new connection attaches to all of it", async () => {
      const work = join(box.dir, "work");
      const made = await hmux(here, [
        "new",
        "pi",
        "--host",
        "box",
        "--name",
        "worker",
        "--isolate",
        "--endpoint",
        model.url,
        "--cwd",
        work,
      ]);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^worker /);

      const first = await remote();
      const seen: Ev[] = [];
      first.onEvent((_s, e) => seen.push(e as Ev));
      let dropped = "";
      first.onClose((why) => {
        dropped = why;
      });
      await first.request({ op: "attach", session: "worker" });
      await first.request({
        op: "input",
        session: "worker",
        line: { op: "send", id: "in-1", text: "[[bash:touch approved.txt && echo ran-approved]]" },
      });
      await until(() => seen.some((e) => e.kind === "approval-request"), 60_000);

      // The ssh child of this process, killed as a network drop would end it.
      const ssh = sshChildren(sshd.dir);
      expect(ssh).toHaveLength(1); // the only client connected yet
      process.kill(ssh[0]!, "SIGKILL");
      await until(() => dropped !== "", 20_000);
      expect(dropped).toContain("box");
      // The relay on the box saw its input end and left.
      await until(() => relays(box.dir).length === 0, 20_000);

      const [row] = await lsRows();
      expect(row).toMatchObject({ name: "worker", harness: "pi", pending: 1, lifecycle: "awaiting-approval" });

      const second = await remote();
      const again: Ev[] = [];
      second.onEvent((_s, e) => again.push(e as Ev));
      const attached = await second.request({ op: "attach", session: "worker" });
      expect(attached.replayed).toBeGreaterThan(0);
      // The replay comes in the reply; later events as event lines.
      again.unshift(...attached.events.map((e) => e as Ev));
      await until(() => again.some((e) => e.kind === "approval-request"));
      const ask = again.find((e) => e.kind === "approval-request")!;
      const callId = (ask.call as { callId: string }).callId;
      expect(seen.find((e) => e.kind === "approval-request")).toMatchObject({ call: { callId } });
      await second.request({
        op: "input",
        session: "worker",
        line: {
          format: "metaharness.command/1",
          id: "d-1",
          command: "tool.decide",
          call_id: callId,
          decision: { decision: "allow" },
        },
        as: "person",
      });
      await until(
        () => again.some((e) => e.kind === "tool" && e.phase === "result" && String(e.output).includes("ran-approved")),
        60_000,
      );
      const killed = await hmux(here, ["kill", "worker", "--host", "box"]);
      expect(killed.code, killed.stderr).toBe(0);
    });

    it("hmux inbox, decide and audit --host reach the box's server: its waiting call is listed, decided from here once, and audited as decided from here", async () => {
      const work = join(box.dir, "work");
      const made = await hmux(here, [
        "new",
        "pi",
        "--host",
        "box",
        "--name",
        "asked",
        "--isolate",
        "--endpoint",
        model.url,
        "--cwd",
        work,
        "--prompt",
        "[[bash:touch asked.txt]]",
      ]);
      expect(made.code, made.stderr).toBe(0);
      type Item = { kind: string; name: string; harness: string; callId?: string; subject: string };
      let item: Item | undefined;
      await untilAsync(async () => {
        const r = await hmux(here, ["inbox", "--host", "box", "--json"]);
        expect(r.code, r.stderr).toBe(0);
        const items = r.stdout
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Item);
        item = items.find((i) => i.name === "asked" && i.kind === "approval");
        return item !== undefined;
      }, 60_000);
      expect(item).toMatchObject({ harness: "pi", subject: expect.stringContaining("touch asked.txt") });
      const decided = await hmux(here, ["decide", "asked", item!.callId!, "allow", "--host", "box"]);
      expect(decided.code, decided.stderr).toBe(0);
      const late = await hmux(here, ["decide", "asked", item!.callId!, "deny", "--reason", "late", "--host", "box"]);
      expect(late.code).toBe(2);
      expect(late.stderr).toContain("already decided by person (hmux decide on");
      const audit = await hmux(here, ["audit", "asked", "--host", "box", "--json"]);
      expect(audit.code, audit.stderr).toBe(0);
      const entries = audit.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { callId: string; decision: string; decider: string; via?: string });
      expect(entries.find((e) => e.callId === item!.callId)).toMatchObject({
        decision: "allow",
        decider: "person",
        via: expect.stringMatching(/^hmux decide on /),
      });
      const killed = await hmux(here, ["kill", "asked", "--host", "box"]);
      expect(killed.code, killed.stderr).toBe(0);
    });

    it.skipIf(!HAVE_TMUX)(
      "hmux attach --host shows the box's session with its pending approval; a dropped connection detaches, saying so",
      async () => {
        const work = join(box.dir, "work");
        const made = await hmux(here, [
          "new",
          "pi",
          "--host",
          "box",
          "--name",
          "watched",
          "--isolate",
          "--endpoint",
          model.url,
          "--cwd",
          work,
          "--prompt",
          "[[bash:touch watched.txt && echo ran-watched]]",
        ]);
        expect(made.code, made.stderr).toBe(0);
        await untilAsync(async () => (await lsRows()).some((r) => r.name === "watched" && r.pending === 1), 60_000);

        const socket = `hmux-remote-${process.pid}`;
        const log = join(here.dir, "attach.log");
        const tui = tmuxDriver(socket, "remote", log);
        const sshBefore = new Set(sshChildren(sshd.dir));
        try {
          // The tmux server (and so the pane) gets the client's environment: its HOME, and ssh through the test's sshd.
          execFileSync(
            "tmux",
            [
              "-L",
              socket,
              "new-session",
              "-d",
              "-x",
              "160",
              "-y",
              "48",
              "-s",
              "remote",
              `'${process.execPath}' '${join(ROOT, "bin", "hmux.js")}' attach --host box -t watched 2>>'${log}'; echo "hmux exited $?"; sleep 600`,
            ],
            { env: { ...here.env, TERM: "xterm-256color" } },
          );
          const screen = await tui.waitFor(
            "the box's pane and its approval",
            (s) => s.includes("box:watched") && s.includes("touch watched.txt") && /awaiting approval/.test(s),
            60_000,
          );
          // The rail and the pane use the server's name, as `hmux ls --host box` does; the header adds
          // the harness that name does not say, at 80×24 and 50×20 too.
          expect(screen.split("\n")[0]).toMatch(/1:box:watched !/);
          expect(screen).toMatch(/1 box:watched · pi · /);
          for (const [x, y] of [
            ["80", "24"],
            ["50", "20"],
          ] as const) {
            tui.tmux("resize-window", "-t", "remote", "-x", x, "-y", y);
            await tui.waitFor(
              `the header at ${x}×${y}`,
              // Redrawn at that width: the header line ends in the pane's border again.
              (s) =>
                s.split("\n").some((l) => [...l].length <= Number(x) && /^[┃│]1 box:watched · pi\b.*[┃│]$/.test(l)),
              10_000,
            );
          }

          // The TUI's ssh, killed as a network drop would end it: the TUI leaves and says why.
          const ours = sshChildren(sshd.dir).filter((p) => !sshBefore.has(p));
          expect(ours).toHaveLength(1);
          process.kill(ours[0]!, "SIGKILL");
          // Not a quit: the TUI exits non-zero.
          await tui.waitFor("the TUI gone", (s) => s.includes("hmux exited 1"), 20_000);
          expect(readFileSync(log, "utf8")).toMatch(/the connection to box was lost .*hmux attach --host box/);
        } finally {
          tui.stop();
        }
        // Nothing ended on the box: the session waits there with its approval.
        const row = (await lsRows()).find((r) => r.name === "watched");
        expect(row).toMatchObject({ pending: 1, lifecycle: "awaiting-approval" });
        expect((await hmux(here, ["kill", "watched", "--host", "box"])).code).toBe(0);
      },
      180_000,
    );

    it("a client killed with SIGKILL takes its ssh with it, and the box's relay leaves", async () => {
      // tsx as a loader in this one process (its CLI would put the client in a child the kill misses).
      // Other cases' clients may still be connected: only this client's ssh and relay count.
      const sshBefore = new Set(sshChildren(sshd.dir));
      const relaysBefore = new Set(relays(box.dir));
      const ours = () => ({
        ssh: sshChildren(sshd.dir).filter((p) => !sshBefore.has(p)),
        relays: relays(box.dir).filter((p) => !relaysBefore.has(p)),
      });
      const child = spawn(
        process.execPath,
        ["--import", "tsx", join(import.meta.dirname, "helpers", "remote-client.ts"), "box"],
        { env: here.env, stdio: ["ignore", "pipe", "pipe"] },
      );
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      const exited = new Promise((r) => child.on("exit", r));
      try {
        await until(() => out.includes("connected to pid"), 60_000);
        expect(ours().ssh).toHaveLength(1);
        await until(() => ours().relays.length === 1, 20_000);
        child.kill("SIGKILL");
        await exited;
        await until(() => ours().ssh.length === 0, 20_000);
        await until(() => ours().relays.length === 0, 20_000);
      } finally {
        child.kill("SIGKILL");
      }
    });

    it("a remote hmux of another version is refused, naming the host and both versions", async () => {
      await expect(remote("0.0.1-old")).rejects.toMatchObject({
        code: "version-mismatch",
        message: expect.stringMatching(/^on box: .*0\.1\.0.*0\.0\.1-old/),
      });
    });

    it.each([
      ["box-nohmux", /box-nohmux has no hmux on the PATH/],
      ["box-stranger", /box-stranger refused the ssh login/],
      ["box-down", /box-down is down or unreachable over ssh.*Connection refused/],
    ])("hmux ls --host %s fails with exit 2 and says what is missing", async (host, message) => {
      const r = await hmux(here, ["ls", "--host", host]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain("hint:");
    });

    it("kill-server --host stops the box's server; a refusal and a hint from there name the box", async () => {
      const missing = await hmux(here, ["resume", "nobody-here", "--host", "box"]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('no session "nobody-here" on the hmux server on box');
      expect(missing.stderr).toContain("`hmux ls --host box`");
      const stopped = await hmux(here, ["kill-server", "--host", "box"]);
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stdout).toMatch(/^stopped the hmux server on box \(pid \d+\)/);
      // The box's server starts again for the attach, with nothing on it: the hint is a command for the box.
      const empty = await hmux(here, ["attach", "--host", "box"]);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain("no sessions on the hmux server on box");
      expect(empty.stderr).toContain("hint: start some: hmux --host box");
    });

    it("with sshd stopped, the box is down: exit 2 naming it", async () => {
      await sshd.stop();
      const r = await hmux(here, ["ls", "--host", "box"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/hmux ls: box is down or unreachable over ssh: .*Connection refused/);
    });
  },
);

const untilAsync = async (pred: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 250));
  }
};

const until = (pred: () => boolean, ms = 10_000) => pollUntil(pred, ms, 50);

/** Pids of processes whose command line contains `needle` (and, when given, whose environment contains `envNeedle`). */
function processes(needle: string, envNeedle?: string): number[] {
  const out: number[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (!cmd.includes(needle)) continue;
      if (envNeedle && !readFileSync(`/proc/${pid}/environ`, "utf8").includes(envNeedle)) continue;
      out.push(Number(pid));
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

/** The ssh client this process runs (its command line names this run's ssh config), not the leash that started it. */
const sshChildren = (sshdDir: string) =>
  processes(`-F ${sshdDir}/ssh_config`).filter((pid) => {
    let cmd: string[];
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    } catch {
      return false; // ended between the listing and this read (CI once saw exactly that: ENOENT)
    }
    return cmd[0] === "ssh" || cmd[0]?.endsWith("/ssh");
  });

/** `hmux server --stdio` relays on the box. */
const relays = (boxDir: string) => processes("server --stdio", boxDir);

/**
 * An ACP agent added by config works over `--host`: the box's user config names it (the SDK
 * stand-in), the client's knows nothing of it, and `hmux new --host box` starts a session of it on
 * the box's server, which reads its own registry (loadRegistry at its root); `hmux ls --host`
 * shows the agent's session idle after its turn. The client never checks the name itself.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../src/protocol/index.js";
import { sshdProblem, startSshd, type TestSshd } from "./helpers/sshd.js";
import { hmux, noneLeft, type Sandbox, sandbox } from "./session-live.js";

const ROOT = join(import.meta.dirname, "..", "..");
const STAND_IN = fileURLToPath(new URL("../support/acp-stand-in/stand-in-agent.mjs", import.meta.url));
const found = sshdProblem();
const skipReason = "problem" in found ? found.problem : null;

describe.skipIf(skipReason !== null)(
  `an ACP agent from the box's config, over --host${skipReason ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    let sshd: TestSshd;
    let box: Sandbox;
    let here: Sandbox;

    beforeAll(async () => {
      box = sandbox();
      here = sandbox();
      const bin = join(box.dir, "bin");
      mkdirSync(bin, { recursive: true });
      writeFileSync(
        join(bin, "hmux"),
        `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, "bin", "hmux.js")}' "$@"\n`,
      );
      chmodSync(join(bin, "hmux"), 0o755);
      const config = join(box.env.XDG_CONFIG_HOME!, "hmux");
      mkdirSync(config, { recursive: true, mode: 0o700 });
      writeFileSync(
        join(config, "config.json"),
        JSON.stringify({ version: 1, harnesses: { boxagent: { acp: { command: [process.execPath, STAND_IN] } } } }),
        { mode: 0o600 },
      );
      sshd = await startSshd((found as { sshd: string }).sshd, [
        { host: "box", env: { ...box.env, PATH: `${bin}:${box.env.PATH}` } },
      ]);
      here.env.HMUX_SSH_COMMAND = sshd.sshCommand;
      mkdirSync(join(box.dir, "work"), { recursive: true });
    });

    afterAll(async () => {
      if (box) {
        await hmux(box, ["kill-server"]);
        await noneLeft(box, 20_000);
      }
      await sshd?.stop();
      sshd?.remove();
      box?.remove();
      here?.remove();
    });

    it("hmux new --host starts it on the box's server, and hmux ls --host shows its session after the turn", async () => {
      const unknownHere = await hmux(here, ["run", "boxagent", "hello", "--json"]);
      expect(unknownHere.code).toBe(2);
      const made = await hmux(here, [
        "new",
        "boxagent",
        "--host",
        "box",
        "--name",
        "remote-acp",
        "--prompt",
        "hello",
        "--cwd",
        join(box.dir, "work"),
      ]);
      expect(made.code, `${made.stderr}\nsshd: ${sshd.log().slice(-1500)}`).toBe(0);
      const end = Date.now() + 60_000;
      let row: SessionSummary | undefined;
      while (Date.now() < end) {
        const ls = await hmux(here, ["ls", "--host", "box", "--json"]);
        row = ls.stdout
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as SessionSummary)
          .find((r) => r.name === "remote-acp");
        if (row?.lifecycle === "idle" && row.harnessSessionId) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(row).toMatchObject({
        harness: "boxagent",
        lifecycle: "idle",
        harnessSessionId: expect.stringMatching(/^stand-in-/),
      });
    }, 120_000);
  },
);

/**
 * A race outlives the server that ran it, as its sessions do: a real hmux server races mimic and
 * twin (two harnesses only a config file registers), mimic's first turn ends, twin's waits on an
 * approval, and the server is killed with SIGKILL. The next server has only the race's record, the
 * contestants' journals and their worktrees — and from them it scores the race (mimic finished,
 * twin's turn cut and said so), records the scorecard, and picks mimic as the winner.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CUT_TURN_MESSAGE } from "../../src/race/journaled-turn.js";
import { RaceStore } from "../../src/race/record.js";
import { ScorecardSchema } from "../../src/race/scorecard-schema.js";
import type { ServerClient } from "../../src/server/client.js";
import { MIMIC_PLUGIN } from "../support/fake-harness/adapter.js";
import { connectClient, serverSandbox, sessionEvents, stopServer } from "./helpers/server-live.js";
import { hmux, leftovers, noneLeft } from "./session-live.js";

const TWIN_PLUGIN = join(MIMIC_PLUGIN, "..", "twin-plugin.mjs");

describe("a race across a server kill -9", () => {
  it("is scored by the next server from its record, journals and worktrees, a cut turn said so, and its winner picked", async () => {
    const { box, work } = serverSandbox();
    const clients: ServerClient[] = [];
    try {
      const configDir = join(box.env.XDG_CONFIG_HOME!, "hmux");
      mkdirSync(configDir, { recursive: true, mode: 0o700 });
      writeFileSync(
        join(configDir, "config.json"),
        JSON.stringify({ version: 1, harnesses: { mimic: { module: MIMIC_PLUGIN }, twin: { module: TWIN_PLUGIN } } }),
        { mode: 0o600 },
      );
      const git = (...args: string[]) =>
        execFileSync("git", ["-C", work, "-c", "user.name=t", "-c", "user.email=t@hmux.invalid", ...args]);
      git("init", "-q", "-b", "main");
      git("commit", "-q", "--allow-empty", "-m", "base");

      expect((await hmux(box, ["server"])).code).toBe(0);
      const a = await connectClient(box);
      clients.push(a);
      const heard = sessionEvents(a);
      const started = await a.request({
        op: "race.start",
        cwd: work,
        harnesses: ["mimic", "twin"],
        prompt: "say hello",
        check: "true",
        name: "kept",
      });
      const session = (harness: string) => {
        const c = started.contestants.find((x) => x.harness === harness);
        if (!c?.session) throw new Error(`${harness} did not open: ${JSON.stringify(c)}`);
        return c.session.id;
      };
      const mimic = session("mimic");
      const twin = session("twin");
      for (const id of [mimic, twin]) await heard.attach(id);
      // Both ask for their Bash call; mimic's is allowed and its first turn ends, twin's stays waiting.
      const asked = await heard.next(mimic, (e) => e.kind === "approval-request");
      await heard.next(twin, (e) => e.kind === "approval-request");
      await a.request({
        op: "decide",
        session: mimic,
        call: (asked.call as { callId: string }).callId,
        decision: "allow",
        client: "race-restart-test",
      });
      await heard.next(mimic, (e) => e.kind === "done");
      await expect(a.request({ op: "race.score", race: "kept" })).rejects.toMatchObject({ code: "race-running" });

      process.kill(a.hello.pid, "SIGKILL");
      expect(await noneLeft(box, 20_000)).toEqual([]);
      a.close();

      // The next server: it never ran the race.
      expect((await hmux(box, ["server"])).code).toBe(0);
      const b = await connectClient(box);
      clients.push(b);
      expect(b.hello.pid).not.toBe(a.hello.pid);
      const scorecard = ScorecardSchema.parse((await b.request({ op: "race.score", race: "kept" })).scorecard);
      const [m, t] = scorecard.contestants;
      expect(m).toMatchObject({ harness: "mimic", outcome: { cause: "clean" }, check: { passed: true } });
      expect(m?.approvals.asked).toBe(1);
      expect(t).toMatchObject({
        harness: "twin",
        outcome: { cause: "crash", failure: { message: CUT_TURN_MESSAGE } },
        check: { passed: true },
      });
      expect(scorecard.summary.finished).toEqual(["mimic"]);
      expect(new RaceStore(box.env).read("kept").scorecard?.summary.finished).toEqual(["mimic"]);

      const picked = await b.request({ op: "race.pick", race: "kept", harness: "mimic" });
      expect(picked.text).toMatch(/^race kept: /);
      expect(new RaceStore(box.env).read("kept").picked).toBe("mimic");
    } finally {
      for (const client of clients) client.close();
      await stopServer(box);
      for (const line of await noneLeft(box)) process.kill(Number(line.split(" ")[0]), "SIGKILL");
      expect(leftovers(box)).toEqual([]);
      box.remove();
    }
  }, 120_000);
});

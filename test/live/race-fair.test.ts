/**
 * A race judged fairly, live: claude and pi race on the hmux server (the scripted model), each
 * gated, each asking once to run a command. A person answers pi at once and claude only after
 * several seconds. The server, from the control machine's timeline, leaves that wait out of
 * claude's wall time and shows it apart, so "fastest" ranks the contestants' own time, not how
 * fast the person answered.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "../../src/cli/main.js";
import type { SessionEvent } from "../../src/core/control/types.js";
import { systemClock } from "../../src/main/system-clock.js";
import type { Scorecard } from "../../src/race/scorecard-schema.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { ServerClient } from "../../src/server/client.js";
import { serverPaths } from "../../src/server/paths.js";
import { FAIR_RACE_CHECK, FAIR_RACE_PROMPT, fairRaceRepo, GIT_IDENTITY, SLOW_PERSON_MS } from "./helpers/fair-race.js";
import { stopServer } from "./helpers/server-live.js";
import { hmux, noneLeft, sandbox } from "./session-live.js";

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model.close();
});

describe("a race on the hmux server with a person approving slowly (scripted model)", () => {
  it("leaves the person's wait out of the wall time, shows it apart, and ranks by the contestants' own time", async () => {
    const box = sandbox();
    const repo = join(box.dir, "repo");
    Object.assign(box.env, GIT_IDENTITY);
    fairRaceRepo(repo, box.env);
    let client: ServerClient | undefined;
    try {
      const started = await hmux(box, ["server"]);
      expect(started.code, started.stderr).toBe(0);
      client = await ServerClient.connect(serverPaths(box.env), VERSION, systemClock);
      const c = client;
      const asked = new Map<string, { session: string; callId: string }>();
      c.onEvent((session, event) => {
        const e = event as SessionEvent;
        if (e.kind === "approval-request") asked.set(session, { session, callId: e.call.callId });
      });
      const reply = await c.request({
        op: "race.start",
        cwd: repo,
        harnesses: ["claude", "pi"],
        prompt: FAIR_RACE_PROMPT,
        check: FAIR_RACE_CHECK,
        name: "fair",
        options: { isolate: true, endpoint: model.url },
      });
      const sessions = Object.fromEntries(
        (reply.contestants as Array<{ harness: string; session?: { id: string } }>).map((x) => [
          x.harness,
          x.session!.id,
        ]),
      );
      for (const id of Object.values(sessions)) {
        // A call asked before the attach comes in its reply's replay.
        const attached = await c.request({ op: "attach", session: id });
        for (const e of (attached.events ?? []) as SessionEvent[])
          if (e.kind === "approval-request" && !asked.has(id)) asked.set(id, { session: id, callId: e.call.callId });
      }
      const decide = (session: string, callId: string) =>
        c.request({
          op: "input",
          session,
          line: {
            format: "metaharness.command/1",
            id: `d-${callId}`,
            command: "tool.decide",
            call_id: callId,
            decision: { decision: "allow" },
          },
        });
      const waitFor = async (session: string) => {
        const end = Date.now() + 90_000;
        while (!asked.has(session)) {
          if (Date.now() > end) throw new Error(`${session} never asked`);
          await new Promise((r) => setTimeout(r, 100));
        }
        return asked.get(session)!;
      };
      // pi is answered as soon as it asks; claude waits for a slow person.
      const pi = await waitFor(sessions.pi!);
      await decide(pi.session, pi.callId);
      const claude = await waitFor(sessions.claude!);
      await new Promise((r) => setTimeout(r, SLOW_PERSON_MS));
      await decide(claude.session, claude.callId);

      let card: Scorecard | undefined;
      const end = Date.now() + 120_000;
      while (!card) {
        try {
          card = (await c.request({ op: "race.score", race: "fair" })).scorecard as Scorecard;
        } catch (err) {
          if ((err as { code?: string }).code !== "race-running" || Date.now() > end) throw err;
          await new Promise((r) => setTimeout(r, 300));
        }
      }
      const by = Object.fromEntries(card.contestants.map((x) => [x.harness, x]));
      expect(card.summary.passed, JSON.stringify(card)).toEqual(["claude", "pi"]);
      // The slow person's wait is shown apart and is not in claude's own time.
      expect(by.claude!.personWaitMs).toBeGreaterThanOrEqual(SLOW_PERSON_MS - 200);
      expect(by.claude!.wallMs).toBeLessThan(by.claude!.personWaitMs!);
      expect(by.pi!.personWaitMs ?? 0).toBeLessThan(SLOW_PERSON_MS);
      // Fastest is whoever's own time is less, however long the person took.
      const own = [by.claude!, by.pi!].sort((x, y) => x.wallMs - y.wallMs);
      expect(card.summary.fastest).toContain(own[0]!.harness);
      // Each contestant's cost is in the scorecard: claude's own figure; pi's model has no price.
      expect(by.claude!.costUsd).toBeGreaterThan(0);
      expect(by.pi!).toMatchObject({ costUsd: null, costUnknown: true });
      // Both touched done.txt, the same empty file: their answers merge cleanly.
      expect(card.summary.overlap?.files).toEqual([{ path: "done.txt", contestants: ["claude", "pi"] }]);
      expect(card.summary.overlap?.merges).toEqual([{ contestants: ["claude", "pi"], clean: true, conflicts: [] }]);
    } finally {
      client?.close();
      await stopServer(box);
      expect(await noneLeft(box)).toEqual([]);
      box.remove();
    }
  }, 240_000);
});

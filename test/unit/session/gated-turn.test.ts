/**
 * One headless turn through a session channel (src/session/gated-turn.ts), on mimic (the test
 * harness speaking claude's control protocol) with real pipes: hmux's policy decides its call,
 * the stream ends in one `done` after the harness is gone, and a turn stopped before it started
 * spawns nothing.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registryWith } from "../../../src/adapters/registry.js";
import { makeClassifier } from "../../../src/core/control/policy.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { Spawner } from "../../../src/core/exec/ports.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { gatedTurn } from "../../../src/session/gated-turn.js";
import type { LaunchOptions } from "../../../src/session/launch.js";
import { nodeFileSystem } from "../../../src/spawn/fs.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";
import { MIMIC_SCRIPT, mimic } from "../../support/fake-harness/adapter.js";

const box = mkdtempSync(join(tmpdir(), "hmux-gated-turn-"));
afterAll(() => rmSync(box, { recursive: true, force: true }));
const work = join(box, "work");
mkdirSync(work);

function launch(allowCommands: string[]): LaunchOptions {
  return {
    harness: "mimic",
    registry: registryWith([mimic]),
    cwd: work,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: box },
    isolate: false,
    approvals: "deny",
    classify: makeClassifier({ allowCommands }, work),
    headlessDenyReason: "not on this box",
    binary: [process.execPath, MIMIC_SCRIPT],
  };
}

function counting(): { spawner: () => Spawner; spawned: () => number } {
  let n = 0;
  return {
    spawner: () => {
      const inner = createPipeSpawner();
      return { kind: inner.kind, spawn: (r) => (n++, inner.spawn(r)) };
    },
    spawned: () => n,
  };
}

async function all(events: AsyncIterable<SessionEvent>): Promise<SessionEvent[]> {
  const out: SessionEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

describe("a turn gated through the session channel", () => {
  it("denies the call the policy does not list, with the policy's reason, and ends in one done", async () => {
    const ports = counting();
    const events = await all(
      gatedTurn(
        { launch: launch([]), prompt: "hello", signal: new AbortController().signal },
        { spawner: ports.spawner, clock: systemClock, fs: nodeFileSystem },
      ),
    );
    const decided = events.find((e) => e.kind === "approval-disposition");
    expect(decided).toMatchObject({ decider: "policy", decision: { decision: "deny" } });
    expect(JSON.stringify(decided)).toContain("not on this box");
    expect(events.filter((e) => e.kind === "done")).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
    // Session framing stays inside: a turn's reader sees a turn.
    expect(events.some((e) => e.kind === "session" || e.kind === "closed" || e.kind === "turn")).toBe(false);
  });

  it("allows the call the policy lists", async () => {
    const ports = counting();
    const events = await all(
      gatedTurn(
        { launch: launch(["echo"]), prompt: "hello", signal: new AbortController().signal },
        { spawner: ports.spawner, clock: systemClock, fs: nodeFileSystem },
      ),
    );
    expect(events.find((e) => e.kind === "approval-disposition")).toMatchObject({
      decider: "policy",
      decision: { decision: "allow" },
    });
    expect(events.find((e) => e.kind === "tool" && e.phase === "result")).toMatchObject({ isError: false });
  });

  it("stopped before it started, spawns nothing and ends killed", async () => {
    const ports = counting();
    const stop = new AbortController();
    stop.abort();
    const events = await all(
      gatedTurn(
        { launch: launch([]), prompt: "hello", signal: stop.signal },
        { spawner: ports.spawner, clock: systemClock, fs: nodeFileSystem },
      ),
    );
    expect(events).toEqual([{ kind: "done", exitCode: null, cause: "killed" }]);
    expect(ports.spawned()).toBe(0);
  });
});

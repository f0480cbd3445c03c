import { describe, expect, it } from "vitest";
import type { Invocation } from "../../../src/adapters/adapter.js";
import { createDecoder, RECONNECT_GIVE_UP } from "../../../src/adapters/codex/decode.js";
import { hmuxExitCode } from "../../../src/core/conclude.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import { isRetryable } from "../../../src/core/events.js";
import { runTurn } from "../../../src/core/exec/run-turn.js";
import { FakeClock, FakeFs, FakeSpawner } from "./fakes.js";

const INVOCATION: Invocation = {
  argv: ["codex", "exec", "--json", "hi"],
  env: {},
  files: [],
  stdin: "close",
  transport: "pipe",
};
const NOTICE = `${JSON.stringify({
  type: "error",
  message: "Reconnecting... waiting for network (Connection failed: error sending request)",
})}\n`;
const tick = () => new Promise((r) => setTimeout(r, 0));

async function turnWithNotices(count: number, then?: string) {
  const spawner = new FakeSpawner();
  const events: HarnessEvent[] = [];
  const done = (async () => {
    for await (const e of runTurn(
      { spawner, clock: new FakeClock(), fs: new FakeFs() },
      { harness: "codex", plan: () => INVOCATION, createDecoder, cwd: "/", baseEnv: {} },
    ))
      events.push(e);
  })();
  for (let i = 0; i < 5; i++) await tick();
  const child = spawner.last;
  child.stdout(`${JSON.stringify({ type: "thread.started", thread_id: "t1" })}\n{"type":"turn.started"}\n`);
  for (let i = 0; i < count; i++) child.stdout(NOTICE);
  if (then) child.stdout(then);
  for (let i = 0; i < 5; i++) await tick();
  return { child, events, done };
}

describe("codex waiting for a network it cannot reach is given up on, as class network with the count", () => {
  it(`after ${RECONNECT_GIVE_UP} notices in a row hmux stops codex and the turn fails with network`, async () => {
    const { child, events, done } = await turnWithNotices(RECONNECT_GIVE_UP);
    expect(child.signals[0]).toBe("SIGTERM");
    await done;
    const end = events.at(-1);
    expect(end).toMatchObject({ kind: "done", cause: "failed", failure: { class: "network", retryable: true } });
    if (end?.kind !== "done") throw new Error("no done");
    expect(end.failure?.message).toContain(`${RECONNECT_GIVE_UP} reconnect attempts`);
    expect(hmuxExitCode(end)).toBe(1);
    expect(isRetryable("network")).toBe(true);
  });

  it("fewer notices leave codex running", async () => {
    const { child, done } = await turnWithNotices(RECONNECT_GIVE_UP - 1);
    expect(child.signals).toEqual([]);
    child.exit(0);
    await done;
  });

  it("a record that shows the turn moving resets the count", async () => {
    const moved = `${JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text: "x" } })}\n`;
    const { child, done } = await turnWithNotices(RECONNECT_GIVE_UP - 1, moved + NOTICE.repeat(RECONNECT_GIVE_UP - 1));
    expect(child.signals).toEqual([]);
    child.exit(0);
    await done;
  });
});

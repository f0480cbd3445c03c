/**
 * The ACP driver over real stdio, against a stand-in agent on the SDK's agent side
 * (test/support/acp-stand-in): the handshake, the update mapping, permission requests through
 * hmux's policy answered with the agent's own option ids, interrupt as session/cancel, resume by
 * session/load.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { kindIs, runAgent, scratch } from "./acp-fixture.js";

const place = scratch("hmux-acp-session-");
afterAll(() => place.remove());

const done = (e: SessionEvent) => e.kind === "done";

describe("an ACP agent's session", () => {
  it("opens the session in the worktree and advertises no fs or terminal capability", async () => {
    const run = await runAgent(place, { name: "standinopen" });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.close();
    const logged = run.logged();
    expect(logged.find((l) => l.newSession)).toEqual({ newSession: place.work });
    const init = logged.find((l) => l.initialize)?.initialize as Record<string, unknown>;
    const caps = init.clientCapabilities as Record<string, unknown>;
    expect(caps).toMatchObject({ fs: { readTextFile: false, writeTextFile: false }, terminal: false });
    // Nothing else is advertised as served.
    expect(JSON.stringify(caps)).not.toContain("true");
    expect(init.protocolVersion).toBe(1);
  });

  it("turns a prompt's updates into tokens, one streamed message, a plan, context and cost, then ends the turn", async () => {
    const run = await runAgent(place, { name: "standinhello" });
    await run.handle.send("s1", "hello");
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    const ev = run.events;
    expect(ev.find(kindIs("identity"))).toMatchObject({
      harness: "standinhello",
      sessionId: "stand-in-1",
      authority: "harness-minted",
    });
    expect(ev.filter(kindIs("token")).map((e) => e.text)).toEqual(["thinking", "Hello", " there"]);
    expect(ev.filter(kindIs("message"))).toEqual([
      { kind: "message", role: "assistant", text: "thinking", streamed: true, thinking: true },
      { kind: "message", role: "assistant", text: "Hello there", streamed: true },
    ]);
    expect(ev.find((e) => e.kind === "progress" && e.label === "plan")).toMatchObject({ detail: "[x] say hello" });
    expect(ev.find(kindIs("context"))).toEqual({ kind: "context", usedPct: 25 });
    expect(ev.find(kindIs("usage"))).toEqual({ kind: "usage", costUsd: 0.01 });
    expect(ev.find(done)).toMatchObject({ cause: "clean" });
  });

  it("carries every update sent before the prompt's reply into the turn, in order, before its end", async () => {
    const run = await runAgent(place, { name: "standinorder" });
    await run.handle.send("s1", "flood 400");
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    const kinds = run.events.map((e) => e.kind);
    expect(run.events.filter(kindIs("token"))).toHaveLength(400);
    expect(kinds.lastIndexOf("token")).toBeLessThan(kinds.indexOf("done"));
    expect(run.events.find(kindIs("message"))).toMatchObject({ text: ".".repeat(400) });
  });

  it("answers a call hmux's policy allows with the agent's allow_once option, never allow_always", async () => {
    const run = await runAgent(place, { name: "standinallow", allowCommands: ["echo"] });
    await run.handle.send("s1", "run echo hi");
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    expect(run.events.find(kindIs("approval-disposition"))).toMatchObject({
      decider: "policy",
      decision: { decision: "allow" },
    });
    expect(run.logged().find((l) => l.permission)?.outcome).toEqual({ outcome: "selected", optionId: "yes-once" });
    expect(run.events.find((e) => e.kind === "tool" && e.phase === "result")).toMatchObject({
      isError: false,
      output: "did run echo hi",
    });
  });

  it("answers a call the policy gates, headless, with the agent's reject_once option, and marks its result denied", async () => {
    const run = await runAgent(place, { name: "standindeny" });
    await run.handle.send("s1", "run rm -rf build");
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    const call = run.events.find((e) => e.kind === "tool" && e.phase === "call");
    expect(call).toMatchObject({ name: "run rm -rf build", canonical: "shell", input: { command: "rm -rf build" } });
    expect(run.events.find(kindIs("approval-disposition"))).toMatchObject({
      decider: "policy",
      decision: { decision: "deny" },
    });
    expect(run.logged().find((l) => l.permission)?.outcome).toEqual({ outcome: "selected", optionId: "no-once" });
    expect(run.events.find((e) => e.kind === "tool" && e.phase === "result")).toMatchObject({
      isError: true,
      denied: true,
    });
  });

  it("gates a permission for a path outside the workspace even where the tool is allowed, and rejects it headless", async () => {
    const run = await runAgent(place, { name: "standinoutside", allowTools: ["read"] });
    await run.handle.send("s1", "read /etc/passwd");
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    const decided = run.events.find(kindIs("approval-disposition"));
    expect(decided).toMatchObject({ decider: "policy", decision: { decision: "deny" } });
    expect(JSON.stringify(decided)).toContain("outside the workspace");
    expect(run.logged().find((l) => l.permission)?.outcome).toEqual({ outcome: "selected", optionId: "no-once" });
  });

  it("allows a read inside the workspace that the policy lists", async () => {
    const run = await runAgent(place, { name: "standininside", allowTools: ["read"] });
    await run.handle.send("s1", `read ${place.work}/notes.md`);
    await run.waitFor(done, "the turn's done");
    await run.handle.close();
    expect(run.logged().find((l) => l.permission)?.outcome).toEqual({ outcome: "selected", optionId: "yes-once" });
  });

  it("interrupts with session/cancel: a pending permission is answered cancelled and the session goes on", async () => {
    const run = await runAgent(place, { name: "standincancel", approvals: "ask" });
    await run.handle.send("s1", "wait");
    await run.waitFor(kindIs("approval-request"), "the permission request");
    const outcome = await run.handle.command({ id: "c1", command: "interrupt", reason: "the test stops it" });
    expect(outcome).toMatchObject({ result: "ok" });
    const ended = await run.waitFor(done, "the interrupted turn's done");
    expect(ended).toMatchObject({ cause: "interrupted" });
    expect(run.logged().find((l) => l.permission)?.outcome).toEqual({ outcome: "cancelled" });
    await run.handle.send("s2", "hello");
    await run.waitFor((e) => e.kind === "message" && e.text === "Hello there", "the next turn's message");
    const closed = await run.handle.close();
    expect(closed).toMatchObject({ cause: "clean" });
  });

  it("holds a send made during a turn and prompts it when the turn ends (ACP v1 has no steering)", async () => {
    const run = await runAgent(place, { name: "standinheld" });
    const first = run.handle.send("s1", "slow");
    const second = run.handle.send("s2", "hello");
    expect(await first).toMatchObject({ disposition: "started" });
    expect(await second).toMatchObject({ disposition: "started" });
    await run.waitFor((e) => e.kind === "message" && e.text === "Hello there", "the held send's reply");
    await run.waitFor(() => run.events.filter(done).length === 2, "both turns' done");
    await run.handle.close();
    const kinds = run.events.map((e) => (e.kind === "message" ? `message:${e.text.slice(0, 5)}` : e.kind));
    // The held prompt's reply comes after the first turn's end.
    expect(kinds.indexOf("message:Hello")).toBeGreaterThan(kinds.indexOf("done"));
    expect(run.events.filter(kindIs("turn"))).toHaveLength(2);
    // The agent saw one prompt at a time.
    expect(run.logged().filter((l) => l.promptStart || l.promptEnd)).toEqual([
      { promptStart: "slow" },
      { promptEnd: "slow" },
      { promptStart: "hello" },
      { promptEnd: "hello" },
    ]);
  });

  it("resumes by session/resume where the agent offers it, before session/load", async () => {
    const run = await runAgent(place, {
      name: "standinresume",
      resume: "stand-in-kept",
      env: { STAND_IN_RESUME: "1" },
    });
    const identity = await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.close();
    expect(identity).toMatchObject({ sessionId: "stand-in-kept" });
    expect(run.logged().filter((l) => l.resumeSession || l.loadSession)).toEqual([{ resumeSession: "stand-in-kept" }]);
  });

  it("resumes by session/load where the agent offers it, without showing the replayed updates again", async () => {
    const run = await runAgent(place, { name: "standinload", resume: "stand-in-earlier" });
    const identity = await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.close();
    expect(identity).toMatchObject({ sessionId: "stand-in-earlier" });
    expect(run.logged().find((l) => l.loadSession)).toEqual({ loadSession: "stand-in-earlier" });
    expect(run.events.some((e) => e.kind === "token")).toBe(false);
    expect(run.events.find((e) => e.kind === "progress" && e.detail?.includes("loaded session"))).toBeDefined();
  });
});

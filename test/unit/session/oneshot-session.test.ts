/**
 * The one-shot session runtime (muse, cursor: one process per turn) over a fake spawner that
 * replays recorded native streams through the real planners and decoders: resume by the id
 * the previous turn announced, the process session's framing, turn-in-progress rejection,
 * interrupt as a kill of the turn's group, start refusals, and question → answer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import {
  createOneShotSession,
  oneShotStartRefusals,
  TURN_IN_PROGRESS,
} from "../../../src/core/exec/oneshot-session.js";
import type { OneShotSessionPlan } from "../../../src/core/exec/oneshot-session-types.js";
import type { ApprovalMode } from "../../../src/core/exec/session-types.js";
import { composeAnswer } from "../../../src/core/question.js";
import { planOneShotSession } from "../../../src/session/launch-oneshot.js";

type OneShotHarness = "muse" | "cursor";

import { type FakeChild, FakeClock, FakeFs, FakeSpawner } from "../exec/fakes.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const MUSE = readFileSync(join(ROOT, "test/unit/decode/hcn-fixtures/harnesses/muse.ndjson"), "utf8");
const MUSE_ID = "96a95c12-5616-4cda-a47f-9fdc7b542c7c";
const CURSOR = readFileSync(join(ROOT, "test/fixtures/doc-derived/cursor/text.ndjson"), "utf8");
const CURSOR_ID = "5b0c1e2a-7d3f-4c1b-9a6e-2f8d4c3b1a00";
const QUESTION = "Which environment should deploy-target.txt name?";

/** The recorded muse turn with its final answer replaced by an hcn-question block. */
function museAsking(): string {
  const block =
    "```hcn-question\n" +
    JSON.stringify({ question: QUESTION, options: ["staging", "production"], recommended: "staging" }) +
    "\n```";
  return `${MUSE.split("\n")
    .filter(Boolean)
    .map((line) => {
      const record = JSON.parse(line) as { payload?: { kind?: string; text?: string } };
      if (record.payload?.kind === "run_terminal") record.payload.text = block;
      return JSON.stringify(record);
    })
    .join("\n")}\n`;
}

const flush = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Each spawn takes the next script: a stream to replay then exit 0, or `hold` (prints the stream's first lines and waits). */
type Script = { readonly stream: string; readonly hold?: boolean };

function setup(
  harness: OneShotHarness,
  scripts: Script[],
  over: { approvals?: ApprovalMode; escalateQuestions?: boolean; resume?: string } = {},
) {
  const spawner = new FakeSpawner((child: FakeChild) => {
    const script = scripts.shift() ?? { stream: "" };
    setTimeout(() => {
      if (script.hold) return child.stdout(`${script.stream.split("\n").slice(0, 3).join("\n")}\n`);
      child.stdout(script.stream);
      child.exit(0);
    }, 0);
  });
  const escalateQuestions = over.escalateQuestions ?? false;
  const base = planOneShotSession({
    adapter: builtinRegistry.get(harness),
    sessionId: "s1",
    cwd: "/work",
    env: { PATH: "/bin" },
    stateDir: "/state",
    isolate: false,
    escalateQuestions,
    binary: [harness === "muse" ? "/fake/muse" : "/fake/agent"],
    ...(over.resume ? { resume: over.resume } : {}),
  });
  const plan: OneShotSessionPlan = {
    ...base,
    sessionId: "s1",
    harness,
    origin: over.resume ? "resumed" : "fresh",
    escalateQuestions,
    approvals: over.approvals ?? "allow",
  };
  const events: SessionEvent[] = [];
  const journal: SessionEvent[] = [];
  const handle = createOneShotSession(plan, {
    spawner,
    clock: new FakeClock(),
    fs: new FakeFs(),
    record: (e) => journal.push(e),
  });
  handle.subscribe((e) => events.push(e));
  const argv = (n: number) => spawner.children[n]!.request.argv;
  const framing = () =>
    events.filter((e) => ["session", "turn", "disposition", "done", "closed", "command.result"].includes(e.kind));
  return { handle, spawner, events, journal, argv, framing };
}

describe("one-shot sessions (muse, cursor)", () => {
  it("the second turn resumes the id the first turn's identity announced", async () => {
    const s = setup("muse", [{ stream: MUSE }, { stream: MUSE }]);
    await s.handle.start();
    expect(await s.handle.send("a", "Reply with only: alpha")).toEqual({ disposition: "started" });
    await flush();
    expect(await s.handle.send("b", "again")).toEqual({ disposition: "started" });
    await flush();
    expect(s.argv(0)).not.toContain("--session-id");
    expect(s.argv(0).slice(0, 3)).toEqual(["/fake/muse", "exec", "--json"]);
    expect(s.argv(1).slice(0, 5)).toEqual(["/fake/muse", "exec", "--session-id", MUSE_ID, "--json"]);
    expect(s.argv(1).at(-1)).toBe("again");
    expect(s.handle.snapshot().harnessSessionId).toBe(MUSE_ID);
    await s.handle.close();
  });

  it("cursor's second turn resumes with --resume and the chat id from system/init", async () => {
    const s = setup("cursor", [{ stream: CURSOR }, { stream: CURSOR }]);
    await s.handle.start();
    await s.handle.send("a", "Reply with only: alpha");
    await flush();
    await s.handle.send("b", "again");
    await flush();
    expect(s.argv(0)).not.toContain("--resume");
    expect(s.argv(1).slice(0, 4)).toEqual(["/fake/agent", "-p", "--resume", CURSOR_ID]);
    expect(s.events.filter((e) => e.kind === "done").map((e) => (e as { cause: string }).cause)).toEqual([
      "clean",
      "clean",
    ]);
    await s.handle.close();
  });

  it("frames like the process session: session first, turn + events + done per send, one disposition per send, closed last", async () => {
    const s = setup("muse", [{ stream: MUSE }, { stream: MUSE }]);
    await s.handle.start();
    await s.handle.send("a", "one");
    await flush();
    await s.handle.send("b", "two");
    await flush();
    const closed = await s.handle.close();
    expect(closed).toMatchObject({ kind: "closed", cause: "clean" });
    expect(s.events[0]!.kind).toBe("session");
    expect(s.events.at(-1)!.kind).toBe("closed");
    expect(s.framing().map((e) => e.kind)).toEqual([
      "session",
      "turn",
      "disposition",
      "done",
      "turn",
      "disposition",
      "done",
      "closed",
    ]);
    expect(s.events.filter((e) => e.kind === "turn")).toEqual([
      { kind: "turn", turnId: "s1:turn-1", id: "a" },
      { kind: "turn", turnId: "s1:turn-2", id: "b" },
    ]);
    const turnAt = s.events.findIndex((e) => e.kind === "turn");
    const doneAt = s.events.findIndex((e) => e.kind === "done");
    expect(
      s.events.slice(turnAt, doneAt).some((e) => e.kind === "message" && e.role === "assistant" && e.text === "alpha"),
    ).toBe(true);
    expect(s.journal).toEqual(s.events);
  });

  it("a send while a turn runs is rejected as turn-in-progress and spawns nothing", async () => {
    const s = setup("muse", [{ stream: MUSE, hold: true }]);
    await s.handle.start();
    await s.handle.send("a", "one");
    await flush();
    expect(await s.handle.send("b", "two")).toEqual({ disposition: "rejected", reason: TURN_IN_PROGRESS });
    expect(s.events.filter((e) => e.kind === "disposition")).toEqual([
      { kind: "disposition", id: "a", disposition: "started" },
      { kind: "disposition", id: "b", disposition: "rejected", reason: TURN_IN_PROGRESS },
    ]);
    expect(s.spawner.children).toHaveLength(1);
    await s.handle.abort("killed");
  });

  it("interrupt kills the running turn's process group, and the next send resumes the same session", async () => {
    const s = setup("muse", [{ stream: MUSE, hold: true }, { stream: MUSE }]);
    await s.handle.start();
    await s.handle.send("a", "one");
    await flush();
    const outcome = await s.handle.command({ command: "interrupt", id: "i-1", reason: "wrong direction" });
    expect(outcome).toMatchObject({ result: "ok" });
    await flush();
    expect(s.spawner.children[0]!.signals).toContain("SIGTERM");
    expect(s.events.filter((e) => e.kind === "done").map((e) => (e as { cause: string }).cause)).toEqual([
      "interrupted",
    ]);
    expect(s.handle.snapshot().lifecycle).toBe("idle");
    expect(await s.handle.send("b", "two")).toEqual({ disposition: "started" });
    await flush();
    expect(s.argv(1)).toContain(MUSE_ID);
    expect(s.events.filter((e) => e.kind === "done").map((e) => (e as { cause: string }).cause)).toEqual([
      "interrupted",
      "clean",
    ]);
    await s.handle.close();
  });

  it("interrupt with no turn running is TOO_LATE and steer is UNSUPPORTED_CONTROL, as the control machine answers elsewhere", async () => {
    const s = setup("muse", []);
    await s.handle.start();
    const line = (id: string, command: string, extra: object) =>
      JSON.stringify({ format: "metaharness.command/1", id, command, ...extra });
    expect(await s.handle.handleLine(line("i-1", "interrupt", { reason: "x" }))).toMatchObject({
      kind: "command.result",
      id: "i-1",
      outcome: { refused: { code: "TOO_LATE" } },
    });
    expect(await s.handle.handleLine(line("st-1", "steer", { text: "x" }))).toMatchObject({
      outcome: { refused: { code: "UNSUPPORTED_CONTROL" } },
    });
    expect(await s.handle.handleLine(line("d-1", "tool.decide", { call_id: "c", decision: "allow" }))).toMatchObject({
      outcome: { refused: { code: "UNSUPPORTED_CONTROL" } },
    });
    expect(await s.handle.handleLine("{not json")).toMatchObject({ kind: "error" });
    await s.handle.close();
  });

  it("halt kills the running turn and closes the session, closed last", async () => {
    const s = setup("muse", [{ stream: MUSE, hold: true }]);
    await s.handle.start();
    await s.handle.send("a", "one");
    await flush();
    expect(await s.handle.command({ command: "halt", id: "h-1", reason: "stop" })).toMatchObject({ result: "ok" });
    const closed = await s.handle.closed;
    expect(closed.cause).toBe("killed");
    expect(s.spawner.children[0]!.signals).toContain("SIGTERM");
    expect(s.events.at(-1)!.kind).toBe("closed");
    expect(await s.handle.send("b", "two")).toMatchObject({ disposition: "rejected", reason: "closed" });
  });

  it.each(["ask", "deny"] as const)(
    "--approvals %s is refused at start naming tool.decide, before anything is spawned",
    async (approvals) => {
      const s = setup("muse", [], { approvals });
      await s.handle.start();
      expect(s.events[0]).toMatchObject({
        kind: "command.result",
        id: "start/tool.decide",
        outcome: { refused: { code: "UNSUPPORTED_CONTROL" } },
      });
      expect(s.events.map((e) => e.kind)).toEqual(["command.result", "failure", "closed"]);
      expect(await s.handle.closed).toMatchObject({ cause: "failed" });
      expect(s.spawner.children).toHaveLength(0);
    },
  );

  it.each(["allow", "frame"] as const)(
    "--approvals %s is not refused for the policy every session has: it decides only what a person would",
    (approvals) => {
      const session = builtinRegistry.get("muse").session;
      if (session?.kind !== "turn-per-process") throw new Error("muse runs one process per turn");
      const { channel } = session;
      const classify = () => ({ classification: "gated" as const, why: "not on the list" });
      expect(oneShotStartRefusals({ harness: "muse", channel, approvals, classify })).toEqual(
        oneShotStartRefusals({ harness: "muse", channel, approvals }),
      );
    },
  );

  it("a question turn ends awaiting-input and answer opens the next turn with the composed answer, resumed", async () => {
    const s = setup("muse", [{ stream: museAsking() }, { stream: MUSE }], { escalateQuestions: true });
    await s.handle.start();
    await s.handle.send("a", "write deploy-target.txt");
    await flush();
    expect(s.argv(0).at(-1)).toContain("[hmux question protocol]");
    expect(s.events.find((e) => e.kind === "question")).toMatchObject({
      question: QUESTION,
      options: ["staging", "production"],
    });
    expect(s.events.filter((e) => e.kind === "done").at(-1)).toMatchObject({ cause: "awaiting-input" });
    expect(s.handle.snapshot().lifecycle).toBe("awaiting-input");
    expect(await s.handle.answer("b", "staging")).toEqual({ disposition: "started" });
    await flush();
    expect(s.argv(1).at(-1)).toBe(composeAnswer(QUESTION, "staging"));
    expect(s.argv(1)).toContain(MUSE_ID);
    expect(s.events.filter((e) => e.kind === "turn").at(-1)).toEqual({ kind: "turn", turnId: "s1:turn-2", id: "b" });
    expect(await s.handle.answer("c", "again")).toMatchObject({ disposition: "rejected", reason: "no-open-question" });
    await s.handle.close();
  });

  it("a session resumed by the harness's own id continues it from the first turn", async () => {
    const s = setup("muse", [{ stream: MUSE }], { resume: MUSE_ID });
    await s.handle.start();
    expect(s.events[0]).toMatchObject({ kind: "session", origin: "resumed" });
    await s.handle.send("a", "continue");
    await flush();
    expect(s.argv(0).slice(1, 4)).toEqual(["exec", "--session-id", MUSE_ID]);
    await s.handle.close();
  });
});

/**
 * The live cases every pinned ACP agent passes through hmux's real path (issue 21, item 2): the
 * compiled hmux (`hmux run`, `hmux session --json`) with `--isolate --endpoint` on the scripted
 * model, inside the loopback-only namespace. Each test/live/acp-<agent>.test.ts calls it once.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelServer, startModelServer } from "../../../src/scripted-model/server.js";
import { decide, type Ev, hmux, noneLeft, sandbox, withLiveSession } from "../session-live.js";
import { unreadRequests } from "./isolated-cli.js";

export interface AcpAgentFacts {
  /**
   * The marker that makes a gated shell call: codex-acp asks only for an escalation out of its
   * sandbox (`[[escalate:…]]`), the others for any shell command (`[[bash:…]]`).
   */
  readonly gatedShell: "bash" | "escalate";
  /** What the agent does once hmux denied the call (docs/acp-agents.md). */
  readonly afterDeny: "model-goes-on" | "turn-ends" | "turn-cancelled";
}

/**
 * Bounds on a hang, not timings. On a loaded CI machine (2 cores, load ~10) a cold agent is many
 * times slower than on an idle one: opencode's plain turn took 39 s instead of 8.7 s, its handshake
 * 33 s. So one wait allows the largest handshake budget of a pinned agent (opencode's 120 s, the
 * first wait of a session includes it) and a slow turn after it, and a case several such waits.
 */
const EVENT_WAIT_MS = 180_000;
const CASE_MS = 600_000;

const isRequest = (e: Ev) => e.kind === "approval-request";
const callIdOf = (e: Ev) => (e.call as { callId: string }).callId;
const assistantText = (events: readonly Ev[]) =>
  events
    .filter((e) => e.kind === "message" && e.role === "assistant" && !e.thinking)
    .map((e) => String(e.text))
    .join("");

export function defineAcpAgentSuite(agent: string, facts: AcpAgentFacts): void {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(async () => {
    expect(unreadRequests(server.requests()), "requests the scripted model could not read").toEqual([]);
    await server.close();
  });
  const session = (body: Parameters<typeof withLiveSession>[3], prepare?: (work: string) => void) =>
    withLiveSession(agent, server.url, [], body, prepare);
  const shell = (command: string) => `[[${facts.gatedShell}:${command}]]`;

  describe(`${agent} (ACP): live against the scripted model`, { timeout: CASE_MS }, () => {
    it("hmux run: a plain turn streams the model's text and ends clean, leaving nothing running", async () => {
      const box = sandbox();
      try {
        const r = await hmux(box, [
          "run",
          agent,
          "[[say:plain-acp-answer]]",
          "--json",
          "--isolate",
          "--endpoint",
          server.url,
        ]);
        expect(r.code, r.stderr).toBe(0);
        const events = r.stdout
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as Ev);
        expect(events).toContainEqual(expect.objectContaining({ kind: "identity", harness: agent }));
        expect(assistantText(events)).toContain("plain-acp-answer");
        expect(events.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
        expect(await noneLeft(box)).toEqual([]);
      } finally {
        box.remove();
      }
    });

    it("a read inside the workspace runs (hmux's policy allows what the agent asks about) and its text reaches the model", async () => {
      await session(
        async (s, work) => {
          s.send("in-1", `[[read:${join(work, "notes.txt")}]]`);
          const done = await s.next((e) => e.kind === "done", EVENT_WAIT_MS);
          expect(done).toMatchObject({ cause: "clean" });
          // No person was asked: either the agent read without asking, or hmux's policy allowed it.
          expect(s.of("approval-disposition").every((e) => e.decider === "policy")).toBe(true);
          expect(server.requests().some((q) => JSON.stringify(q.body ?? "").includes("acp-read-contents-7f3a"))).toBe(
            true,
          );
        },
        (work) => writeFileSync(join(work, "notes.txt"), "acp-read-contents-7f3a\n"),
      );
    });

    it("a gated shell call denied does not run; asked again and allowed, it runs", async () => {
      await session(async (s, work) => {
        const before = server.requests().length;
        s.send("in-1", shell("touch gated-acp.txt"));
        const first = await s.next(isRequest, EVENT_WAIT_MS);
        decide(s, "d-1", callIdOf(first), { decision: "deny", reason: "not this time" });
        expect(
          await s.next((e) => e.kind === "approval-disposition" && e.callId === callIdOf(first), EVENT_WAIT_MS),
        ).toMatchObject({
          decider: "program",
          decision: { decision: "deny" },
        });
        const firstDone = await s.next((e) => e.kind === "done", EVENT_WAIT_MS);
        // Even an agent that cancels its own turn on a denial (codex-acp) ends it without hmux interrupting.
        expect(firstDone).toMatchObject({ cause: "clean" });
        const denied = await s.next(
          (e) => e.kind === "tool" && e.phase === "result" && e.callId === callIdOf(first),
          EVENT_WAIT_MS,
        );
        expect(denied).toMatchObject({ isError: true });
        expect(existsSync(join(work, "gated-acp.txt"))).toBe(false);
        // A model request after the tool round (reply #1 of the rule) is the model told of the denial.
        const modelRoundAfterDeny = server
          .requests()
          .slice(before)
          .some((q) => q.replyIndex === 1);
        expect(modelRoundAfterDeny).toBe(facts.afterDeny === "model-goes-on");

        const at = s.events.length;
        s.send("in-2", shell("touch gated-acp.txt"));
        const second = await s.next(isRequest, EVENT_WAIT_MS, at);
        decide(s, "d-2", callIdOf(second), { decision: "allow" });
        expect(await s.next((e) => e.kind === "done", EVENT_WAIT_MS, at)).toMatchObject({ cause: "clean" });
        expect(existsSync(join(work, "gated-acp.txt"))).toBe(true);
      });
    });

    it("a question block in the model's text becomes a question, and the answer goes back as the next turn", async () => {
      await session(async (s) => {
        s.send("in-1", "[[ask:Which colour?|red|blue]]");
        expect(await s.next((e) => e.kind === "question", EVENT_WAIT_MS)).toMatchObject({
          question: "Which colour?",
          options: ["red", "blue"],
        });
        await s.next((e) => e.kind === "done", EVENT_WAIT_MS);
        const at = s.events.length;
        s.line({ op: "answer", id: "a-1", text: "blue" });
        await s.next((e) => e.kind === "done", EVENT_WAIT_MS, at);
        expect(assistantText(s.events.slice(at))).toContain("Thanks for the answer");
        expect(server.requests().some((q) => q.lastUserText?.includes("blue"))).toBe(true);
      });
    });

    it("an interrupt mid-stream ends the turn as interrupted, and the session takes the next turn", async () => {
      await session(async (s) => {
        s.send("in-1", "[[slow:1200]] [[say:first ]] [[say:second ]] [[say:third ]] [[say:fourth ]] [[say:fifth]]");
        await s.next((e) => e.kind === "token" || (e.kind === "message" && e.role === "assistant"), EVENT_WAIT_MS);
        s.command("i-1", "interrupt", { reason: "stop streaming" });
        expect(await s.next((e) => e.kind === "command.result" && e.id === "i-1", EVENT_WAIT_MS)).toMatchObject({
          outcome: { result: "ok" },
        });
        expect(await s.next((e) => e.kind === "done", EVENT_WAIT_MS)).toMatchObject({ cause: "interrupted" });
        const at = s.events.length;
        s.send("in-2", "[[say:after-the-interrupt]]");
        expect(await s.next((e) => e.kind === "done", EVENT_WAIT_MS, at)).toMatchObject({ cause: "clean" });
        expect(assistantText(s.events.slice(at))).toContain("after-the-interrupt");
      });
    });
  });
}
